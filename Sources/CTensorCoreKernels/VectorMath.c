#include "CTensorCoreKernels.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

// Every operation is written out (fused multiply-adds explicitly): the compiler must not fuse a
// product and a sum on its own, or the instantiations would round differently.
#pragma STDC FP_CONTRACT OFF

// MARK: - Portable C (one lane), any CPU: the reference the others are tested against.

#define ODML_VECTOR_ISA 0
#include "_VectorISABegin.h"
#include "_VectorActivations.h"
#include "_VectorMathKernel.h"
#include "_VectorActivationsEnd.h"
#include "_VectorISAEnd.h"
#undef ODML_VECTOR_ISA

#if defined(__x86_64__)

// MARK: - AVX2 + FMA (8 lanes) and AVX-512 (16 lanes), chosen at run time.

#define ODML_VECTOR_ISA 1
#include "_VectorISABegin.h"
#include "_VectorActivations.h"
#include "_VectorMathKernel.h"
#include "_VectorActivationsEnd.h"
#include "_VectorISAEnd.h"
#undef ODML_VECTOR_ISA

#define ODML_VECTOR_ISA 2
#include "_VectorISABegin.h"
#include "_VectorActivations.h"
#include "_VectorMathKernel.h"
#include "_VectorActivationsEnd.h"
#include "_VectorISAEnd.h"
#undef ODML_VECTOR_ISA

#elif defined(__aarch64__)

// MARK: - NEON (4 lanes), part of every arm64 CPU.

#define ODML_VECTOR_ISA 3
#include "_VectorISABegin.h"
#include "_VectorActivations.h"
#include "_VectorMathKernel.h"
#include "_VectorActivationsEnd.h"
#include "_VectorISAEnd.h"
#undef ODML_VECTOR_ISA

#endif

const odml_vector_kernels *odml_vector_kernels_for(odml_isa isa) {
    if (!odml_isa_is_supported(isa)) return NULL;
    switch (isa) {
    case ODML_ISA_PORTABLE: return &portable_vector_kernels;
#if defined(__x86_64__)
    case ODML_ISA_AVX2: return &avx2_vector_kernels;
    case ODML_ISA_AVX512: return &avx512_vector_kernels;
#elif defined(__aarch64__)
    case ODML_ISA_NEON: return &neon_vector_kernels;
#endif
    default: return NULL;
    }
}

const odml_vector_kernels *odml_vector_kernels_best(void) {
    static const odml_vector_kernels *best;
    const odml_vector_kernels *kernels = __atomic_load_n(&best, __ATOMIC_ACQUIRE);
    if (!kernels) {
        kernels = odml_vector_kernels_for(odml_isa_best());
        __atomic_store_n(&best, kernels, __ATOMIC_RELEASE);
    }
    return kernels;
}

void odml_vector_exp(const float *input, float *output, size_t count) { odml_vector_kernels_best()->exp(input, output, count); }

void odml_vector_sigmoid(const float *input, float *output, size_t count) {
    odml_vector_kernels_best()->sigmoid(input, output, count);
}

void odml_vector_tanh(const float *input, float *output, size_t count) { odml_vector_kernels_best()->tanh(input, output, count); }

void odml_vector_softmax(const float *input, float *output, size_t count) {
    odml_vector_kernels_best()->softmax(input, output, count);
}

void odml_vector_log_softmax(const float *input, float *output, size_t count) {
    odml_vector_kernels_best()->log_softmax(input, output, count);
}

float odml_vector_maximum(const float *input, size_t count) { return odml_vector_kernels_best()->maximum(input, count); }

// MARK: - Scaled sums in double precision

static void add_scaled_floats_portable(double *sum, const float *values, double scale, size_t count) {
    for (size_t i = 0; i < count; i++) sum[i] += scale * (double)values[i];
}

#if defined(__x86_64__)
#include <immintrin.h>

__attribute__((target("avx2")))
static void add_scaled_floats_avx2(double *sum, const float *values, double scale, size_t count) {
    const __m256d factor = _mm256_set1_pd(scale);
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        __m256d product = _mm256_mul_pd(factor, _mm256_cvtps_pd(_mm_loadu_ps(values + i)));
        _mm256_storeu_pd(sum + i, _mm256_add_pd(_mm256_loadu_pd(sum + i), product));
    }
    add_scaled_floats_portable(sum + i, values + i, scale, count - i);
}

__attribute__((target("avx512f")))
static void add_scaled_floats_avx512(double *sum, const float *values, double scale, size_t count) {
    const __m512d factor = _mm512_set1_pd(scale);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m512d product = _mm512_mul_pd(factor, _mm512_cvtps_pd(_mm256_loadu_ps(values + i)));
        _mm512_storeu_pd(sum + i, _mm512_add_pd(_mm512_loadu_pd(sum + i), product));
    }
    add_scaled_floats_portable(sum + i, values + i, scale, count - i);
}
#endif

static void add_scaled_floats(odml_isa isa, double *sum, const float *values, double scale, size_t count) {
    switch (isa) {
#if defined(__x86_64__)
    case ODML_ISA_AVX512: add_scaled_floats_avx512(sum, values, scale, count); return;
    case ODML_ISA_AVX2: add_scaled_floats_avx2(sum, values, scale, count); return;
#endif
    default: add_scaled_floats_portable(sum, values, scale, count); return;
    }
}

void odml_add_scaled_floats_in(odml_isa isa, double *sum, const float *values, double scale, size_t count) {
    add_scaled_floats(odml_isa_is_supported(isa) ? isa : ODML_ISA_PORTABLE, sum, values, scale, count);
}

void odml_add_scaled_floats(double *sum, const float *values, double scale, size_t count) {
    static int best = -1;
    int isa = __atomic_load_n(&best, __ATOMIC_RELAXED);
    if (isa < 0) {
        isa = (int)odml_isa_best();
        __atomic_store_n(&best, isa, __ATOMIC_RELAXED);
    }
    add_scaled_floats((odml_isa)isa, sum, values, scale, count);
}
