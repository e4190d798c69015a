#include "CNeuralNetKernels.h"

#include <stdint.h>
#include <string.h>

// Every operation is written out (fused multiply-adds explicitly): the compiler must not fuse
// a product and a sum on its own, or the instantiations would round differently.
#pragma STDC FP_CONTRACT OFF

// MARK: - Portable C (one lane), any CPU: the reference the fast instantiations are tested against.

static inline uint32_t portable_bits(float value) {
    uint32_t bits;
    memcpy(&bits, &value, sizeof bits);
    return bits;
}

static inline float portable_float(uint32_t bits) {
    float value;
    memcpy(&value, &bits, sizeof value);
    return value;
}

#define VECTOR float
#define LANES 1
#define NAME(name) portable_##name
#define KERNEL_ATTRIBUTES
#define V_LOAD(p) (*(p))
#define V_STORE(p, v) (*(p) = (v))
#define V_SET1(c) (c)
#define V_BROADCAST(p) (*(p))
#define V_ADD(a, b) ((a) + (b))
#define V_SUB(a, b) ((a) - (b))
#define V_MUL(a, b) ((a) * (b))
#define V_DIV(a, b) ((a) / (b))
#define V_FMADD(a, b, c) __builtin_fmaf((a), (b), (c))
#define V_FNMADD(a, b, c) __builtin_fmaf(-(a), (b), (c))
#define V_MAX(a, b) ((a) > (b) ? (a) : (b))
#define V_MIN(a, b) ((a) < (b) ? (a) : (b))
#define V_OR(a, b) portable_float(portable_bits(a) | portable_bits(b))
#define V_AND(a, b) portable_float(portable_bits(a) & portable_bits(b))
#define V_ANDNOT(a, b) portable_float(~portable_bits(a) & portable_bits(b))
#define V_SELECT_SIGN(clear, set, m) ((portable_bits(m) >> 31) ? (set) : (clear))
#define V_SELECT_LESS(x, y, less, otherwise) ((x) < (y) ? (less) : (otherwise))
#define V_POW2(shifted) portable_float((portable_bits(shifted) - (0x4B400000u - 127u)) << 23)
#include "_LSTMKernel.h"
#undef VECTOR
#undef LANES
#undef NAME
#undef KERNEL_ATTRIBUTES
#undef V_LOAD
#undef V_STORE
#undef V_SET1
#undef V_BROADCAST
#undef V_ADD
#undef V_SUB
#undef V_MUL
#undef V_DIV
#undef V_FMADD
#undef V_FNMADD
#undef V_MAX
#undef V_MIN
#undef V_OR
#undef V_AND
#undef V_ANDNOT
#undef V_SELECT_SIGN
#undef V_SELECT_LESS
#undef V_POW2

void odml_lstm_layer_inference_portable(const float *input, size_t steps, size_t input_size, size_t hidden_size,
                                        const float *weights, const float *bias, float *hidden, float *cell,
                                        float *gates, float *outputs) {
    portable_layer_inference(input, steps, input_size, hidden_size, weights, bias, hidden, cell, gates, outputs);
}

void odml_lstm_activations_portable(const float *x, float *sigmoid_output, float *tanh_output, size_t count) {
    portable_activations(x, sigmoid_output, tanh_output, count);
}

#if defined(__x86_64__)

// MARK: - AVX2 + FMA (8 lanes), chosen at run time.

#include <immintrin.h>

int odml_lstm_kernels_are_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

#define VECTOR __m256
#define LANES 8
#define NAME(name) avx2_##name
#define KERNEL_ATTRIBUTES __attribute__((target("avx2,fma")))
#define V_LOAD _mm256_loadu_ps
#define V_STORE _mm256_storeu_ps
#define V_SET1 _mm256_set1_ps
#define V_BROADCAST _mm256_broadcast_ss
#define V_ADD _mm256_add_ps
#define V_SUB _mm256_sub_ps
#define V_MUL _mm256_mul_ps
#define V_DIV _mm256_div_ps
#define V_FMADD _mm256_fmadd_ps
#define V_FNMADD _mm256_fnmadd_ps
#define V_MAX _mm256_max_ps
#define V_MIN _mm256_min_ps
#define V_OR _mm256_or_ps
#define V_AND _mm256_and_ps
#define V_ANDNOT _mm256_andnot_ps
#define V_SELECT_SIGN(clear, set, m) _mm256_blendv_ps((clear), (set), (m))
#define V_SELECT_LESS(x, y, less, otherwise) _mm256_blendv_ps((otherwise), (less), _mm256_cmp_ps((x), (y), _CMP_LT_OQ))
#define V_POW2(shifted) _mm256_castsi256_ps(_mm256_slli_epi32( \
    _mm256_sub_epi32(_mm256_castps_si256(shifted), _mm256_set1_epi32(0x4B400000 - 127)), 23))
