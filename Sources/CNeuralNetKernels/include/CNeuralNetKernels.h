#ifndef ODML_CNEURALNETKERNELS_H
#define ODML_CNEURALNETKERNELS_H

#include <stddef.h>

// CPU-specific kernels of NeuralNet. One kernel (_LSTMKernel.h), three instantiations: AVX2 + FMA
// on x86-64 CPUs that have them (checked at run time), NEON on arm64, and portable C (one lane,
// any CPU), bit-identical on finite inputs. The `_portable` entry points run anywhere and are the
// reference the tests hold the fast ones to; on CPUs without a fast instantiation the Swift code
// takes its BLAS path.

/// 1 when `odml_lstm_layer_inference` and `odml_lstm_activations` have a fast instantiation on
/// this CPU (x86-64 with AVX2 and FMA, or arm64), 0 otherwise. Costs a CPUID query on x86-64: call
/// it once and keep the answer.
int odml_lstm_kernels_are_available(void);

/// Batch-1 inference of one LSTM layer (gate order i, f, g, o) over `steps` inputs, continuing
/// from the state `(hidden, cell)` (H values each, updated in place).
///
/// - `input`: `[steps, input_size]` row-major.
/// - `weights`: `[(input_size + H) × 4H]` row-major, W_ihᵀ stacked over W_hhᵀ (each gate's column
///   contiguous across rows).
/// - `bias`: `4H` values, b_ih + b_hh.
/// - `gates`: scratch of `steps × 4H` values (overwritten).
/// - `outputs`: `[steps, H]`, the hidden state after every step, or NULL. It may be the same
///   buffer as `input` when `input_size == H` (every input is read before the first output is
///   written).
///
/// Computes `gates_t = bias + W_ih·x_t` for all steps first (the input projection), then step by
/// step `gates_t += W_hh·h_{t-1}`, `c = σ(f)⊙c + σ(i)⊙tanh(g)`, `h = σ(o)⊙tanh(c)`, with the
/// activations of `odml_lstm_activations`. Allocates nothing.
/// Requires `odml_lstm_kernels_are_available()` (else it runs the portable instantiation).
void odml_lstm_layer_inference(const float *input, size_t steps, size_t input_size, size_t hidden_size,
                               const float *weights, const float *bias, float *hidden, float *cell,
                               float *gates, float *outputs);

/// The activations of `odml_lstm_layer_inference` over a buffer, for accuracy tests:
/// `sigmoid_output[k] = 1 / (1 + e^-x[k])` and `tanh_output[k] = tanh(x[k])`.
///
/// `e^x` is a Cephes-style expf (Cody–Waite reduction, degree-7 polynomial, 2^n from the exponent
/// bits) with its argument clamped to [-87.34, 88.37], so results stay finite for any input and
/// NaN propagates. tanh is `1 - 2 / (e^{2x} + 1)` for |x| ≥ 0.625 and Cephes' odd polynomial below
/// (no cancellation near 0). Requires `odml_lstm_kernels_are_available()` (else it runs the
/// portable instantiation).
void odml_lstm_activations(const float *x, float *sigmoid_output, float *tanh_output, size_t count);

/// `odml_lstm_layer_inference` in portable C, on any CPU: the same operations lane by lane, so the
/// same bits on finite inputs (slow where the CPU has no fused multiply-add instruction).
void odml_lstm_layer_inference_portable(const float *input, size_t steps, size_t input_size, size_t hidden_size,
                                        const float *weights, const float *bias, float *hidden, float *cell,
                                        float *gates, float *outputs);

/// `odml_lstm_activations` in portable C, on any CPU (same bits on finite inputs).
void odml_lstm_activations_portable(const float *x, float *sigmoid_output, float *tanh_output, size_t count);

#endif
