// The LSTM inference kernel, written once over a vector of LANES floats and instantiated by
// LSTMInference.c for each instruction set: AVX2 + FMA (8 lanes), NEON (4 lanes) and portable C
// (1 lane). Not a header of its own: include it after defining
//
//   VECTOR, LANES, NAME(name) (the prefix of the two entry points), KERNEL_ATTRIBUTES,
//   V_LOAD(p), V_STORE(p, v), V_SET1(c), V_BROADCAST(p),
//   V_ADD(a, b), V_SUB(a, b), V_MUL(a, b), V_DIV(a, b),
//   V_FMADD(a, b, c) = a·b + c and V_FNMADD(a, b, c) = c - a·b, each rounded once,
//   V_MAX(a, b) = a > b ? a : b and V_MIN(a, b) = a < b ? a : b (the second operand for NaN, as
//   x86's maxps/minps), V_OR, V_AND, V_ANDNOT(a, b) = ~a & b (on the bits),
//   V_SELECT_SIGN(clear, set, m) = the sign bit of m set ? set : clear,
//   V_SELECT_LESS(x, y, less, otherwise) = x < y ? less : otherwise (ordered: NaN → otherwise),
//   V_POW2(shifted) = 2^n from the integer n held in the low mantissa bits of shifted (see below).
//
// Every lane goes through the same IEEE single-precision operations in the same order whatever
// LANES is, so the three instantiations give bit-identical results on finite inputs (a NaN stays
// NaN, its sign bit may differ); the tests hold the fast ones to that against the portable one.

// The activations work on BLOCKS vectors at once, statement by statement, so that the independent
// exponentials and divisions of BLOCKS·LANES units overlap (one vector at a time, the AVX2 cell
// update was latency-bound: 1.9x slower).
#define BLOCKS 4
#define EACH for (int b = 0; b < BLOCKS; b++)
#define WIDTH (LANES * BLOCKS)

/// x = e^x for x in [-87.33654, 88.37] (or NaN): TensorCore's VectorMath expf (Cody–Waite
/// reduction, Cephes polynomial, 2^n from the exponent bits) with fused multiply-adds. Callers
/// clamp: V_MIN/V_MAX return their second operand for NaN, so `V_MIN(bound, x)` lets NaN through.
static inline KERNEL_ATTRIBUTES void NAME(exponential)(VECTOR *x) {
    const VECTOR magic = V_SET1(12582912.0f);
    VECTOR shifted[BLOCKS], n[BLOCKS], r[BLOCKS], p[BLOCKS];
    // n = round(x / ln 2) by adding and subtracting 1.5·2^23; r = x - n·ln 2 in two steps.
    EACH shifted[b] = V_FMADD(x[b], V_SET1(1.44269504f), magic);
    EACH n[b] = V_SUB(shifted[b], magic);
    EACH r[b] = V_FNMADD(n[b], V_SET1(0.693359375f), x[b]);
    EACH r[b] = V_FMADD(n[b], V_SET1(2.1219444e-4f), r[b]);
    // e^r ≈ 1 + r + r²·P(r), Cephes expf coefficients.
    EACH p[b] = V_FMADD(V_SET1(1.98756915e-4f), r[b], V_SET1(1.39819995e-3f));
    EACH p[b] = V_FMADD(p[b], r[b], V_SET1(8.3334519e-3f));
    EACH p[b] = V_FMADD(p[b], r[b], V_SET1(4.1665796e-2f));
    EACH p[b] = V_FMADD(p[b], r[b], V_SET1(1.66666655e-1f));
    EACH p[b] = V_FMADD(p[b], r[b], V_SET1(5.0000001e-1f));
    EACH p[b] = V_ADD(V_FMADD(p[b], V_MUL(r[b], r[b]), r[b]), V_SET1(1.0f));
    // 2^n from the integer in the low mantissa bits of `shifted`.
    EACH x[b] = V_MUL(p[b], V_POW2(shifted[b]));
}

/// x = 1 / (1 + e^-x), as e^-|x| / (1 + e^-|x|) for x < 0; the rounding error of 1 + e^-|x| is
/// recovered exactly (Fast2Sum) and corrected for, so the error is that of e^-|x| and the division.
static inline KERNEL_ATTRIBUTES void NAME(sigmoid)(VECTOR *x) {
    const VECTOR one = V_SET1(1.0f);
    VECTOR e[BLOCKS], denominator[BLOCKS], q[BLOCKS];
    EACH e[b] = V_MAX(V_SET1(-87.33654f), V_OR(x[b], V_SET1(-0.0f)));
    NAME(exponential)(e);  // e^-|x|
    EACH denominator[b] = V_ADD(one, e[b]);
    EACH q[b] = V_DIV(V_SELECT_SIGN(one, e[b], x[b]), denominator[b]);  // numerator e^-|x| where x < 0
    EACH e[b] = V_SUB(e[b], V_SUB(denominator[b], one));  // 1 + e^-|x| - denominator, exactly
    // numerator / (denominator + lost) ≈ q·(1 - lost/denominator), with 1/denominator = q (x ≥ 0) or 1 - q (x < 0).
    EACH x[b] = V_FNMADD(V_MUL(q[b], e[b]), V_SELECT_SIGN(q[b], V_SUB(one, q[b]), x[b]), q[b]);
}