#include "_LSTMKernel.h"

void odml_lstm_layer_inference(const float *input, size_t steps, size_t input_size, size_t hidden_size,
                               const float *weights, const float *bias, float *hidden, float *cell,
                               float *gates, float *outputs) {
    avx2_layer_inference(input, steps, input_size, hidden_size, weights, bias, hidden, cell, gates, outputs);
}

void odml_lstm_activations(const float *x, float *sigmoid_output, float *tanh_output, size_t count) {
    avx2_activations(x, sigmoid_output, tanh_output, count);
}

#elif defined(__aarch64__)

// MARK: - NEON (4 lanes), part of every arm64 CPU.

#include <arm_neon.h>

int odml_lstm_kernels_are_available(void) { return 1; }

#define VECTOR float32x4_t
#define LANES 4
#define NAME(name) neon_##name
#define KERNEL_ATTRIBUTES
#define V_LOAD vld1q_f32
#define V_STORE vst1q_f32
#define V_SET1 vdupq_n_f32
#define V_BROADCAST vld1q_dup_f32
#define V_ADD vaddq_f32
#define V_SUB vsubq_f32
#define V_MUL vmulq_f32
#define V_DIV vdivq_f32
#define V_FMADD(a, b, c) vfmaq_f32((c), (a), (b))
#define V_FNMADD(a, b, c) vfmsq_f32((c), (a), (b))
#define V_MAX(a, b) vbslq_f32(vcgtq_f32((a), (b)), (a), (b))
#define V_MIN(a, b) vbslq_f32(vcltq_f32((a), (b)), (a), (b))
#define V_OR(a, b) vreinterpretq_f32_u32(vorrq_u32(vreinterpretq_u32_f32(a), vreinterpretq_u32_f32(b)))
#define V_AND(a, b) vreinterpretq_f32_u32(vandq_u32(vreinterpretq_u32_f32(a), vreinterpretq_u32_f32(b)))
#define V_ANDNOT(a, b) vreinterpretq_f32_u32(vbicq_u32(vreinterpretq_u32_f32(b), vreinterpretq_u32_f32(a)))
#define V_SELECT_SIGN(clear, set, m) \
    vbslq_f32(vreinterpretq_u32_s32(vshrq_n_s32(vreinterpretq_s32_f32(m), 31)), (set), (clear))
#define V_SELECT_LESS(x, y, less, otherwise) vbslq_f32(vcltq_f32((x), (y)), (less), (otherwise))
#define V_POW2(shifted) vreinterpretq_f32_u32(vshlq_n_u32( \
    vsubq_u32(vreinterpretq_u32_f32(shifted), vdupq_n_u32(0x4B400000u - 127u)), 23))
#include "_LSTMKernel.h"

void odml_lstm_layer_inference(const float *input, size_t steps, size_t input_size, size_t hidden_size,
                               const float *weights, const float *bias, float *hidden, float *cell,
                               float *gates, float *outputs) {
    neon_layer_inference(input, steps, input_size, hidden_size, weights, bias, hidden, cell, gates, outputs);
}

void odml_lstm_activations(const float *x, float *sigmoid_output, float *tanh_output, size_t count) {
    neon_activations(x, sigmoid_output, tanh_output, count);
}

#else

// MARK: - Other CPUs: no fast instantiation; NeuralNet takes its BLAS path.

int odml_lstm_kernels_are_available(void) { return 0; }

void odml_lstm_layer_inference(const float *input, size_t steps, size_t input_size, size_t hidden_size,
                               const float *weights, const float *bias, float *hidden, float *cell,
                               float *gates, float *outputs) {
    portable_layer_inference(input, steps, input_size, hidden_size, weights, bias, hidden, cell, gates, outputs);
}

void odml_lstm_activations(const float *x, float *sigmoid_output, float *tanh_output, size_t count) {
    portable_activations(x, sigmoid_output, tanh_output, count);
}

#endif
