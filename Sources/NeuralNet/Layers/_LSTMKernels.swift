import Foundation
import TensorCore

/// The elementwise parts of an LSTM step, shared by training, batch inference and streaming.
enum _LSTMKernels {
    /// Activates the pre-activations `gates` (`[i f g o]`, 4·H) in place and computes
    /// `c = f ⊙ c_prev + i ⊙ g`, `tanh(c)` (into `tanhCell` when given) and `h = o ⊙ tanh(c)`.
    /// `cell` may equal `previousCell` (streaming updates in place). Uses TensorCore's SIMD
    /// `VectorMath` kernels and 8-wide loops (elementwise, so bit-identical to scalar code);
    /// allocates nothing.
    @inline(__always)
    static func cellForward(gates: UnsafeMutablePointer<Float>, previousCell: UnsafePointer<Float>,
                            cell: UnsafeMutablePointer<Float>, tanhCell: UnsafeMutablePointer<Float>?,
                            hidden: UnsafeMutablePointer<Float>, hiddenSize: Int) {
        let h = hiddenSize
        VectorMath.sigmoid(gates, into: gates, count: 2 * h)
        VectorMath.tanh(gates + 2 * h, into: gates + 2 * h, count: h)
        VectorMath.sigmoid(gates + 3 * h, into: gates + 3 * h, count: h)
        let blockEnd = h & ~7
        var j = 0
        while j < blockEnd {
            let forgotten = VectorMath.load(gates + h + j) * VectorMath.load(previousCell + j)
            VectorMath.store(forgotten + VectorMath.load(gates + j) * VectorMath.load(gates + 2 * h + j), cell + j)
            j += 8
        }
        while j < h {
            cell[j] = gates[h + j] * previousCell[j] + gates[j] * gates[2 * h + j]
            j += 1
        }
        let tanhC = tanhCell ?? hidden
        VectorMath.tanh(cell, into: tanhC, count: h)
        j = 0
        while j < blockEnd {
            VectorMath.store(VectorMath.load(gates + 3 * h + j) * VectorMath.load(tanhC + j), hidden + j)
            j += 8
        }
        while j < h {
            hidden[j] = gates[3 * h + j] * tanhC[j]
            j += 1
        }
    }

    /// One step of the cell's backward pass. On entry `dHidden` is `∂L/∂h_t` and `dCell` is
    /// `∂L/∂c_t` from later steps; on exit `dCell` holds `∂L/∂c_{t-1}` and `dGates` the
    /// gradient w.r.t. the pre-activations `[i f g o]`.
    @inline(__always)
    static func cellBackward(gates: UnsafePointer<Float>, previousCell: UnsafePointer<Float>, tanhCell: UnsafePointer<Float>,
                             dHidden: UnsafePointer<Float>, dCell: UnsafeMutablePointer<Float>,
                             dGates: UnsafeMutablePointer<Float>, hiddenSize: Int) {
        let h = hiddenSize
        let blockEnd = h & ~7
        var j = 0
        while j < blockEnd {
            let input = VectorMath.load(gates + j), forget = VectorMath.load(gates + h + j)
            let candidate = VectorMath.load(gates + 2 * h + j), output = VectorMath.load(gates + 3 * h + j)
            let tanhC = VectorMath.load(tanhCell + j)
            let dh = VectorMath.load(dHidden + j)
            let dc = VectorMath.load(dCell + j) + dh * output * (1 - tanhC * tanhC)
            VectorMath.store(dc * candidate * input * (1 - input), dGates + j)
            VectorMath.store(dc * VectorMath.load(previousCell + j) * forget * (1 - forget), dGates + h + j)
            VectorMath.store(dc * input * (1 - candidate * candidate), dGates + 2 * h + j)
            VectorMath.store(dh * tanhC * output * (1 - output), dGates + 3 * h + j)
            VectorMath.store(dc * forget, dCell + j)
            j += 8
        }
        for j in blockEnd..<h {
            let input = gates[j], forget = gates[h + j], candidate = gates[2 * h + j], output = gates[3 * h + j]
            let tanhC = tanhCell[j]
            let dh = dHidden[j]
            let dc = dCell[j] + dh * output * (1 - tanhC * tanhC)
            dGates[j] = dc * candidate * input * (1 - input)
            dGates[h + j] = dc * previousCell[j] * forget * (1 - forget)
            dGates[2 * h + j] = dc * input * (1 - candidate * candidate)
            dGates[3 * h + j] = dh * tanhC * output * (1 - output)
            dCell[j] = dc * forget
        }
    }

    /// Stable logistic sigmoid.
    @inline(__always)
    static func sigmoid(_ x: Float) -> Float {
        if x >= 0 { return 1 / (1 + Foundation.exp(-x)) }
        let e = Foundation.exp(x)
        return e / (1 + e)
    }
}
