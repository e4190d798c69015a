import TensorCore

extension LSTM {
    /// A scalar function of the top layer's final hidden state, for `pathGradients`: given
    /// `finalHidden` (`[N, H]`), it writes `f` of each of the `N` sequences into `values` and
    /// `∂f/∂h_T` into `dFinalHidden` (`[N, H]`).
    public typealias ScalarHead = (
        _ finalHidden: UnsafeBufferPointer<Float>, _ values: UnsafeMutableBufferPointer<Float>,
        _ dFinalHidden: UnsafeMutableBufferPointer<Float>
    ) -> Void

    /// Buffers `pathGradients` reuses from one call to the next (a few MB for a 90-step path of
    /// 34 points): pass the same workspace to repeated calls to skip allocating and
    /// page-faulting them each time. A reference: not for use by two threads at once.
    public final class PathWorkspace {
        var caches: [_LSTMLayerCache] = []
        var dGates: [Float] = []
        var slope: [Float] = []

        /// An empty workspace; the first call sizes it.
        public init() {}
    }

    /// What `pathGradients` computed.
    public struct PathGradients: Sendable, Equatable {
        /// `f` at each path position, in the order the positions were given.
        public var values: [Float]
        /// `Σ_p weight_p · ∂f/∂x (b + α_p (x − b))`, `[T, inputSize]` row-major.
        public var weightedInputGradient: [Float]
    }

    /// Integrated-Gradients support: evaluates a scalar head `f(h_T)` on the sequences
    /// `b + α_p (x − b)` of the straight path from `baseline` to `input`, and returns `f` at
    /// every position with the *weighted sum* of the input gradients, `Σ_p w_p ∇ₓf`.
    ///
    /// All the positions with a non-zero weight run as one batch (one `sgemm` per step and
    /// layer); positions with weight zero (e.g. the end points, whose values only are wanted)
    /// run forward only, one `run` each, and take no part in the backward pass. Because the path
    /// is linear in `α`, the first layer's input projection is two `sgemm`s (baseline and
    /// direction) whatever the number of positions, and because only the weighted sum of the
    /// gradients is needed, the first layer's input gradient is one `sgemm` on the weighted sum
    /// of its gate gradients instead of one per position. No weight gradient is computed and
    /// the layer's training caches are untouched.
    ///
    /// - Parameters:
    ///   - baseline: `b`, `[steps, inputSize]` row-major.
    ///   - input: `x`, same shape.
    ///   - steps: `T ≥ 1`.
    ///   - positions: `α_p`, usually in `[0, 1]`.
    ///   - weights: `w_p`, one per position (quadrature weights; zero for a position whose value
    ///     only is wanted).
    ///   - initialState: the state every path sequence starts from (e.g. after the days before
    ///     the explained window, from `run`); `nil`: zeros.
    ///   - head: the scalar function of the top layer's final hidden state.
    /// - Throws: `NeuralNetError.shapeMismatch` when the counts do not match.
    public func pathGradients(from baseline: [Float], to input: [Float], steps: Int, positions: [Float], weights: [Float],
                              initialState: StreamingState? = nil, head: ScalarHead) throws -> PathGradients {
        try pathGradients(from: baseline, to: input, steps: steps, positions: positions, weights: weights,
                          initialState: initialState, workspace: PathWorkspace(), head: head)
    }

    /// `pathGradients` reusing `workspace`'s buffers.
    public func pathGradients(from baseline: [Float], to input: [Float], steps: Int, positions: [Float], weights: [Float],
                              initialState: StreamingState?, workspace: PathWorkspace,
                              head: ScalarHead) throws -> PathGradients {
        try withoutActuallyEscaping(head) { head in
            try pathGradients(from: baseline, to: input, steps: steps, positions: positions, weights: weights,
                              initialState: initialState, workspace: workspace, heads: [head])[0]
        }
    }