/// x = tanh(x): sign(x)·(1 - 2 / (e^{2|x|} + 1)) for |x| ≥ 0.625, Cephes tanhf's x + x³·P(x²) below.
static inline KERNEL_ATTRIBUTES void NAME(hyperbolicTangent)(VECTOR *x) {
    const VECTOR one = V_SET1(1.0f), signBit = V_SET1(-0.0f);
    VECTOR magnitude[BLOCKS], e[BLOCKS], z[BLOCKS], p[BLOCKS];
    EACH magnitude[b] = V_ANDNOT(signBit, x[b]);
    EACH e[b] = V_MIN(V_SET1(88.37f), V_ADD(magnitude[b], magnitude[b]));
    NAME(exponential)(e);
    EACH e[b] = V_SUB(one, V_DIV(V_SET1(2.0f), V_ADD(e[b], one)));
    EACH e[b] = V_OR(e[b], V_AND(signBit, x[b]));
    EACH z[b] = V_MUL(x[b], x[b]);
    EACH p[b] = V_FMADD(V_SET1(-5.70498872745e-3f), z[b], V_SET1(2.06390887954e-2f));
    EACH p[b] = V_FMADD(p[b], z[b], V_SET1(-5.37397155531e-2f));
    EACH p[b] = V_FMADD(p[b], z[b], V_SET1(1.33314422036e-1f));
    EACH p[b] = V_FMADD(p[b], z[b], V_SET1(-3.33332819422e-1f));
    EACH p[b] = V_FMADD(V_MUL(p[b], z[b]), x[b], x[b]);
    EACH x[b] = V_SELECT_LESS(magnitude[b], V_SET1(0.625f), p[b], e[b]);
}

/// The cell update of WIDTH units from their gate pre-activations (WIDTH contiguous values each):
/// `c = σ(f)⊙c + σ(i)⊙tanh(g)`, `h = σ(o)⊙tanh(c)`.
static inline KERNEL_ATTRIBUTES void NAME(cellUpdate)(const float *gi, const float *gf, const float *gg, const float *go,
                                                      float *cell, float *hidden) {
    VECTOR i[BLOCKS], f[BLOCKS], g[BLOCKS], o[BLOCKS];
    EACH i[b] = V_LOAD(gi + LANES * b), f[b] = V_LOAD(gf + LANES * b);
    EACH g[b] = V_LOAD(gg + LANES * b), o[b] = V_LOAD(go + LANES * b);
    NAME(sigmoid)(i);
    NAME(sigmoid)(f);
    NAME(hyperbolicTangent)(g);
    EACH f[b] = V_FMADD(f[b], V_LOAD(cell + LANES * b), V_MUL(i[b], g[b]));
    EACH V_STORE(cell + LANES * b, f[b]);
    NAME(sigmoid)(o);
    NAME(hyperbolicTangent)(f);
    EACH V_STORE(hidden + LANES * b, V_MUL(o[b], f[b]));
}

/// y[0..<8·LANES] += Σ_k v[k]·w[k·ld + 0..<8·LANES]: eight accumulators, one broadcast per row.
static inline KERNEL_ATTRIBUTES void NAME(multiplyAddBlock)(const float *w, size_t ld, const float *v, size_t rows, float *y) {
    VECTOR a0 = V_LOAD(y), a1 = V_LOAD(y + LANES), a2 = V_LOAD(y + 2 * LANES), a3 = V_LOAD(y + 3 * LANES);
    VECTOR a4 = V_LOAD(y + 4 * LANES), a5 = V_LOAD(y + 5 * LANES), a6 = V_LOAD(y + 6 * LANES), a7 = V_LOAD(y + 7 * LANES);
    for (size_t k = 0; k < rows; k++, w += ld) {
        const VECTOR b = V_BROADCAST(v + k);
        a0 = V_FMADD(b, V_LOAD(w), a0);
        a1 = V_FMADD(b, V_LOAD(w + LANES), a1);
        a2 = V_FMADD(b, V_LOAD(w + 2 * LANES), a2);
        a3 = V_FMADD(b, V_LOAD(w + 3 * LANES), a3);
        a4 = V_FMADD(b, V_LOAD(w + 4 * LANES), a4);
        a5 = V_FMADD(b, V_LOAD(w + 5 * LANES), a5);
        a6 = V_FMADD(b, V_LOAD(w + 6 * LANES), a6);
        a7 = V_FMADD(b, V_LOAD(w + 7 * LANES), a7);
    }
    V_STORE(y, a0), V_STORE(y + LANES, a1), V_STORE(y + 2 * LANES, a2), V_STORE(y + 3 * LANES, a3);
    V_STORE(y + 4 * LANES, a4), V_STORE(y + 5 * LANES, a5), V_STORE(y + 6 * LANES, a6), V_STORE(y + 7 * LANES, a7);
}

