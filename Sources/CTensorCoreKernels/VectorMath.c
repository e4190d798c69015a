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
