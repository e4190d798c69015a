import Foundation

/// The elementwise parts of an LSTM step, shared by training, batch inference and streaming.
enum _LSTMKernels {
    /// Activates the pre-activations `gates` (`[i f g o]`, 4·H) in place and computes
    /// `c = f ⊙ c_prev + i ⊙ g`, `tanh(c)` and `h = o ⊙ tanh(c)`.
    @inline(__always)
    static func cellForward(gates: UnsafeMutablePointer<Float>, previousCell: UnsafePointer<Float>,
                            cell: UnsafeMutablePointer<Float>, tanhCell: UnsafeMutablePointer<Float>?,
                            hidden: UnsafeMutablePointer<Float>, hiddenSize: Int) {
        let h = hiddenSize
        var start = 0
        while start + 8 <= h {
            let input = _VectorMath.sigmoid(_VectorMath.load(gates + start))
            let forget = _VectorMath.sigmoid(_VectorMath.load(gates + h + start))
            let candidate = _VectorMath.tanh(_VectorMath.load(gates + 2 * h + start))
            let output = _VectorMath.sigmoid(_VectorMath.load(gates + 3 * h + start))
            _VectorMath.store(input, gates + start)
            _VectorMath.store(forget, gates + h + start)
            _VectorMath.store(candidate, gates + 2 * h + start)
            _VectorMath.store(output, gates + 3 * h + start)
            let c = forget * _VectorMath.load(previousCell + start) + input * candidate
            let tanhC = _VectorMath.tanh(c)
            _VectorMath.store(c, cell + start)
            if let tanhCell { _VectorMath.store(tanhC, tanhCell + start) }
            _VectorMath.store(output * tanhC, hidden + start)
            start += 8
        }
        for j in start..<h {
            let input = sigmoid(gates[j])
            let forget = sigmoid(gates[h + j])
            let candidate = Foundation.tanh(gates[2 * h + j])
            let output = sigmoid(gates[3 * h + j])
            gates[j] = input
            gates[h + j] = forget
            gates[2 * h + j] = candidate
            gates[3 * h + j] = output
            let c = forget * previousCell[j] + input * candidate
            let tanhC = Foundation.tanh(c)
            cell[j] = c
            tanhCell?[j] = tanhC
            hidden[j] = output * tanhC
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
        for j in 0..<h {
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
