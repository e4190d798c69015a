#include "CNeuralNetKernels.h"

#if defined(__x86_64__)

#include <immintrin.h>
#include <string.h>

#define AVX2_FMA __attribute__((target("avx2,fma")))

int odml_lstm_kernels_are_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

// The activations work on BLOCKS vectors of 8 lanes at once, statement by statement, so that
// the independent exponentials and divisions of 32 units overlap (one vector at a time, the
// cell update was latency-bound: 1.9x slower).
#define BLOCKS 4
#define EACH for (int b = 0; b < BLOCKS; b++)

/// x = e^x for x in [-87.33654, 88.37] (or NaN): TensorCore's VectorMath expf (Cody–Waite
/// reduction, Cephes polynomial, 2^n from the exponent bits) with fused multiply-adds. Callers
/// clamp: min/max return their second operand for NaN, so `_mm256_min_ps(bound, x)` lets NaN through.
static inline AVX2_FMA void exponential(__m256 *x) {
    const __m256 magic = _mm256_set1_ps(12582912.0f);
    __m256 shifted[BLOCKS], n[BLOCKS], r[BLOCKS], p[BLOCKS];
    // n = round(x / ln 2) by adding and subtracting 1.5·2^23; r = x - n·ln 2 in two steps.
    EACH shifted[b] = _mm256_fmadd_ps(x[b], _mm256_set1_ps(1.44269504f), magic);
    EACH n[b] = _mm256_sub_ps(shifted[b], magic);
    EACH r[b] = _mm256_fnmadd_ps(n[b], _mm256_set1_ps(0.693359375f), x[b]);
    EACH r[b] = _mm256_fmadd_ps(n[b], _mm256_set1_ps(2.1219444e-4f), r[b]);
    // e^r ≈ 1 + r + r²·P(r), Cephes expf coefficients.
    EACH p[b] = _mm256_fmadd_ps(_mm256_set1_ps(1.98756915e-4f), r[b], _mm256_set1_ps(1.39819995e-3f));
    EACH p[b] = _mm256_fmadd_ps(p[b], r[b], _mm256_set1_ps(8.3334519e-3f));
    EACH p[b] = _mm256_fmadd_ps(p[b], r[b], _mm256_set1_ps(4.1665796e-2f));
    EACH p[b] = _mm256_fmadd_ps(p[b], r[b], _mm256_set1_ps(1.66666655e-1f));
    EACH p[b] = _mm256_fmadd_ps(p[b], r[b], _mm256_set1_ps(5.0000001e-1f));
    EACH p[b] = _mm256_add_ps(_mm256_fmadd_ps(p[b], _mm256_mul_ps(r[b], r[b]), r[b]), _mm256_set1_ps(1.0f));
    // 2^n from the integer in the low mantissa bits of `shifted`.
    EACH x[b] = _mm256_mul_ps(p[b], _mm256_castsi256_ps(_mm256_slli_epi32(
        _mm256_sub_epi32(_mm256_castps_si256(shifted[b]), _mm256_set1_epi32(0x4B400000 - 127)), 23)));
}

/// x = 1 / (1 + e^-x), as e^-|x| / (1 + e^-|x|) for x < 0; the rounding error of 1 + e^-|x| is
/// recovered exactly (Fast2Sum) and corrected for, so the error is that of e^-|x| and the division.
static inline AVX2_FMA void sigmoid(__m256 *x) {
    const __m256 one = _mm256_set1_ps(1.0f);
    __m256 e[BLOCKS], denominator[BLOCKS], q[BLOCKS];
    EACH e[b] = _mm256_max_ps(_mm256_set1_ps(-87.33654f), _mm256_or_ps(x[b], _mm256_set1_ps(-0.0f)));
    exponential(e);  // e^-|x|
    EACH denominator[b] = _mm256_add_ps(one, e[b]);
    EACH q[b] = _mm256_div_ps(_mm256_blendv_ps(one, e[b], x[b]), denominator[b]);  // numerator e^-|x| where x < 0
    EACH e[b] = _mm256_sub_ps(e[b], _mm256_sub_ps(denominator[b], one));  // 1 + e^-|x| - denominator, exactly
    // numerator / (denominator + lost) ≈ q·(1 - lost/denominator), with 1/denominator = q (x ≥ 0) or 1 - q (x < 0).
    EACH x[b] = _mm256_fnmadd_ps(_mm256_mul_ps(q[b], e[b]), _mm256_blendv_ps(q[b], _mm256_sub_ps(one, q[b]), x[b]), q[b]);
}

