import CNeuralNetKernels

/// The batch-1 LSTM inference kernel of `CNeuralNetKernels` (AVX2 + FMA on x86-64 CPUs that have
/// them, checked at run time; NEON on arm64): `LSTM.step` and `LSTM.run` use it when the CPU has
/// it. The BLAS path stays the fallback on other CPUs and a reference the tests compare it with;
/// the kernel's portable C instantiation is the other (same bits on finite inputs).
enum _LSTMFusedKernel {
    /// Whether this CPU has a fast instantiation (x86-64 with AVX2 and FMA, or arm64), asked once.
    static let isAvailable = odml_lstm_kernels_are_available() != 0

    /// One layer over `steps` inputs (`[steps, inputSize]`), continuing from `(hidden, cell)`
    /// (`H` values each, updated in place). `weights` is `[(inputSize + H) × 4H]`, `W_ihᵀ`
    /// stacked over `W_hhᵀ`; `bias` is `b_ih + b_hh` (`4H`); `gates` is `steps · 4H` scratch;
    /// `outputs` (`[steps, H]`, may be `input` when `inputSize == H`) gets every step's hidden
    /// state. Requires `isAvailable`.
    @inline(__always)
    static func layerInference(input: UnsafePointer<Float>, steps: Int, inputSize: Int, hiddenSize: Int,
                               weights: UnsafePointer<Float>, bias: UnsafePointer<Float>,
                               hidden: UnsafeMutablePointer<Float>, cell: UnsafeMutablePointer<Float>,
                               gates: UnsafeMutablePointer<Float>, outputs: UnsafeMutablePointer<Float>?) {
        odml_lstm_layer_inference(input, steps, inputSize, hiddenSize, weights, bias, hidden, cell, gates, outputs)
    }

    /// `layerInference` in the kernel's portable C instantiation (any CPU; slow without a fused
    /// multiply-add instruction): the reference for the fast instantiations in tests.
    static func portableLayerInference(input: UnsafePointer<Float>, steps: Int, inputSize: Int, hiddenSize: Int,
                                       weights: UnsafePointer<Float>, bias: UnsafePointer<Float>,
                                       hidden: UnsafeMutablePointer<Float>, cell: UnsafeMutablePointer<Float>,
                                       gates: UnsafeMutablePointer<Float>, outputs: UnsafeMutablePointer<Float>?) {
        odml_lstm_layer_inference_portable(input, steps, inputSize, hiddenSize, weights, bias, hidden, cell, gates, outputs)
    }

    /// The kernel's sigmoid and tanh of every value of `input` (for accuracy tests): the fast
    /// instantiation (requires `isAvailable`), or the portable one when `portable`.
    static func activations(_ input: [Float], portable: Bool = false) -> (sigmoid: [Float], tanh: [Float]) {
        var sigmoid = [Float](repeating: 0, count: input.count), tanh = sigmoid
        input.withUnsafeBufferPointer { x in
            sigmoid.withUnsafeMutableBufferPointer { s in
                tanh.withUnsafeMutableBufferPointer { t in
                    if portable {
                        odml_lstm_activations_portable(x.baseAddress!, s.baseAddress!, t.baseAddress!, input.count)
                    } else {
                        odml_lstm_activations(x.baseAddress!, s.baseAddress!, t.baseAddress!, input.count)
                    }
                }
            }
        }
        return (sigmoid, tanh)
    }
}
