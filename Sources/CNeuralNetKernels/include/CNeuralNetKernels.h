#ifndef ODML_CNEURALNETKERNELS_H
#define ODML_CNEURALNETKERNELS_H

#include <stddef.h>

#include "CTensorCoreKernels.h"

// CPU-specific kernels of NeuralNet: the LSTM's batch-1 inference and its batched cell update,
// written once (_LSTMKernel.h) and instantiated for AVX-512 and AVX2 + FMA on x86-64 (the widest
// the CPU has, checked at run time), NEON on arm64, and portable C (one lane, any CPU). All give
// the same bits on finite inputs; the portable one is the reference the tests hold the others to.
// The activations are TensorCore's (CTensorCoreKernels), so both modules round the same way.

/// The kernels of one instruction set (see the functions below for each one's contract).
typedef struct {
    void (*layer_inference)(const float *input, size_t steps, size_t input_size, size_t hidden_size, const float *weights,
                            const float *bias, float *hidden, float *cell, float *gates, float *outputs);
    void (*cell_forward)(float *gates, const float *previous_cell, float *cell, float *tanh_cell, float *hidden,
                         size_t hidden_size, size_t batch);
    void (*cell_backward)(const float *gates, const float *previous_cell, const float *tanh_cell, const float *d_hidden,
                          float *d_cell, float *d_gates, size_t hidden_size, size_t batch, const float *weights,
                          float *weighted_sum);
    void (*activations)(const float *x, float *sigmoid_output, float *tanh_output, size_t count);
} odml_lstm_kernels;

/// 1 when the kernels have a fast instantiation on this CPU (x86-64 with AVX2 and FMA or AVX-512,
/// or arm64), 0 otherwise (NeuralNet then takes its BLAS path for batch-1 inference).
int odml_lstm_kernels_are_available(void);

/// The kernels instantiated for `isa`, or NULL when this CPU cannot run them.
const odml_lstm_kernels *odml_lstm_kernels_for(odml_isa isa);

/// Batch-1 inference of one LSTM layer (gate order i, f, g, o) over `steps` inputs, continuing
/// from the state `(hidden, cell)` (H values each, updated in place), on the widest instruction set.
///
/// - `input`: `[steps, input_size]` row-major.
/// - `weights`: `[(input_size + H) × 4H]` row-major, W_ihᵀ stacked over W_hhᵀ (each gate's column
///   contiguous across rows).
/// - `bias`: `4H` values, b_ih + b_hh.
/// - `gates`: scratch of `steps × 4H` values (overwritten).
/// - `outputs`: `[steps, H]`, the hidden state after every step, or NULL. It may be the same
///   buffer as `input` when `input_size == H` (step t's output is written before step t + 1's
///   input is read, and lies before it).
/// - `weights` aligned to 64 bytes runs fastest (unaligned AVX-512 loads straddle cache lines).
///
/// Step by step: `gates_t = bias + W_ih·x_t` (the input projection, issued for step t + 1 while
/// step t's cell update runs), `gates_t += W_hh·h_{t-1}`, `c = σ(f)⊙c + σ(i)⊙tanh(g)`,
/// `h = σ(o)⊙tanh(c)`, with the activations of `odml_lstm_activations`. Allocates nothing.
void odml_lstm_layer_inference(const float *input, size_t steps, size_t input_size, size_t hidden_size,
                               const float *weights, const float *bias, float *hidden, float *cell,
                               float *gates, float *outputs);

/// The cell update of `batch` sequences of one step, on the widest instruction set: for sequence
/// `n`, `gates[n·4H ..< (n+1)·4H]` holds the pre-activations `[i f g o]` and is replaced by the
/// activated gates; `c = f⊙c_prev + i⊙g` goes to `cell`, `tanh(c)` to `tanh_cell` and
/// `h = o⊙tanh(c)` to `hidden` (`[batch, H]` each; `cell` may be `previous_cell`). With
/// `tanh_cell` NULL the gates are left as they were and no tanh(c) is kept (inference).
void odml_lstm_cell_forward(float *gates, const float *previous_cell, float *cell, float *tanh_cell, float *hidden,
                            size_t hidden_size, size_t batch);

/// The cell's backward pass for `batch` sequences of one step, on the widest instruction set:
/// from the activated `gates` (`[batch, 4H]`), `previous_cell` and `tanh_cell` (`[batch, H]`) of
/// `odml_lstm_cell_forward`, and `d_hidden` = ∂L/∂h_t, it writes ∂L/∂[i f g o] (pre-activation)
/// to `d_gates` and replaces `d_cell` (∂L/∂c_t from later steps) by ∂L/∂c_{t-1}. With
/// `weighted_sum` (4H values) and `weights` (`batch`), it also adds `weights[n] · d_gates[n]` to
/// `weighted_sum` for n in order, one fused multiply-add each (Integrated Gradients' weighted
/// sum over the path); pass NULL for both otherwise.
void odml_lstm_cell_backward(const float *gates, const float *previous_cell, const float *tanh_cell, const float *d_hidden,
                             float *d_cell, float *d_gates, size_t hidden_size, size_t batch, const float *weights,
                             float *weighted_sum);

/// The activations of the kernels over a buffer, for accuracy tests:
/// `sigmoid_output[k] = 1 / (1 + e^-x[k])` and `tanh_output[k] = tanh(x[k])` (TensorCore's
/// `VectorMath` sigmoid and tanh, bit for bit).
void odml_lstm_activations(const float *x, float *sigmoid_output, float *tanh_output, size_t count);

#endif