    /// `pathGradients` for several scalar heads of the same final hidden state (e.g. the period,
    /// energy and mood heads of one network), one result per head in `heads` order: the forward
    /// recurrence along the path runs once, and only the heads and the backward passes run per head.
    public func pathGradients(from baseline: [Float], to input: [Float], steps: Int, positions: [Float], weights: [Float],
                              initialState: StreamingState?, workspace: PathWorkspace,
                              heads: [ScalarHead]) throws -> [PathGradients] {
        let hidden = hiddenSize, gateCount = 4 * hiddenSize, count = positions.count
        guard steps >= 1, baseline.count == steps * inputSize, input.count == steps * inputSize else {
            throw NeuralNetError.shapeMismatch(operation: "LSTM.pathGradients (baseline, input)", expected: [steps, inputSize],
                                               found: [baseline.count, input.count])
        }
        guard count >= 1, weights.count == count else {
            throw NeuralNetError.shapeMismatch(operation: "LSTM.pathGradients (positions, weights)", expected: [count],
                                               found: [weights.count])
        }
        if let initialState, initialState.hidden.count != layerCount * hidden {
            throw NeuralNetError.shapeMismatch(operation: "LSTM.pathGradients (initialState)", expected: [layerCount, hidden],
                                               found: [initialState.hidden.count / max(initialState.hiddenSize, 1), initialState.hiddenSize])
        }
        func state(_ values: [Float]?, layer: Int) -> [Float]? {
            values.map { Array($0[(layer * hidden)..<((layer + 1) * hidden)]) }
        }
        // A workspace last used by an LSTM of another shape starts afresh.
        let fits = workspace.caches.count == layers.count && workspace.caches.indices.allSatisfy { layer in
            workspace.caches[layer].hiddenSize == hidden && workspace.caches[layer].inputSize == (layer == 0 ? inputSize : hidden)
        }
        if !fits {
            workspace.caches = layers.indices.map { layer in
                _LSTMLayerCache(preactivations: [], input: [], inputSize: layer == 0 ? inputSize : hidden,
                                weightHH: layers[layer].weightHH, steps: 0, batch: 0, hiddenSize: hidden, lengths: [])
            }
        }

        var results = heads.map { _ in
            PathGradients(values: [Float](repeating: 0, count: count),
                          weightedInputGradient: [Float](repeating: 0, count: steps * inputSize))
        }
        let valueOnly = positions.indices.filter { weights[$0] == 0 }
        let weighted = positions.indices.filter { weights[$0] != 0 }
        let direction = zip(input, baseline).map { $0 - $1 }
        let endValues = valuesAlongPath(of: valueOnly.map { positions[$0] }, from: baseline, direction: direction, steps: steps,
                                        initialState: initialState, heads: heads)
        for head in heads.indices {
            for (point, index) in valueOnly.enumerated() { results[head].values[index] = endValues[head][point] }
        }
        guard !weighted.isEmpty else { return results }
        let batch = weighted.count
        let batchPositions = weighted.map { positions[$0] }, batchWeights = weighted.map { weights[$0] }

        // Layer 0: pre-activations bias + W_ih·b_t + α_p W_ih·(x_t − b_t), from two projections.
        let base = _LSTMLayerCache.preactivations(input: baseline, weights: layers[0], rows: steps)
        if workspace.slope.count != steps * gateCount { workspace.slope = [Float](repeating: 0, count: steps * gateCount) }
        direction.withUnsafeBufferPointer { d in
            layers[0].weightIH.withUnsafeBufferPointer { w in
                workspace.slope.withUnsafeMutableBufferPointer { s in
                    BLAS.sgemm(transposeA: false, transposeB: true, m: steps, n: gateCount, k: inputSize, alpha: 1,
                               a: d.baseAddress!, lda: inputSize, b: w.baseAddress!, ldb: inputSize,
                               beta: 0, c: s.baseAddress!, ldc: gateCount)
                }
            }
        }
        let slope = workspace.slope
        workspace.caches[0].rerun(steps: steps, batch: batch, weightHH: layers[0].weightHH,
                                  initialHidden: state(initialState?.hidden, layer: 0),
                                  initialCell: state(initialState?.cell, layer: 0)) { step, target in
            base.withUnsafeBufferPointer { base in
                slope.withUnsafeBufferPointer { slope in
                    let b = base.baseAddress! + step * gateCount, s = slope.baseAddress! + step * gateCount
                    for (point, alpha) in batchPositions.enumerated() {
                        let t = target + point * gateCount
                        for gate in 0..<gateCount { t[gate] = b[gate] + alpha * s[gate] }
                    }
                }
            }
        }
        for layer in 1..<layers.count {
            let below = _LSTMLayerCache.preactivations(input: workspace.caches[layer - 1].outputs, weights: layers[layer],
                                                       rows: steps * batch)
            workspace.caches[layer].rerun(steps: steps, batch: batch, weightHH: layers[layer].weightHH,
                                          initialHidden: state(initialState?.hidden, layer: layer),
                                          initialCell: state(initialState?.cell, layer: layer)) { step, target in
                below.withUnsafeBufferPointer { target.update(from: $0.baseAddress! + step * batch * gateCount, count: batch * gateCount) }
            }
        }

        // Per head: the head on the top layer's final hidden state.
        var batchValues = [Float](repeating: 0, count: batch)
        var dFinalHiddens: [[Float]] = []
        for (headIndex, head) in heads.enumerated() {
            var dFinalHidden = [Float](repeating: 0, count: batch * hidden)
            workspace.caches[layers.count - 1].hiddens.withUnsafeBufferPointer { h in
                batchValues.withUnsafeMutableBufferPointer { v in
                    dFinalHidden.withUnsafeMutableBufferPointer { dh in
                        head(UnsafeBufferPointer(rebasing: h[(steps * batch * hidden)...]), v, dh)
                    }
                }
            }
            for (point, index) in weighted.enumerated() { results[headIndex].values[index] = batchValues[point] }
            dFinalHiddens.append(dFinalHidden)
        }

        // Backward to layer 0's gate gradients, whose sum over the path Σ_p w_p dG_t(p) the cell
        // kernel accumulates per step as it computes them.
        let headStride = steps * gateCount   // weightedGates: [heads, T, 4H]
        var weightedGates = [Float](repeating: 0, count: heads.count * headStride)
        if layers.count == 1 {
            // One layer: the heads walk the steps together (each step's cached gates read once).
            batchWeights.withUnsafeBufferPointer { w in
                workspace.caches[0].weightedGateGradients(dFinalHiddens: dFinalHiddens, weightHH: layers[0].weightHH,
                                                          weights: w.baseAddress!, into: &weightedGates)
            }
        } else {
            for headIndex in heads.indices {
                var dOutputs: [Float]?
                for layer in layers.indices.reversed() {
                    let dFinal = layer == layers.count - 1 ? dFinalHiddens[headIndex] : nil
                    if layer > 0 {
                        workspace.caches[layer].gateGradients(dOutputs: dOutputs, dFinalHidden: dFinal, dFinalCell: nil,
                                                              weightHH: layers[layer].weightHH, into: &workspace.dGates)
                        dOutputs = workspace.caches[layer].inputGradient(dGates: workspace.dGates, weightIH: layers[layer].weightIH)
                        continue
                    }
                    batchWeights.withUnsafeBufferPointer { w in
                        weightedGates.withUnsafeMutableBufferPointer { sums in
                            workspace.caches[0].gateGradients(dOutputs: dOutputs, dFinalHidden: dFinal, dFinalCell: nil,
                                                              weightHH: layers[0].weightHH, into: &workspace.dGates,
                                                              weighted: (w.baseAddress!, sums.baseAddress! + headIndex * headStride))
                        }
                    }
                }
            }
        }

        // Then through W_ih once per head.
        for headIndex in heads.indices {
            weightedGates.withUnsafeBufferPointer { s in
                layers[0].weightIH.withUnsafeBufferPointer { w in
                    results[headIndex].weightedInputGradient.withUnsafeMutableBufferPointer { dx in
                        BLAS.sgemm(transposeA: false, transposeB: false, m: steps, n: inputSize, k: gateCount, alpha: 1,
                                   a: s.baseAddress! + headIndex * headStride, lda: gateCount, b: w.baseAddress!, ldb: inputSize,
                                   beta: 0, c: dx.baseAddress!, ldc: inputSize)
                    }
                }
            }
        }
        return results
    }

