import Foundation
import TensorCore

/// The elementwise parts of an LSTM step, shared by training, batch inference and streaming.
enum _LSTMKernels {
    /// Activates the pre-activations `gates` (`[i f g o]`, 4·H) in place and computes
    /// `c = f ⊙ c_prev + i ⊙ g`, `tanh(c)` (into `tanhCell` when given) and `h = o ⊙ tanh(c)`.
    /// `cell` may equal `previousCell` (streaming updates in place). One fused pass of 8 units
    /// at a time with TensorCore's SIMD `VectorMath` kernels (the four gates' exponentials are
    /// independent, so they overlap); a partial last block is zero-padded like `VectorMath`'s
    /// own tails, so results are bit-identical to the buffer kernels. Allocates nothing.
    @inline(__always)
    static func cellForward(gates: UnsafeMutablePointer<Float>, previousCell: UnsafePointer<Float>,
                            cell: UnsafeMutablePointer<Float>, tanhCell: UnsafeMutablePointer<Float>?,
                            hidden: UnsafeMutablePointer<Float>, hiddenSize: Int) {
        let h = hiddenSize
        let blockEnd = h & ~7
        var j = 0
        while j < blockEnd {
            let input = VectorMath.sigmoid(VectorMath.load(gates + j))
            let forget = VectorMath.sigmoid(VectorMath.load(gates + h + j))
            let candidate = VectorMath.tanh(VectorMath.load(gates + 2 * h + j))
            let output = VectorMath.sigmoid(VectorMath.load(gates + 3 * h + j))
            let c = forget * VectorMath.load(previousCell + j) + input * candidate
            let tanhC = VectorMath.tanh(c)
            VectorMath.store(input, gates + j)
            VectorMath.store(forget, gates + h + j)
            VectorMath.store(candidate, gates + 2 * h + j)
            VectorMath.store(output, gates + 3 * h + j)
            VectorMath.store(c, cell + j)
            if let tanhCell { VectorMath.store(tanhC, tanhCell + j) }
            VectorMath.store(output * tanhC, hidden + j)
            j += 8
        }
        guard j < h else { return }
        func padded(_ pointer: UnsafePointer<Float>) -> SIMD8<Float> {
            var block = SIMD8<Float>()
            for lane in 0..<(h - j) { block[lane] = pointer[j + lane] }
            return block
        }
        func store(_ block: SIMD8<Float>, _ pointer: UnsafeMutablePointer<Float>) {
            for lane in 0..<(h - j) { pointer[j + lane] = block[lane] }
        }
        let input = VectorMath.sigmoid(padded(gates)), forget = VectorMath.sigmoid(padded(gates + h))
        let candidate = VectorMath.tanh(padded(gates + 2 * h)), output = VectorMath.sigmoid(padded(gates + 3 * h))
        var c = SIMD8<Float>()
        let previous = padded(previousCell)
        for lane in 0..<(h - j) { c[lane] = forget[lane] * previous[lane] + input[lane] * candidate[lane] }
        let tanhC = VectorMath.tanh(c)
        store(input, gates)
        store(forget, gates + h)
        store(candidate, gates + 2 * h)
        store(output, gates + 3 * h)
        store(c, cell)
        if let tanhCell { store(tanhC, tanhCell) }
        var next = SIMD8<Float>()
        for lane in 0..<(h - j) { next[lane] = output[lane] * tanhC[lane] }
        store(next, hidden)
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
