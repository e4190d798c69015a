// The buffer kernels of `odml_vector_kernels` (CTensorCoreKernels.h) for one instruction set:
// include after _VectorISABegin.h and _VectorActivations.h.
//
// Full blocks of WIDTH values go straight through; the last `count % WIDTH` values are copied to a
// zero-padded block, so every instantiation computes each value with the same operations.

/// Applies `BLOCK_FUNCTION(VECTOR *)` (BLOCKS vectors in place) to `count` values.
#define ODML_APPLY_BLOCKS(BLOCK_FUNCTION, input, output, count)                                     \
    do {                                                                                           \
        size_t k_ = 0;                                                                             \
        for (; k_ + WIDTH <= (count); k_ += WIDTH) {                                               \
            VECTOR v_[BLOCKS];                                                                     \
            EACH v_[b] = V_LOAD((input) + k_ + LANES * b);                                         \
            BLOCK_FUNCTION(v_);                                                                    \
            EACH V_STORE((output) + k_ + LANES * b, v_[b]);                                        \
        }                                                                                          \
        if (k_ < (count)) {                                                                        \
            float padded_[WIDTH] = {0};                                                            \
            memcpy(padded_, (input) + k_, ((count) - k_) * sizeof(float));                        \
            VECTOR v_[BLOCKS];                                                                     \
            EACH v_[b] = V_LOAD(padded_ + LANES * b);                                              \
            BLOCK_FUNCTION(v_);                                                                    \
            EACH V_STORE(padded_ + LANES * b, v_[b]);                                              \
            memcpy((output) + k_, padded_, ((count) - k_) * sizeof(float));                        \
        }                                                                                          \
    } while (0)

static inline KERNEL_ATTRIBUTES void NAME(clampedExponential)(VECTOR *x) {
    NAME(clampExponent)(x);
    NAME(exponential)(x);
}

static KERNEL_ATTRIBUTES void NAME(exp_buffer)(const float *input, float *output, size_t count) {
    ODML_APPLY_BLOCKS(NAME(clampedExponential), input, output, count);
}

static KERNEL_ATTRIBUTES void NAME(sigmoid_buffer)(const float *input, float *output, size_t count) {
    ODML_APPLY_BLOCKS(NAME(sigmoid), input, output, count);
}

static KERNEL_ATTRIBUTES void NAME(tanh_buffer)(const float *input, float *output, size_t count) {
    ODML_APPLY_BLOCKS(NAME(hyperbolicTangent), input, output, count);
}

/// The largest of `count` values: a vector maximum that skips NaN, and beside it Σ 0·x, which is
/// NaN only when some x is NaN or infinite (then the values are searched for a NaN).
static KERNEL_ATTRIBUTES float NAME(maximum_buffer)(const float *input, size_t count) {
    VECTOR best[BLOCKS], check[BLOCKS];
    const VECTOR zero = V_SET1(0.0f);
    EACH best[b] = V_SET1(-__builtin_inff()), check[b] = zero;
    size_t k = 0;
    for (; k + WIDTH <= count; k += WIDTH) {
        EACH {
            const VECTOR x = V_LOAD(input + k + LANES * b);
            best[b] = V_MAX(x, best[b]);
            check[b] = V_ADD(check[b], V_MUL(x, zero));
        }
    }
    float lanes[2][WIDTH];
    EACH V_STORE(lanes[0] + LANES * b, best[b]), V_STORE(lanes[1] + LANES * b, check[b]);
    float result = -__builtin_inff(), sum = 0;
    for (int lane = 0; lane < WIDTH; lane++) {
        if (lanes[0][lane] > result) result = lanes[0][lane];
        sum += lanes[1][lane];
    }
    for (; k < count; k++) {
        if (input[k] > result) result = input[k];
        sum += input[k] * 0.0f;
    }
    if (sum != sum) {
        for (size_t i = 0; i < count; i++) {
            if (input[i] != input[i]) return input[i];
        }
    }
    return result;
}