/// y[0..<columns] += Σ_k v[k]·w[k·ld + 0..<columns] (vᵀ·W for a row-major W). Each y[j] is one
/// chain of fused multiply-adds over k in order, whatever the blocking.
static inline KERNEL_ATTRIBUTES void NAME(multiplyAdd)(const float *w, size_t ld, const float *v, size_t rows, size_t columns,
                                                       float *y) {
    size_t j = 0;
    for (; j + 8 * LANES <= columns; j += 8 * LANES) NAME(multiplyAddBlock)(w + j, ld, v, rows, y + j);
    for (; j + LANES <= columns; j += LANES) {
        VECTOR a = V_LOAD(y + j);
        for (size_t k = 0; k < rows; k++) a = V_FMADD(V_BROADCAST(v + k), V_LOAD(w + k * ld + j), a);
        V_STORE(y + j, a);
    }
    for (; j < columns; j++) {
        float sum = y[j];
        for (size_t k = 0; k < rows; k++) sum = __builtin_fmaf(v[k], w[k * ld + j], sum);
        y[j] = sum;
    }
}

/// `odml_lstm_layer_inference` (CNeuralNetKernels.h) on this instruction set.
static KERNEL_ATTRIBUTES void NAME(layer_inference)(const float *input, size_t steps, size_t input_size, size_t hidden_size,
                                                    const float *weights, const float *bias, float *hidden, float *cell,
                                                    float *gates, float *outputs) {
    const size_t h = hidden_size, gateCount = 4 * hidden_size;
    // Input projection of every step (independent steps, so the FMA units stay busy).
    for (size_t step = 0; step < steps; step++) {
        memcpy(gates + step * gateCount, bias, gateCount * sizeof(float));
        NAME(multiplyAdd)(weights, gateCount, input + step * input_size, input_size, gateCount, gates + step * gateCount);
    }
    const float *recurrent = weights + input_size * gateCount;
    for (size_t step = 0; step < steps; step++) {
        float *g = gates + step * gateCount;
        NAME(multiplyAdd)(recurrent, gateCount, hidden, h, gateCount, g);
        size_t j = 0;
        for (; j + WIDTH <= h; j += WIDTH) NAME(cellUpdate)(g + j, g + h + j, g + 2 * h + j, g + 3 * h + j, cell + j, hidden + j);
        if (j < h) {
            // The last h % WIDTH units, zero-padded.
            float padded[6][WIDTH] = {{0}};
            const size_t tail = h - j;
            for (size_t lane = 0; lane < tail; lane++) {
                padded[0][lane] = g[j + lane], padded[1][lane] = g[h + j + lane];
                padded[2][lane] = g[2 * h + j + lane], padded[3][lane] = g[3 * h + j + lane];
                padded[4][lane] = cell[j + lane];
            }
            NAME(cellUpdate)(padded[0], padded[1], padded[2], padded[3], padded[4], padded[5]);
            for (size_t lane = 0; lane < tail; lane++) cell[j + lane] = padded[4][lane], hidden[j + lane] = padded[5][lane];
        }
        if (outputs) memcpy(outputs + step * h, hidden, h * sizeof(float));
    }
}

/// `odml_lstm_activations` (CNeuralNetKernels.h) on this instruction set.
static KERNEL_ATTRIBUTES void NAME(activations)(const float *x, float *sigmoid_output, float *tanh_output, size_t count) {
    for (size_t k = 0; k < count; k += WIDTH) {
        float padded[3][WIDTH] = {{0}};
        const size_t width = count - k < WIDTH ? count - k : WIDTH;
        memcpy(padded[0], x + k, width * sizeof(float));
        VECTOR s[BLOCKS], t[BLOCKS];
        EACH s[b] = t[b] = V_LOAD(padded[0] + LANES * b);
        NAME(sigmoid)(s);
        NAME(hyperbolicTangent)(t);
        EACH V_STORE(padded[1] + LANES * b, s[b]), V_STORE(padded[2] + LANES * b, t[b]);
        memcpy(sigmoid_output + k, padded[1], width * sizeof(float));
        memcpy(tanh_output + k, padded[2], width * sizeof(float));
    }
}

#undef BLOCKS
#undef EACH
#undef WIDTH
