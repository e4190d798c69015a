import TensorCore

extension LSTM {
    /// The carried state `(h, c)` of every layer for one sequence, plus preallocated scratch
    /// buffers, so that `step(_:state:)` and `run(_:steps:state:outputs:)` allocate nothing
    /// once warmed up (a longer `run` than ever before grows the scratch buffer once).
    ///
    /// The state copies the summed biases and the transposed weights of the LSTM it was made
    /// for (row-major `[W_ihᵀ; W_hhᵀ]`, so every step's matrix–vector product runs over
    /// contiguous gate rows: BLAS's faster `sgemv` orientation for these shapes, and the layout
    /// the fused kernel of `CNeuralNetKernels` reads): make a new state after changing the weights.
    public struct StreamingState: Sendable {
        /// Hidden states, `[L, H]`.
        public internal(set) var hidden: [Float]
        /// Cell states, `[L, H]`.
        public internal(set) var cell: [Float]
        var summedBias: [Float]
        /// Per layer `[(I_l + H) × 4H]`: `W_ihᵀ` stacked over `W_hhᵀ`, at `transposedOffsets[l]`,
        /// 64-byte aligned (shared by copies of the state: never written).
        let transposedWeights: _CacheLineAlignedFloats
        var transposedOffsets: [Int]
        /// `[x_t; h_{t-1}]` of the layer being stepped (`max(I, H) + H` values).
        var stepInput: [Float]
        var gates: [Float]
        var layerBuffer: [Float]
        let hiddenSize: Int

        /// A zero state for `lstm`.
        public init(for lstm: LSTM) {
            let hidden = lstm.hiddenSize
            hiddenSize = hidden
            self.hidden = [Float](repeating: 0, count: lstm.layerCount * hidden)
            cell = self.hidden
            summedBias = lstm.layers.flatMap { layer in zip(layer.biasIH.scalars, layer.biasHH.scalars).map { $0 + $1 } }
            var transposed: [Float] = [], offsets: [Int] = []
            for layer in lstm.layers {
                offsets.append(transposed.count)
                transposed += layer.weightIH.transposed().scalars + layer.weightHH.transposed().scalars
            }
            transposedWeights = _CacheLineAlignedFloats(transposed)
            transposedOffsets = offsets
            stepInput = [Float](repeating: 0, count: max(lstm.inputSize, hidden) + hidden)
            gates = [Float](repeating: 0, count: 4 * hidden)
            layerBuffer = []
        }

        /// Sets `(h, c)` back to zero (a new sequence), keeping the buffers.
        public mutating func reset() {
            hidden.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            cell.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }

        /// Calls `body` with the last layer's hidden state (`H` values) without copying.
        public func withOutput<R>(_ body: (UnsafeBufferPointer<Float>) throws -> R) rethrows -> R {
            try hidden.withUnsafeBufferPointer { buffer in
                try body(UnsafeBufferPointer(rebasing: buffer[(buffer.count - hiddenSize)...]))
            }
        }
    }

    /// One streaming step: feeds today's `input` (`inputSize` values) and advances `state`.
    /// The last layer's new hidden state is `state.withOutput`. Allocates nothing.
    ///
    /// On x86-64 CPUs with AVX-512 or AVX2 and FMA, and on arm64, each layer's step is one call of
    /// a fused C kernel (`CNeuralNetKernels`); elsewhere one `sgemv` and the cell update.
    public func step(_ input: UnsafePointer<Float>, state: inout StreamingState) {
        step(input, state: &state, usesFusedKernel: _LSTMFusedKernel.isAvailable)
    }

