import CNeuralNetKernels
import TensorCore

/// The batch-1 LSTM inference kernel of `CNeuralNetKernels` (AVX-512 or AVX2 + FMA on x86-64 CPUs
/// that have them, the widest, checked at run time; NEON on arm64): `LSTM.step` and `LSTM.run` use
/// it when the CPU has it. The BLAS path stays the fallback on other CPUs and a reference the tests
/// compare it with; the kernel's portable C instantiation is the other (same bits on finite inputs).
enum _LSTMFusedKernel {
    /// Whether this CPU has a fast instantiation (x86-64 with AVX-512 or AVX2 and FMA, or arm64),
    /// asked once.
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

    /// `layerInference` in the kernel's instantiation for `instructionSet` (tests compare the fast
    /// ones with `.portable`, which runs on any CPU, slowly without a fused multiply-add
    /// instruction); `false` when this CPU does not run it.
    @discardableResult
    static func layerInference(in instructionSet: VectorMath.InstructionSet, input: UnsafePointer<Float>, steps: Int,
                               inputSize: Int, hiddenSize: Int, weights: UnsafePointer<Float>, bias: UnsafePointer<Float>,
                               hidden: UnsafeMutablePointer<Float>, cell: UnsafeMutablePointer<Float>,
                               gates: UnsafeMutablePointer<Float>, outputs: UnsafeMutablePointer<Float>?) -> Bool {
        guard let kernels = odml_lstm_kernels_for(instructionSet.kernelSet), let run = kernels.pointee.layer_inference else {
            return false
        }
        run(input, steps, inputSize, hiddenSize, weights, bias, hidden, cell, gates, outputs)
        return true
    }

    /// The kernel's sigmoid and tanh of every value of `input` (for accuracy tests), in the
    /// instantiation for `instructionSet` (`nil` when this CPU does not run it).
    static func activations(_ input: [Float], in instructionSet: VectorMath.InstructionSet) -> (sigmoid: [Float], tanh: [Float])? {
        guard let kernels = odml_lstm_kernels_for(instructionSet.kernelSet), let run = kernels.pointee.activations else { return nil }
        var sigmoid = [Float](repeating: 0, count: input.count), tanh = sigmoid
        input.withUnsafeBufferPointer { x in
            sigmoid.withUnsafeMutableBufferPointer { s in
                tanh.withUnsafeMutableBufferPointer { t in
                    guard let source = x.baseAddress, let s = s.baseAddress, let t = t.baseAddress else { return }
                    run(source, s, t, input.count)
                }
            }
        }
        return (sigmoid, tanh)
    }
}
