import CNeuralNetKernels
import Foundation
import TensorCore

/// The elementwise parts of an LSTM step, shared by training, batch inference and streaming: the
/// cell update and its backward pass, in `CNeuralNetKernels` (AVX-512 or AVX2 + FMA on x86-64,
/// chosen at run time; NEON on arm64; portable C elsewhere, where it is correct but slower:
/// x86-64 CPUs without AVX2, from before 2013, lack the fused multiply-add it is written with).
enum _LSTMKernels {
    /// Activates the pre-activations `gates` of `batch` sequences (`[i f g o]`, 4·H each) and
    /// computes `c = f ⊙ c_prev + i ⊙ g` into `cell`, `tanh(c)` and `h = o ⊙ tanh(c)` into
    /// `hidden` (`[batch, H]` each). With `tanhCell` (training, attribution) the gates are replaced
    /// by their activations and `tanh(c)` is kept for the backward pass; without (inference) the
    /// gates buffer is scratch. `cell` may equal `previousCell`. Allocates nothing.
    @inline(__always)
    static func cellForward(gates: UnsafeMutablePointer<Float>, previousCell: UnsafePointer<Float>,
                            cell: UnsafeMutablePointer<Float>, tanhCell: UnsafeMutablePointer<Float>?,
                            hidden: UnsafeMutablePointer<Float>, hiddenSize: Int, batch: Int = 1) {
        odml_lstm_cell_forward(gates, previousCell, cell, tanhCell, hidden, hiddenSize, batch)
    }

    /// One step of the cell's backward pass for `batch` sequences. On entry `dHidden` is `∂L/∂h_t`
    /// and `dCell` is `∂L/∂c_t` from later steps; on exit `dCell` holds `∂L/∂c_{t-1}` and
    /// `dGates` the gradient w.r.t. the pre-activations `[i f g o]`. `gates` are the activated
    /// gates and `tanhCell` the `tanh(c_t)` of `cellForward`. With `weighted`, `Σ_n w_n dGates_n`
    /// (4·H values, `weighted.weights` one per sequence) is added to `weighted.sum` on the way.
    @inline(__always)
    static func cellBackward(gates: UnsafePointer<Float>, previousCell: UnsafePointer<Float>, tanhCell: UnsafePointer<Float>,
                             dHidden: UnsafePointer<Float>, dCell: UnsafeMutablePointer<Float>,
                             dGates: UnsafeMutablePointer<Float>, hiddenSize: Int, batch: Int = 1,
                             weighted: (weights: UnsafePointer<Float>, sum: UnsafeMutablePointer<Float>)? = nil) {
        odml_lstm_cell_backward(gates, previousCell, tanhCell, dHidden, dCell, dGates, hiddenSize, batch, weighted?.weights,
                                weighted?.sum)
    }

    /// Every kernel in the instantiation for `instructionSet` (tests compare each with
    /// `.portable`), `nil` when this CPU does not run it.
    static func kernels(in instructionSet: VectorMath.InstructionSet) -> odml_lstm_kernels? {
        odml_lstm_kernels_for(instructionSet.kernelSet)?.pointee
    }

    /// Stable logistic sigmoid.
    @inline(__always)
    static func sigmoid(_ x: Float) -> Float {
        if x >= 0 { return 1 / (1 + Foundation.exp(-x)) }
        let e = Foundation.exp(x)
        return e / (1 + e)
    }
}