    /// `step(_:state:)` on the fused kernel (requires `_LSTMFusedKernel.isAvailable`) or on BLAS.
    func step(_ input: UnsafePointer<Float>, state: inout StreamingState, usesFusedKernel: Bool) {
        let hidden = hiddenSize, gateCount = 4 * hiddenSize
        state.gates.withUnsafeMutableBufferPointer { gatesBuffer in
            state.hidden.withUnsafeMutableBufferPointer { hiddenBuffer in
                state.cell.withUnsafeMutableBufferPointer { cellBuffer in
                    state.summedBias.withUnsafeBufferPointer { bias in
                        let transposed = state.transposedWeights.baseAddress
                        state.stepInput.withUnsafeMutableBufferPointer { stepInput in
                            let gates = gatesBuffer.baseAddress!, stacked = stepInput.baseAddress!
                            for layer in layers.indices {
                                let layerHidden = hiddenBuffer.baseAddress! + layer * hidden
                                let layerCell = cellBuffer.baseAddress! + layer * hidden
                                let layerInput = layer == 0 ? input : UnsafePointer(hiddenBuffer.baseAddress! + (layer - 1) * hidden)
                                let layerInputSize = layer == 0 ? inputSize : hidden
                                if usesFusedKernel {
                                    _LSTMFusedKernel.layerInference(
                                        input: layerInput, steps: 1, inputSize: layerInputSize, hiddenSize: hidden,
                                        weights: transposed + state.transposedOffsets[layer],
                                        bias: bias.baseAddress! + layer * gateCount, hidden: layerHidden, cell: layerCell,
                                        gates: gates, outputs: nil)
                                    continue
                                }
                                // gates = b + [W_ih W_hh] · [x_t; h_{t-1}], one sgemv over the stacked transpose.
                                stacked.update(from: layerInput, count: layerInputSize)
                                (stacked + layerInputSize).update(from: layerHidden, count: hidden)
                                gates.update(from: bias.baseAddress! + layer * gateCount, count: gateCount)
                                BLAS.sgemv(transpose: true, rows: layerInputSize + hidden, columns: gateCount, alpha: 1,
                                           a: transposed + state.transposedOffsets[layer], lda: gateCount,
                                           x: stacked, beta: 1, y: gates)
                                _LSTMKernels.cellForward(gates: gates, previousCell: layerCell, cell: layerCell, tanhCell: nil,
                                                         hidden: layerHidden, hiddenSize: hidden)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Batch-1 inference over `steps` consecutive inputs (`[steps, inputSize]`, row-major),
    /// continuing from `state`. Layer by layer, the input projection of all steps comes first;
    /// the recurrence then runs step by step. Writes the last layer's hidden state of every
    /// step into `outputs` (`[steps, H]`) when given. Allocates nothing once `state` has seen a
    /// run at least this long.
    ///
    /// On x86-64 CPUs with AVX-512 or AVX2 and FMA, and on arm64, each layer is one call of a
    /// fused C kernel (`CNeuralNetKernels`: weights in L1, the cell update in registers);
    /// elsewhere one `sgemm` for the projection, then one `sgemv` and the cell update per step.
    public func run(_ input: UnsafePointer<Float>, steps: Int, state: inout StreamingState,
                    outputs: UnsafeMutablePointer<Float>?) {
        run(input, steps: steps, state: &state, outputs: outputs, usesFusedKernel: _LSTMFusedKernel.isAvailable)
    }

    /// `run(_:steps:state:outputs:)` on the fused kernel (requires `_LSTMFusedKernel.isAvailable`) or on BLAS.
    func run(_ input: UnsafePointer<Float>, steps: Int, state: inout StreamingState,
             outputs: UnsafeMutablePointer<Float>?, usesFusedKernel: Bool) {
        guard steps > 0 else { return }
        let hidden = hiddenSize, gateCount = 4 * hiddenSize
        let needed = steps * gateCount + (layers.count > 1 ? steps * hidden : 0)
        if state.layerBuffer.count < needed {
            state.layerBuffer = [Float](repeating: 0, count: needed)
        }
        state.layerBuffer.withUnsafeMutableBufferPointer { scratch in
            state.hidden.withUnsafeMutableBufferPointer { hiddenBuffer in
                state.cell.withUnsafeMutableBufferPointer { cellBuffer in
                    state.summedBias.withUnsafeBufferPointer { bias in
                        let gates = scratch.baseAddress!, transposed = state.transposedWeights.baseAddress
                        let between = gates + steps * gateCount
                        for layer in layers.indices {
                            let layerInput = layer == 0 ? input : UnsafePointer(between)
                            let layerInputSize = layer == 0 ? inputSize : hidden
                            let isLast = layer == layers.count - 1
                            let layerOutput: UnsafeMutablePointer<Float>? = isLast ? outputs : between
                            let layerHidden = hiddenBuffer.baseAddress! + layer * hidden
                            let layerCell = cellBuffer.baseAddress! + layer * hidden
                            if usesFusedKernel {
                                // `between` is both input and output above layer 0: the kernel writes step t's
                                // output before it reads step t + 1's input, which lies after it.
                                _LSTMFusedKernel.layerInference(
                                    input: layerInput, steps: steps, inputSize: layerInputSize, hiddenSize: hidden,
                                    weights: transposed + state.transposedOffsets[layer],
                                    bias: bias.baseAddress! + layer * gateCount, hidden: layerHidden, cell: layerCell,
                                    gates: gates, outputs: layerOutput)
                                continue
                            }
                            for step in 0..<steps {
                                (gates + step * gateCount).update(from: bias.baseAddress! + layer * gateCount, count: gateCount)
                            }
                            layers[layer].weightIH.withUnsafeBufferPointer { w in
                                BLAS.sgemm(transposeA: false, transposeB: true, m: steps, n: gateCount, k: layerInputSize, alpha: 1,
                                           a: layerInput, lda: layerInputSize, b: w.baseAddress!, ldb: layerInputSize,
                                           beta: 1, c: gates, ldc: gateCount)
                            }
                            let recurrentOffset = state.transposedOffsets[layer] + layerInputSize * gateCount
                            for step in 0..<steps {
                                let stepGates = gates + step * gateCount
                                // G_t += W_hh · h_{t-1}, over the transposed copy (contiguous gate rows).
                                BLAS.sgemv(transpose: true, rows: hidden, columns: gateCount, alpha: 1,
                                           a: transposed + recurrentOffset, lda: gateCount,
                                           x: layerHidden, beta: 1, y: stepGates)
                                _LSTMKernels.cellForward(gates: stepGates, previousCell: layerCell, cell: layerCell, tanhCell: nil,
                                                         hidden: layerHidden, hiddenSize: hidden)
                                layerOutput?.advanced(by: step * hidden).update(from: layerHidden, count: hidden)
                            }
                        }
                    }
                }
            }
        }
    }
}