/// Σ e^(x - shift) over `count` values, writing e^(x - shift) to `output` when it is not NULL: 64
/// partial sums (value k into sum k mod 64) added pairwise at the end, the same in every
/// instantiation. A partial last chunk is padded with `shift` (e^0) and masked out of the sums.
static KERNEL_ATTRIBUTES float NAME(exponentialSum)(const float *input, float *output, size_t count, float shift) {
    enum { CHUNK = 64, VECTORS = CHUNK / LANES };
    VECTOR sums[VECTORS];
    const VECTOR shiftVector = V_SET1(shift);
    for (int v = 0; v < VECTORS; v++) sums[v] = V_SET1(0.0f);
    size_t k = 0;
    for (; k < count; k += CHUNK) {
        const size_t valid = count - k < CHUNK ? count - k : CHUNK;
        const float *source = input + k;
        float padded[CHUNK], mask[CHUNK];
        if (valid < CHUNK) {
            for (size_t lane = 0; lane < CHUNK; lane++) {
                padded[lane] = lane < valid ? source[lane] : shift;
                mask[lane] = odml_bits_float(lane < valid ? 0xFFFFFFFFu : 0u);
            }
            source = padded;
        }
        for (int group = 0; group < VECTORS; group += BLOCKS) {
            VECTOR x[BLOCKS];
            EACH x[b] = V_SUB(V_LOAD(source + LANES * (group + b)), shiftVector);
            NAME(clampExponent)(x);
            NAME(exponential)(x);
            if (valid < CHUNK) {
                EACH x[b] = V_AND(x[b], V_LOAD(mask + LANES * (group + b)));
                if (output) {
                    EACH V_STORE(padded + LANES * (group + b), x[b]);
                }
            } else if (output) {
                EACH V_STORE(output + k + LANES * (group + b), x[b]);
            }
            EACH sums[group + b] = V_ADD(sums[group + b], x[b]);
        }
        if (valid < CHUNK && output) memcpy(output + k, padded, valid * sizeof(float));
    }
    float partial[CHUNK];
    for (int v = 0; v < VECTORS; v++) V_STORE(partial + LANES * v, sums[v]);
    for (int width = CHUNK / 2; width >= 1; width /= 2) {
        for (int lane = 0; lane < width; lane++) partial[lane] += partial[lane + width];
    }
    return partial[0];
}

static KERNEL_ATTRIBUTES void NAME(softmax_buffer)(const float *input, float *output, size_t count) {
    if (count == 0) return;
    const float maximum = NAME(maximum_buffer)(input, count);
    const float total = NAME(exponentialSum)(input, output, count, maximum);
    const VECTOR scale = V_SET1(1.0f / total);
    size_t k = 0;
    for (; k + LANES <= count; k += LANES) V_STORE(output + k, V_MUL(V_LOAD(output + k), scale));
    for (; k < count; k++) output[k] *= 1.0f / total;
}

static KERNEL_ATTRIBUTES void NAME(log_softmax_buffer)(const float *input, float *output, size_t count) {
    if (count == 0) return;
    const float maximum = NAME(maximum_buffer)(input, count);
    const float offset = maximum + logf(NAME(exponentialSum)(input, NULL, count, maximum));
    const VECTOR offsetVector = V_SET1(offset);
    size_t k = 0;
    for (; k + LANES <= count; k += LANES) V_STORE(output + k, V_SUB(V_LOAD(input + k), offsetVector));
    for (; k < count; k++) output[k] = input[k] - offset;
}

static const odml_vector_kernels NAME(vector_kernels) = {
    NAME(exp_buffer), NAME(sigmoid_buffer), NAME(tanh_buffer), NAME(softmax_buffer), NAME(log_softmax_buffer),
    NAME(maximum_buffer),
};

#undef ODML_APPLY_BLOCKS
