import TensorCore

/// One LSTM layer's forward pass over a padded batch and everything its backward pass needs.
///
/// Buffers (row-major, `G = 4H`): `input` `[T·N, I]`; `gates` `[T·N, G]` holding the activated
/// `i, f, g, o`; `cells`, `hiddens` `[(T+1)·N, H]` with the zero initial state at step 0;
/// `tanhCells` `[T·N, H]`; `outputs` `[T·N, H]` (zero past each sequence's length).
struct _LSTMLayerCache: Sendable {
    let steps: Int
    let batch: Int
    let inputSize: Int
    let hiddenSize: Int
    let lengths: [Int]
    let input: [Float]
    var gates: [Float]
    var cells: [Float]
    var hiddens: [Float]
    var tanhCells: [Float]
    var outputs: [Float]

    /// Runs the forward pass of one layer.
    init(input: [Float], weights: LSTM.Weights, steps: Int, batch: Int, hiddenSize: Int, lengths: [Int]) {
        let inputSize = weights.weightIH.shape[1]
        let hidden = hiddenSize, gateCount = 4 * hiddenSize, rows = steps * batch
        self.steps = steps
        self.batch = batch
        self.inputSize = inputSize
        self.hiddenSize = hiddenSize
        self.lengths = lengths
        self.input = input
        gates = [Float](repeating: 0, count: rows * gateCount)
        cells = [Float](repeating: 0, count: (steps + 1) * batch * hidden)
        hiddens = cells
        tanhCells = [Float](repeating: 0, count: rows * hidden)
        outputs = tanhCells
        guard rows > 0 else { return }

        gates.withUnsafeMutableBufferPointer { gatesBuffer in
            let gatesPointer = gatesBuffer.baseAddress!
            // Biases, then the input projection of every step in one sgemm: G += X · W_ihᵀ.
            weights.biasIH.withUnsafeBufferPointer { biasIH in
                weights.biasHH.withUnsafeBufferPointer { biasHH in
                    for column in 0..<gateCount { gatesPointer[column] = biasIH[column] + biasHH[column] }
                }
            }
            for row in 1..<rows { (gatesPointer + row * gateCount).update(from: gatesPointer, count: gateCount) }
            input.withUnsafeBufferPointer { x in
                weights.weightIH.withUnsafeBufferPointer { w in
                    BLAS.sgemm(transposeA: false, transposeB: true, m: rows, n: gateCount, k: inputSize, alpha: 1,
                               a: x.baseAddress!, lda: inputSize, b: w.baseAddress!, ldb: inputSize,
                               beta: 1, c: gatesPointer, ldc: gateCount)
                }
            }
            cells.withUnsafeMutableBufferPointer { cellsBuffer in
                hiddens.withUnsafeMutableBufferPointer { hiddensBuffer in
                    tanhCells.withUnsafeMutableBufferPointer { tanhBuffer in
                        outputs.withUnsafeMutableBufferPointer { outputsBuffer in
                            weights.weightHH.withUnsafeBufferPointer { whh in
                                for step in 0..<steps {
                                    let stepGates = gatesPointer + step * batch * gateCount
                                    let previousHidden = hiddensBuffer.baseAddress! + step * batch * hidden
                                    let previousCell = cellsBuffer.baseAddress! + step * batch * hidden
                                    let nextHidden = previousHidden + batch * hidden
                                    let nextCell = previousCell + batch * hidden
                                    // Recurrent term: G_t += h_{t-1} · W_hhᵀ.
                                    if batch == 1 {
                                        BLAS.sgemv(transpose: false, rows: gateCount, columns: hidden, alpha: 1,
                                                   a: whh.baseAddress!, lda: hidden, x: previousHidden, beta: 1, y: stepGates)
                                    } else {
                                        BLAS.sgemm(transposeA: false, transposeB: true, m: batch, n: gateCount, k: hidden, alpha: 1,
                                                   a: previousHidden, lda: hidden, b: whh.baseAddress!, ldb: hidden,
                                                   beta: 1, c: stepGates, ldc: gateCount)
                                    }
                                    for sequence in 0..<batch {
                                        let offset = sequence * hidden
                                        if step < lengths[sequence] {
                                            _LSTMKernels.cellForward(
                                                gates: stepGates + sequence * gateCount, previousCell: previousCell + offset,
                                                cell: nextCell + offset, tanhCell: tanhBuffer.baseAddress! + (step * batch) * hidden + offset,
                                                hidden: nextHidden + offset, hiddenSize: hidden)
                                            (outputsBuffer.baseAddress! + (step * batch) * hidden + offset)
                                                .update(from: nextHidden + offset, count: hidden)
                                        } else {
                                            (nextHidden + offset).update(from: previousHidden + offset, count: hidden)
                                            (nextCell + offset).update(from: previousCell + offset, count: hidden)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Backpropagation through time for this layer. Accumulates into `gradients` and returns
    /// the gradient w.r.t. this layer's input, `[T·N, I]`.
    func backward(dOutputs: [Float], dFinalHidden: [Float]?, dFinalCell: [Float]?,
                  weights: LSTM.Weights, gradients: inout LSTM.Weights) -> [Float] {
        let hidden = hiddenSize, gateCount = 4 * hiddenSize, rows = steps * batch
        var dInput = [Float](repeating: 0, count: rows * inputSize)
        guard rows > 0 else { return dInput }
        var dGates = [Float](repeating: 0, count: rows * gateCount)
        var dHidden = dFinalHidden ?? [Float](repeating: 0, count: batch * hidden)
        var dCell = dFinalCell ?? [Float](repeating: 0, count: batch * hidden)
        var dPreviousHidden = [Float](repeating: 0, count: batch * hidden)

        dGates.withUnsafeMutableBufferPointer { dGatesBuffer in
            let dGatesPointer = dGatesBuffer.baseAddress!
            dHidden.withUnsafeMutableBufferPointer { dh in
                dCell.withUnsafeMutableBufferPointer { dc in
                    dPreviousHidden.withUnsafeMutableBufferPointer { dhPrevious in
                        gates.withUnsafeBufferPointer { gatesBuffer in
                            cells.withUnsafeBufferPointer { cellsBuffer in
                                tanhCells.withUnsafeBufferPointer { tanhBuffer in
                                    dOutputs.withUnsafeBufferPointer { dy in
                                        weights.weightHH.withUnsafeBufferPointer { whh in
                                            for step in stride(from: steps - 1, through: 0, by: -1) {
                                                let stepRow = step * batch
                                                for sequence in 0..<batch where step < lengths[sequence] {
                                                    let offset = sequence * hidden
                                                    BLAS.saxpy(count: hidden, alpha: 1, x: dy.baseAddress! + (stepRow * hidden) + offset,
                                                               y: dh.baseAddress! + offset)
                                                    _LSTMKernels.cellBackward(
                                                        gates: gatesBuffer.baseAddress! + (stepRow + sequence) * gateCount,
                                                        previousCell: cellsBuffer.baseAddress! + stepRow * hidden + offset,
                                                        tanhCell: tanhBuffer.baseAddress! + stepRow * hidden + offset,
                                                        dHidden: dh.baseAddress! + offset, dCell: dc.baseAddress! + offset,
                                                        dGates: dGatesPointer + (stepRow + sequence) * gateCount, hiddenSize: hidden)
                                                }
                                                // dh_{t-1} = dG_t · W_hh for active sequences; carried unchanged otherwise.
                                                if batch == 1 {
                                                    if step < lengths[0] {
                                                        BLAS.sgemv(transpose: true, rows: gateCount, columns: hidden, alpha: 1,
                                                                   a: whh.baseAddress!, lda: hidden, x: dGatesPointer + stepRow * gateCount,
                                                                   beta: 0, y: dh.baseAddress!)
                                                    }
                                                } else {
                                                    BLAS.sgemm(transposeA: false, transposeB: false, m: batch, n: hidden, k: gateCount, alpha: 1,
                                                               a: dGatesPointer + stepRow * gateCount, lda: gateCount, b: whh.baseAddress!, ldb: hidden,
                                                               beta: 0, c: dhPrevious.baseAddress!, ldc: hidden)
                                                    for sequence in 0..<batch where step < lengths[sequence] {
                                                        let offset = sequence * hidden
                                                        (dh.baseAddress! + offset).update(from: dhPrevious.baseAddress! + offset, count: hidden)
                                                    }
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            // Weight gradients over all steps at once (masked rows of dG are zero).
            input.withUnsafeBufferPointer { x in
                gradients.weightIH.withUnsafeMutableBufferPointer { dw in
                    BLAS.sgemm(transposeA: true, transposeB: false, m: gateCount, n: inputSize, k: rows, alpha: 1,
                               a: dGatesPointer, lda: gateCount, b: x.baseAddress!, ldb: inputSize,
                               beta: 1, c: dw.baseAddress!, ldc: inputSize)
                }
            }
            hiddens.withUnsafeBufferPointer { h in
                gradients.weightHH.withUnsafeMutableBufferPointer { dw in
                    BLAS.sgemm(transposeA: true, transposeB: false, m: gateCount, n: hidden, k: rows, alpha: 1,
                               a: dGatesPointer, lda: gateCount, b: h.baseAddress!, ldb: hidden,
                               beta: 1, c: dw.baseAddress!, ldc: hidden)
                }
            }
            gradients.biasIH.withUnsafeMutableBufferPointer { dbIH in
                gradients.biasHH.withUnsafeMutableBufferPointer { dbHH in
                    for row in 0..<rows {
                        let source = dGatesPointer + row * gateCount
                        BLAS.saxpy(count: gateCount, alpha: 1, x: source, y: dbIH.baseAddress!)
                        BLAS.saxpy(count: gateCount, alpha: 1, x: source, y: dbHH.baseAddress!)
                    }
                }
            }
            dInput.withUnsafeMutableBufferPointer { dx in
                weights.weightIH.withUnsafeBufferPointer { w in
                    BLAS.sgemm(transposeA: false, transposeB: false, m: rows, n: inputSize, k: gateCount, alpha: 1,
                               a: dGatesPointer, lda: gateCount, b: w.baseAddress!, ldb: inputSize,
                               beta: 0, c: dx.baseAddress!, ldc: inputSize)
                }
            }
        }
        return dInput
    }
}
