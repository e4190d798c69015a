#include "CNeuralNetKernels.h"

#include <stdint.h>
#include <string.h>

// Every operation is written out (fused multiply-adds explicitly): the compiler must not fuse
// a product and a sum on its own, or the instantiations would round differently.
#pragma STDC FP_CONTRACT OFF

// MARK: - Portable C (one lane), any CPU: the reference the fast instantiations are tested against.

#define ODML_VECTOR_ISA 0
#include "_VectorISABegin.h"
#include "_VectorActivations.h"
#include "_LSTMKernel.h"
#include "_VectorActivationsEnd.h"
#include "_VectorISAEnd.h"
#undef ODML_VECTOR_ISA

#if defined(__x86_64__)

// MARK: - AVX2 + FMA (8 lanes) and AVX-512 (16 lanes), chosen at run time.

#define ODML_VECTOR_ISA 1
#include "_VectorISABegin.h"
#include "_VectorActivations.h"
#include "_LSTMKernel.h"
#include "_VectorActivationsEnd.h"
#include "_VectorISAEnd.h"
#undef ODML_VECTOR_ISA

// Two vectors a block: 32 units, a hidden size of 32 in one block without padding.
#define ODML_ACTIVATION_BLOCKS 2
#define ODML_VECTOR_ISA 2
#include "_VectorISABegin.h"
#include "_VectorActivations.h"
#include "_LSTMKernel.h"
#include "_VectorActivationsEnd.h"
#include "_VectorISAEnd.h"
#undef ODML_VECTOR_ISA
#undef ODML_ACTIVATION_BLOCKS

#elif defined(__aarch64__)

// MARK: - NEON (4 lanes), part of every arm64 CPU.

#define ODML_VECTOR_ISA 3
#include "_VectorISABegin.h"
#include "_VectorActivations.h"
#include "_LSTMKernel.h"
#include "_VectorActivationsEnd.h"
#include "_VectorISAEnd.h"
#undef ODML_VECTOR_ISA

#endif

const odml_lstm_kernels *odml_lstm_kernels_for(odml_isa isa) {
    if (!odml_isa_is_supported(isa)) return NULL;
    switch (isa) {
    case ODML_ISA_PORTABLE: return &portable_lstm_kernels;
#if defined(__x86_64__)
    case ODML_ISA_AVX2: return &avx2_lstm_kernels;
    case ODML_ISA_AVX512: return &avx512_lstm_kernels;
#elif defined(__aarch64__)
    case ODML_ISA_NEON: return &neon_lstm_kernels;
#endif
    default: return NULL;
    }
}

/// The kernels of the widest instruction set this CPU runs (asked once).
static const odml_lstm_kernels *best(void) {
    static const odml_lstm_kernels *kernels;
    const odml_lstm_kernels *found = __atomic_load_n(&kernels, __ATOMIC_ACQUIRE);
    if (!found) {
        found = odml_lstm_kernels_for(odml_isa_best());
        __atomic_store_n(&kernels, found, __ATOMIC_RELEASE);
    }
    return found;
}

int odml_lstm_kernels_are_available(void) { return odml_isa_best() != ODML_ISA_PORTABLE; }

void odml_lstm_layer_inference(const float *input, size_t steps, size_t input_size, size_t hidden_size,
                               const float *weights, const float *bias, float *hidden, float *cell,
                               float *gates, float *outputs) {
    best()->layer_inference(input, steps, input_size, hidden_size, weights, bias, hidden, cell, gates, outputs);
}

void odml_lstm_cell_forward(float *gates, const float *previous_cell, float *cell, float *tanh_cell, float *hidden,
                            size_t hidden_size, size_t batch) {
    best()->cell_forward(gates, previous_cell, cell, tanh_cell, hidden, hidden_size, batch);
}

void odml_lstm_cell_backward(const float *gates, const float *previous_cell, const float *tanh_cell, const float *d_hidden,
                             float *d_cell, float *d_gates, size_t hidden_size, size_t batch, const float *weights,
                             float *weighted_sum) {
    best()->cell_backward(gates, previous_cell, tanh_cell, d_hidden, d_cell, d_gates, hidden_size, batch, weights, weighted_sum);
}

void odml_lstm_activations(const float *x, float *sigmoid_output, float *tanh_output, size_t count) {
    best()->activations(x, sigmoid_output, tanh_output, count);
}