/// x = tanh(x): sign(x)·(1 - 2 / (e^{2|x|} + 1)) for |x| ≥ 0.625, Cephes tanhf's x + x³·P(x²) below.
static inline AVX2_FMA void hyperbolicTangent(__m256 *x) {
    const __m256 one = _mm256_set1_ps(1.0f), signBit = _mm256_set1_ps(-0.0f);
    __m256 magnitude[BLOCKS], e[BLOCKS], z[BLOCKS], p[BLOCKS];
    EACH magnitude[b] = _mm256_andnot_ps(signBit, x[b]);
    EACH e[b] = _mm256_min_ps(_mm256_set1_ps(88.37f), _mm256_add_ps(magnitude[b], magnitude[b]));
    exponential(e);
    EACH e[b] = _mm256_sub_ps(one, _mm256_div_ps(_mm256_set1_ps(2.0f), _mm256_add_ps(e[b], one)));
    EACH e[b] = _mm256_or_ps(e[b], _mm256_and_ps(signBit, x[b]));
    EACH z[b] = _mm256_mul_ps(x[b], x[b]);
    EACH p[b] = _mm256_fmadd_ps(_mm256_set1_ps(-5.70498872745e-3f), z[b], _mm256_set1_ps(2.06390887954e-2f));
    EACH p[b] = _mm256_fmadd_ps(p[b], z[b], _mm256_set1_ps(-5.37397155531e-2f));
    EACH p[b] = _mm256_fmadd_ps(p[b], z[b], _mm256_set1_ps(1.33314422036e-1f));
    EACH p[b] = _mm256_fmadd_ps(p[b], z[b], _mm256_set1_ps(-3.33332819422e-1f));
    EACH p[b] = _mm256_fmadd_ps(_mm256_mul_ps(p[b], z[b]), x[b], x[b]);
    EACH x[b] = _mm256_blendv_ps(e[b], p[b], _mm256_cmp_ps(magnitude[b], _mm256_set1_ps(0.625f), _CMP_LT_OQ));
}

/// The cell update of 8·BLOCKS units from their gate pre-activations (8·BLOCKS contiguous values
/// each): `c = σ(f)⊙c + σ(i)⊙tanh(g)`, `h = σ(o)⊙tanh(c)`.
static inline AVX2_FMA void cellUpdate(const float *gi, const float *gf, const float *gg, const float *go,
                                       float *cell, float *hidden) {
    __m256 i[BLOCKS], f[BLOCKS], g[BLOCKS], o[BLOCKS];
    EACH i[b] = _mm256_loadu_ps(gi + 8 * b), f[b] = _mm256_loadu_ps(gf + 8 * b);
    EACH g[b] = _mm256_loadu_ps(gg + 8 * b), o[b] = _mm256_loadu_ps(go + 8 * b);
    sigmoid(i);
    sigmoid(f);
    hyperbolicTangent(g);
    EACH f[b] = _mm256_fmadd_ps(f[b], _mm256_loadu_ps(cell + 8 * b), _mm256_mul_ps(i[b], g[b]));
    EACH _mm256_storeu_ps(cell + 8 * b, f[b]);
    sigmoid(o);
    hyperbolicTangent(f);
    EACH _mm256_storeu_ps(hidden + 8 * b, _mm256_mul_ps(o[b], f[b]));
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
        for (; j + 8 * BLOCKS <= h; j += 8 * BLOCKS) cellUpdate(g + j, g + h + j, g + 2 * h + j, g + 3 * h + j, cell + j, hidden + j);
        if (j < h) {
            // The last h % 32 units, zero-padded.
            float padded[6][8 * BLOCKS] = {{0}};
            const size_t tail = h - j;
            for (size_t lane = 0; lane < tail; lane++) {
                padded[0][lane] = g[j + lane], padded[1][lane] = g[h + j + lane];
                padded[2][lane] = g[2 * h + j + lane], padded[3][lane] = g[3 * h + j + lane];
                padded[4][lane] = cell[j + lane];
            }
            cellUpdate(padded[0], padded[1], padded[2], padded[3], padded[4], padded[5]);
            for (size_t lane = 0; lane < tail; lane++) cell[j + lane] = padded[4][lane], hidden[j + lane] = padded[5][lane];
        }
        if (outputs) memcpy(outputs + step * h, hidden, h * sizeof(float));
    }
}

AVX2_FMA
void odml_lstm_activations(const float *x, float *sigmoid_output, float *tanh_output, size_t count) {
    for (size_t k = 0; k < count; k += 8 * BLOCKS) {
        float padded[3][8 * BLOCKS] = {{0}};
        const size_t width = count - k < 8 * BLOCKS ? count - k : 8 * BLOCKS;
        memcpy(padded[0], x + k, width * sizeof(float));
        __m256 s[BLOCKS], t[BLOCKS];
        EACH s[b] = t[b] = _mm256_loadu_ps(padded[0] + 8 * b);
        sigmoid(s);
        hyperbolicTangent(t);
        EACH _mm256_storeu_ps(padded[1] + 8 * b, s[b]), _mm256_storeu_ps(padded[2] + 8 * b, t[b]);
        memcpy(sigmoid_output + k, padded[1], width * sizeof(float));
        memcpy(tanh_output + k, padded[2], width * sizeof(float));
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

void odml_lstm_activations(const float *x, float *sigmoid_output, float *tanh_output, size_t count) {
    (void)x, (void)sigmoid_output, (void)tanh_output, (void)count;
}

#endif
