#include "CNeuralNetKernels.h"

#if defined(__x86_64__)

#include <immintrin.h>
#include <string.h>

#define AVX2_FMA __attribute__((target("avx2,fma")))

int odml_lstm_kernels_are_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

/// e^x for 8 lanes: TensorCore's VectorMath expf with fused multiply-adds.
static inline AVX2_FMA __m256 exp8(__m256 x) {
    // min/max return their second operand for NaN, so NaN passes through the clamp.
    x = _mm256_min_ps(_mm256_set1_ps(88.37f), x);
    x = _mm256_max_ps(_mm256_set1_ps(-87.33654f), x);
    // n = round(x / ln 2) by adding and subtracting 1.5·2^23; r = x - n·ln 2 in two steps.
    const __m256 magic = _mm256_set1_ps(12582912.0f);
    const __m256 shifted = _mm256_fmadd_ps(x, _mm256_set1_ps(1.44269504f), magic);
    const __m256 n = _mm256_sub_ps(shifted, magic);
    __m256 r = _mm256_fnmadd_ps(n, _mm256_set1_ps(0.693359375f), x);
    r = _mm256_fmadd_ps(n, _mm256_set1_ps(2.1219444e-4f), r);
    // e^r ≈ 1 + r + r²·P(r), Cephes expf coefficients.
    __m256 p = _mm256_set1_ps(1.98756915e-4f);
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.39819995e-3f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(8.3334519e-3f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(4.1665796e-2f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.66666655e-1f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(5.0000001e-1f));
    const __m256 expR = _mm256_add_ps(_mm256_fmadd_ps(p, _mm256_mul_ps(r, r), r), _mm256_set1_ps(1.0f));
    // 2^n from the integer in the low mantissa bits of `shifted`.
    const __m256i biased = _mm256_sub_epi32(_mm256_castps_si256(shifted), _mm256_set1_epi32(0x4B400000 - 127));
    return _mm256_mul_ps(expR, _mm256_castsi256_ps(_mm256_slli_epi32(biased, 23)));
}

/// 1 / (1 + e^-x), as e^-|x| / (1 + e^-|x|) for x < 0; the rounding error of 1 + e^-|x| is
/// recovered exactly (Fast2Sum) and corrected for, so the error is that of e^-|x| and the division.
static inline AVX2_FMA __m256 sigmoid8(__m256 x) {
    const __m256 one = _mm256_set1_ps(1.0f);
    const __m256 e = exp8(_mm256_or_ps(x, _mm256_set1_ps(-0.0f)));  // e^-|x|
    const __m256 denominator = _mm256_add_ps(one, e);
    const __m256 lost = _mm256_sub_ps(e, _mm256_sub_ps(denominator, one));  // 1 + e - denominator, exactly
    const __m256 q = _mm256_div_ps(_mm256_blendv_ps(one, e, x), denominator);  // numerator e where x < 0
    // num / (denominator + lost) ≈ q·(1 - lost/denominator), with 1/denominator = q (x ≥ 0) or 1 - q (x < 0).
    const __m256 reciprocal = _mm256_blendv_ps(q, _mm256_sub_ps(one, q), x);
    return _mm256_fnmadd_ps(_mm256_mul_ps(q, lost), reciprocal, q);
}

/// tanh(x): sign(x)·(1 - 2 / (e^{2|x|} + 1)) for |x| ≥ 0.625, Cephes tanhf's x + x³·P(x²) below.
static inline AVX2_FMA __m256 tanh8(__m256 x) {
    const __m256 one = _mm256_set1_ps(1.0f), signBit = _mm256_set1_ps(-0.0f);
    const __m256 magnitude = _mm256_andnot_ps(signBit, x);
    const __m256 large = _mm256_sub_ps(one, _mm256_div_ps(_mm256_set1_ps(2.0f), _mm256_add_ps(exp8(_mm256_add_ps(magnitude, magnitude)), one)));
    const __m256 viaExp = _mm256_or_ps(large, _mm256_and_ps(signBit, x));
    const __m256 z = _mm256_mul_ps(x, x);
    __m256 p = _mm256_set1_ps(-5.70498872745e-3f);
    p = _mm256_fmadd_ps(p, z, _mm256_set1_ps(2.06390887954e-2f));
    p = _mm256_fmadd_ps(p, z, _mm256_set1_ps(-5.37397155531e-2f));
    p = _mm256_fmadd_ps(p, z, _mm256_set1_ps(1.33314422036e-1f));
    p = _mm256_fmadd_ps(p, z, _mm256_set1_ps(-3.33332819422e-1f));
    const __m256 viaPolynomial = _mm256_fmadd_ps(_mm256_mul_ps(p, z), x, x);
    return _mm256_blendv_ps(viaExp, viaPolynomial, _mm256_cmp_ps(magnitude, _mm256_set1_ps(0.625f), _CMP_LT_OQ));
}

/// y[0..<64] += Σ_k v[k]·w[k·ld + 0..<64]: eight accumulators, one broadcast per row.
static inline AVX2_FMA void multiplyAdd64(const float *w, size_t ld, const float *v, size_t rows, float *y) {
    __m256 a0 = _mm256_loadu_ps(y), a1 = _mm256_loadu_ps(y + 8), a2 = _mm256_loadu_ps(y + 16), a3 = _mm256_loadu_ps(y + 24);
    __m256 a4 = _mm256_loadu_ps(y + 32), a5 = _mm256_loadu_ps(y + 40), a6 = _mm256_loadu_ps(y + 48), a7 = _mm256_loadu_ps(y + 56);
    for (size_t k = 0; k < rows; k++, w += ld) {
        const __m256 b = _mm256_broadcast_ss(v + k);
        a0 = _mm256_fmadd_ps(b, _mm256_loadu_ps(w), a0);
        a1 = _mm256_fmadd_ps(b, _mm256_loadu_ps(w + 8), a1);
        a2 = _mm256_fmadd_ps(b, _mm256_loadu_ps(w + 16), a2);
        a3 = _mm256_fmadd_ps(b, _mm256_loadu_ps(w + 24), a3);
        a4 = _mm256_fmadd_ps(b, _mm256_loadu_ps(w + 32), a4);
        a5 = _mm256_fmadd_ps(b, _mm256_loadu_ps(w + 40), a5);
        a6 = _mm256_fmadd_ps(b, _mm256_loadu_ps(w + 48), a6);
        a7 = _mm256_fmadd_ps(b, _mm256_loadu_ps(w + 56), a7);
    }
    _mm256_storeu_ps(y, a0), _mm256_storeu_ps(y + 8, a1), _mm256_storeu_ps(y + 16, a2), _mm256_storeu_ps(y + 24, a3);
    _mm256_storeu_ps(y + 32, a4), _mm256_storeu_ps(y + 40, a5), _mm256_storeu_ps(y + 48, a6), _mm256_storeu_ps(y + 56, a7);
}

/// y[0..<columns] += Σ_k v[k]·w[k·ld + 0..<columns] (vᵀ·W for a row-major W).
static inline AVX2_FMA void multiplyAdd(const float *w, size_t ld, const float *v, size_t rows, size_t columns, float *y) {
    size_t j = 0;
    for (; j + 64 <= columns; j += 64) multiplyAdd64(w + j, ld, v, rows, y + j);
    for (; j + 8 <= columns; j += 8) {
        __m256 a = _mm256_loadu_ps(y + j);
        for (size_t k = 0; k < rows; k++) a = _mm256_fmadd_ps(_mm256_broadcast_ss(v + k), _mm256_loadu_ps(w + k * ld + j), a);
        _mm256_storeu_ps(y + j, a);
    }
    for (; j < columns; j++) {
        float sum = y[j];
        for (size_t k = 0; k < rows; k++) sum = __builtin_fmaf(v[k], w[k * ld + j], sum);
        y[j] = sum;
    }
}

/// The cell update for 8 units at `j`: activates the gates in place and updates `cell`, `hidden`.
static inline AVX2_FMA void cell8(const __m256 i, const __m256 f, const __m256 g, const __m256 o,
                                  const __m256 previousCell, __m256 *cell, __m256 *hidden) {
    const __m256 c = _mm256_fmadd_ps(sigmoid8(f), previousCell, _mm256_mul_ps(sigmoid8(i), tanh8(g)));
    *cell = c;
    *hidden = _mm256_mul_ps(sigmoid8(o), tanh8(c));
}

AVX2_FMA
void odml_lstm_layer_inference(const float *input, size_t steps, size_t input_size, size_t hidden_size,
                               const float *weights, const float *bias, float *hidden, float *cell,
                               float *gates, float *outputs) {
    const size_t h = hidden_size, gateCount = 4 * hidden_size;
    // Input projection of every step (independent steps, so the FMA units stay busy).
    for (size_t step = 0; step < steps; step++) {
        memcpy(gates + step * gateCount, bias, gateCount * sizeof(float));
        multiplyAdd(weights, gateCount, input + step * input_size, input_size, gateCount, gates + step * gateCount);
    }
    const float *recurrent = weights + input_size * gateCount;
    for (size_t step = 0; step < steps; step++) {
        float *g = gates + step * gateCount;
        multiplyAdd(recurrent, gateCount, hidden, h, gateCount, g);
        size_t j = 0;
        for (; j + 8 <= h; j += 8) {
            __m256 c, next;
            cell8(_mm256_loadu_ps(g + j), _mm256_loadu_ps(g + h + j), _mm256_loadu_ps(g + 2 * h + j),
                  _mm256_loadu_ps(g + 3 * h + j), _mm256_loadu_ps(cell + j), &c, &next);
            _mm256_storeu_ps(cell + j, c);
            _mm256_storeu_ps(hidden + j, next);
        }
        if (j < h) {
            // The last h % 8 units, zero-padded to a block.
            float block[6][8] = {{0}};
            const size_t tail = h - j;
            for (size_t lane = 0; lane < tail; lane++) {
                block[0][lane] = g[j + lane], block[1][lane] = g[h + j + lane];
                block[2][lane] = g[2 * h + j + lane], block[3][lane] = g[3 * h + j + lane];
                block[4][lane] = cell[j + lane];
            }
            __m256 c, next;
            cell8(_mm256_loadu_ps(block[0]), _mm256_loadu_ps(block[1]), _mm256_loadu_ps(block[2]),
                  _mm256_loadu_ps(block[3]), _mm256_loadu_ps(block[4]), &c, &next);
            _mm256_storeu_ps(block[4], c);
            _mm256_storeu_ps(block[5], next);
            for (size_t lane = 0; lane < tail; lane++) cell[j + lane] = block[4][lane], hidden[j + lane] = block[5][lane];
        }
        if (outputs) memcpy(outputs + step * h, hidden, h * sizeof(float));
    }
}

AVX2_FMA
void odml_lstm_activations(const float *x, float *sigmoid, float *tanh, size_t count) {
    size_t k = 0;
    for (; k + 8 <= count; k += 8) {
        const __m256 v = _mm256_loadu_ps(x + k);
        _mm256_storeu_ps(sigmoid + k, sigmoid8(v));
        _mm256_storeu_ps(tanh + k, tanh8(v));
    }
    if (k < count) {
        float block[3][8] = {{0}};
        for (size_t lane = 0; lane < count - k; lane++) block[0][lane] = x[k + lane];
        const __m256 v = _mm256_loadu_ps(block[0]);
        _mm256_storeu_ps(block[1], sigmoid8(v));
        _mm256_storeu_ps(block[2], tanh8(v));
        for (size_t lane = 0; lane < count - k; lane++) sigmoid[k + lane] = block[1][lane], tanh[k + lane] = block[2][lane];
    }
}

#else

int odml_lstm_kernels_are_available(void) { return 0; }

void odml_lstm_layer_inference(const float *input, size_t steps, size_t input_size, size_t hidden_size,
                               const float *weights, const float *bias, float *hidden, float *cell,
                               float *gates, float *outputs) {
    (void)input, (void)steps, (void)input_size, (void)hidden_size, (void)weights, (void)bias;
    (void)hidden, (void)cell, (void)gates, (void)outputs;
}

void odml_lstm_activations(const float *x, float *sigmoid, float *tanh, size_t count) {
    (void)x, (void)sigmoid, (void)tanh, (void)count;
}

#endif