    /// Each head's `f` at the path positions `b + α (x − b)` of `alphas`, forward only: one
    /// streaming `run` per position from `initialState`, then every head on all final hidden
    /// states at once.
    private func valuesAlongPath(of alphas: [Float], from baseline: [Float], direction: [Float], steps: Int,
                                 initialState: StreamingState?, heads: [ScalarHead]) -> [[Float]] {
        guard !alphas.isEmpty else { return heads.map { _ in [] } }
        let hidden = hiddenSize, top = (layerCount - 1) * hidden
        var finalHidden = [Float](repeating: 0, count: alphas.count * hidden)
        var sequence = [Float](repeating: 0, count: baseline.count)
        var state = initialState ?? StreamingState(for: self)
        // Each position starts from the same (h, c); the state's scratch buffers stay its own
        // (copying the whole state back would copy them once per position).
        let start = (hidden: state.hidden, cell: state.cell)
        for (point, alpha) in alphas.enumerated() {
            for index in sequence.indices { sequence[index] = baseline[index] + alpha * direction[index] }
            state.hidden = start.hidden
            state.cell = start.cell
            sequence.withUnsafeBufferPointer { run($0.baseAddress!, steps: steps, state: &state, outputs: nil) }
            finalHidden.replaceSubrange((point * hidden)..<((point + 1) * hidden), with: state.hidden[top..<(top + hidden)])
        }
        var unused = [Float](repeating: 0, count: alphas.count * hidden)
        return heads.map { head in
            var values = [Float](repeating: 0, count: alphas.count)
            finalHidden.withUnsafeBufferPointer { h in
                values.withUnsafeMutableBufferPointer { v in
                    unused.withUnsafeMutableBufferPointer { head(h, v, $0) }
                }
            }
            return values
        }
    }
}
