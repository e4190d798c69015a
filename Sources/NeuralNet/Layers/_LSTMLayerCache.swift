import TensorCore

/// One LSTM layer's forward pass over a padded batch and everything its backward pass needs.
///
/// Buffers (row-major, `G = 4H`): `input` `[T·N, I]`; `gates` `[T·N, G]` holding the activated
/// `i, f, g, o`; `cells`, `hiddens` `[(T+1)·N, H]` with the zero initial state at step 0;
/// `tanhCells` `[T·N, H]`; `outputs` `[T·N, H]` (zero past each sequence's length).
struct _LSTMLayerCache: Sendable {
    var steps: Int
    var batch: Int
    let inputSize: Int
    let hiddenSize: Int
    var lengths: [Int]
    var input: [Float]
    var gates: [Float]
    var cells: [Float]
    var hiddens: [Float]
    var tanhCells: [Float]
    var outputs: [Float]
    /// `[T·N, 4H]` gate gradients of the last `backward`, kept to reuse the buffer.
    var dGates: [Float] = []

    /// Runs the forward pass of one layer from a zero state.
    init(input: [Float], weights: LSTM.Weights, steps: Int, batch: Int, hiddenSize: Int, lengths: [Int]) {
        self.init(preactivations: _LSTMLayerCache.preactivations(input: input, weights: weights, rows: steps * batch),
                  input: input, inputSize: weights.weightIH.shape[1], weightHH: weights.weightHH,
                  steps: steps, batch: batch, hiddenSize: hiddenSize, lengths: lengths)
    }

    /// `b_ih + b_hh + W_ih · x` for each of the `rows` input rows: `[rows, 4H]`, one sgemm.
    static func preactivations(input: [Float], weights: LSTM.Weights, rows: Int) -> [Float] {
        var preactivations = [Float](repeating: 0, count: rows * weights.weightIH.shape[0])
        guard rows > 0 else { return preactivations }
        input.withUnsafeBufferPointer { x in
            preactivations.withUnsafeMutableBufferPointer { writePreactivations(input: x.baseAddress!, weights: weights, rows: rows, into: $0.baseAddress!) }
        }
        return preactivations
    }

    /// `preactivations` into `gates` (`[rows, 4H]`, overwritten); `rows` must be positive.
    static func writePreactivations(input: UnsafePointer<Float>, weights: LSTM.Weights, rows: Int, into gates: UnsafeMutablePointer<Float>) {
        let inputSize = weights.weightIH.shape[1], gateCount = weights.weightIH.shape[0]
        weights.biasIH.withUnsafeBufferPointer { biasIH in
            weights.biasHH.withUnsafeBufferPointer { biasHH in
                for column in 0..<gateCount { gates[column] = biasIH[column] + biasHH[column] }
            }
        }
        for row in 1..<rows { (gates + row * gateCount).update(from: gates, count: gateCount) }
        weights.weightIH.withUnsafeBufferPointer { w in
            BLAS.sgemm(transposeA: false, transposeB: true, m: rows, n: gateCount, k: inputSize, alpha: 1,
                       a: input, lda: inputSize, b: w.baseAddress!, ldb: inputSize,
                       beta: 1, c: gates, ldc: gateCount)
        }
    }

    /// Training forward pass again (as `init(input:weights:steps:batch:hiddenSize:lengths:)`),
    /// reusing this cache's buffers when the shape is unchanged, so that repeated training steps
    /// do not allocate and page-fault megabytes each time. `outputs` is always a fresh array
    /// (callers keep it as their output tensor).
    mutating func forward(input: [Float], weights: LSTM.Weights, steps: Int, batch: Int, lengths: [Int]) {
        let hidden = hiddenSize, rows = steps * batch
        if self.steps != steps || self.batch != batch || gates.count != rows * 4 * hidden {
            self.steps = steps
            self.batch = batch
            gates = [Float](repeating: 0, count: rows * 4 * hidden)
            cells = [Float](repeating: 0, count: (steps + 1) * batch * hidden)
            hiddens = [Float](repeating: 0, count: (steps + 1) * batch * hidden)
            tanhCells = [Float](repeating: 0, count: rows * hidden)
        }
        self.lengths = lengths
        self.input = input
        outputs = [Float](repeating: 0, count: rows * hidden)
        if rows > 0 {
            input.withUnsafeBufferPointer { x in
                gates.withUnsafeMutableBufferPointer {
                    _LSTMLayerCache.writePreactivations(input: x.baseAddress!, weights: weights, rows: rows, into: $0.baseAddress!)
                }
            }
        }
        recur(weightHH: weights.weightHH, initialHidden: nil, initialCell: nil)
    }

    /// Runs the recurrence of one layer over precomputed input projections.
    ///
    /// - Parameters:
    ///   - preactivations: `b_ih + b_hh + W_ih · x_t` for every step and sequence, `[T·N, 4H]`.
    ///   - input: the layer's input, kept for weight gradients (empty when none will be asked for).
    ///   - initialHidden, initialCell: `H` values every sequence starts from (`nil`: zeros).
    init(preactivations: consuming [Float], input: [Float], inputSize: Int, weightHH: Tensor, steps: Int, batch: Int,
         hiddenSize: Int, lengths: [Int], initialHidden: [Float]? = nil, initialCell: [Float]? = nil) {
        let rows = steps * batch
        self.steps = steps
        self.batch = batch
        self.inputSize = inputSize
        self.hiddenSize = hiddenSize
        self.lengths = lengths
        self.input = input
        gates = preactivations
        cells = [Float](repeating: 0, count: (steps + 1) * batch * hiddenSize)
        hiddens = [Float](repeating: 0, count: (steps + 1) * batch * hiddenSize)
        tanhCells = [Float](repeating: 0, count: rows * hiddenSize)
        outputs = [Float](repeating: 0, count: rows * hiddenSize)
        recur(weightHH: weightHH, initialHidden: initialHidden, initialCell: initialCell)
    }

    /// Runs the recurrence again for `batch` full-length sequences of `steps` steps, reusing this
    /// cache's buffers (they grow only when the shape changes): `fill` writes each step's
    /// pre-activations (`[N, 4H]`, at the pointer it is given) just before the step runs, while
    /// they stay in cache. Keeps no input (no weight gradients).
    mutating func rerun(steps: Int, batch: Int, weightHH: Tensor, initialHidden: [Float]?, initialCell: [Float]?,
                        fill: (_ step: Int, _ gates: UnsafeMutablePointer<Float>) -> Void) {
        let hidden = hiddenSize, rows = steps * batch
        if self.steps != steps || self.batch != batch {
            self.steps = steps
            self.batch = batch
            gates = [Float](repeating: 0, count: rows * 4 * hidden)
            cells = [Float](repeating: 0, count: (steps + 1) * batch * hidden)
            hiddens = cells
            tanhCells = [Float](repeating: 0, count: rows * hidden)
            outputs = tanhCells
        }
        if lengths.count != batch || lengths.contains(where: { $0 != steps }) {
            lengths = [Int](repeating: steps, count: batch)
        }
        input = []
        recur(weightHH: weightHH, initialHidden: initialHidden, initialCell: initialCell, fill: fill)
    }

    /// The recurrence over `gates` (holding the pre-activations on entry, or written step by step
    /// by `fill`; the activated gates on exit), from the initial state.
    private mutating func recur(weightHH: Tensor, initialHidden: [Float]?, initialCell: [Float]?,
                                fill: (_ step: Int, _ gates: UnsafeMutablePointer<Float>) -> Void = { _, _ in }) {
        let hidden = hiddenSize, gateCount = 4 * hiddenSize, rows = steps * batch
        let steps = steps, batch = batch, lengths = lengths
        let fullSteps = lengths.min() ?? 0  // steps where every sequence is active
        for sequence in 0..<batch {
            let range = (sequence * hidden)..<((sequence + 1) * hidden)
            if let initialHidden { hiddens.replaceSubrange(range, with: initialHidden) } else {
                for index in range { hiddens[index] = 0 }
            }
            if let initialCell { cells.replaceSubrange(range, with: initialCell) } else {
                for index in range { cells[index] = 0 }
            }
        }
        guard rows > 0 else { return }

        gates.withUnsafeMutableBufferPointer { gatesBuffer in
            let gatesPointer = gatesBuffer.baseAddress!
            cells.withUnsafeMutableBufferPointer { cellsBuffer in
                hiddens.withUnsafeMutableBufferPointer { hiddensBuffer in
                    tanhCells.withUnsafeMutableBufferPointer { tanhBuffer in
                        outputs.withUnsafeMutableBufferPointer { outputsBuffer in
                            // W_hhᵀ (`[H, 4H]`) for a batch: OpenBLAS's plain (NN) product of these shapes is
                            // faster than the transposed one (7.2 µs vs 8.8 µs for 96 × 32 · 32 × 128, SkylakeX).
                            let recurrent = batch == 1 ? weightHH : weightHH.transposed()
                            recurrent.withUnsafeBufferPointer { whh in
                                for step in 0..<steps {
                                    let stepGates = gatesPointer + step * batch * gateCount
                                    let previousHidden = hiddensBuffer.baseAddress! + step * batch * hidden
                                    let previousCell = cellsBuffer.baseAddress! + step * batch * hidden
                                    let nextHidden = previousHidden + batch * hidden
                                    let nextCell = previousCell + batch * hidden
                                    fill(step, stepGates)
                                    // Recurrent term: G_t += h_{t-1} · W_hhᵀ.
                                    if batch == 1 {
                                        BLAS.sgemv(transpose: false, rows: gateCount, columns: hidden, alpha: 1,
                                                   a: whh.baseAddress!, lda: hidden, x: previousHidden, beta: 1, y: stepGates)
                                    } else {
                                        BLAS.sgemm(transposeA: false, transposeB: false, m: batch, n: gateCount, k: hidden, alpha: 1,
                                                   a: previousHidden, lda: hidden, b: whh.baseAddress!, ldb: gateCount,
                                                   beta: 1, c: stepGates, ldc: gateCount)
                                    }
                                    let stepTanh = tanhBuffer.baseAddress! + (step * batch) * hidden
                                    let stepOutputs = outputsBuffer.baseAddress! + (step * batch) * hidden
                                    if step < fullSteps {
                                        // Every sequence is active: one kernel call for the whole batch.
                                        _LSTMKernels.cellForward(gates: stepGates, previousCell: previousCell, cell: nextCell,
                                                                 tanhCell: stepTanh, hidden: nextHidden, hiddenSize: hidden, batch: batch)
                                        stepOutputs.update(from: nextHidden, count: batch * hidden)
                                        continue
                                    }
                                    for sequence in 0..<batch {
                                        let offset = sequence * hidden
                                        if step < lengths[sequence] {
                                            _LSTMKernels.cellForward(
                                                gates: stepGates + sequence * gateCount, previousCell: previousCell + offset,
                                                cell: nextCell + offset, tanhCell: stepTanh + offset,
                                                hidden: nextHidden + offset, hiddenSize: hidden)
                                            (stepOutputs + offset).update(from: nextHidden + offset, count: hidden)
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
    /// the gradient w.r.t. this layer's input, `[T·N, I]` (`nil` when `needsInputGradient` is
    /// `false`: the first layer of a network whose input is data).
    mutating func backward(dOutputs: [Float], dFinalHidden: [Float]?, dFinalCell: [Float]?,
                           weights: LSTM.Weights, gradients: inout LSTM.Weights, needsInputGradient: Bool = true) -> [Float]? {
        let hidden = hiddenSize, gateCount = 4 * hiddenSize, rows = steps * batch
        guard rows > 0 else { return needsInputGradient ? [Float](repeating: 0, count: rows * inputSize) : nil }
        var dGates = self.dGates
        self.dGates = []
        // Weight gradients step by step, while each step's dG is in cache (one long-K sgemm over
        // all steps measured slower): dW_ih += dG_tᵀ · x_t, dW_hh += dG_tᵀ · h_{t-1} (masked rows
        // are zero); both biases get Σ dG, summed once into `columnSums`.
        let inputSize = inputSize, batch = batch
        var columnSums = [Float](repeating: 0, count: gateCount)
        input.withUnsafeBufferPointer { x in
            hiddens.withUnsafeBufferPointer { h in
                gradients.weightIH.withUnsafeMutableBufferPointer { dwIH in
                    gradients.weightHH.withUnsafeMutableBufferPointer { dwHH in
                        columnSums.withUnsafeMutableBufferPointer { sums in
                            gateGradients(dOutputs: dOutputs, dFinalHidden: dFinalHidden, dFinalCell: dFinalCell,
                                          weightHH: weights.weightHH, into: &dGates) { step, dGatesStep in
                                BLAS.sgemm(transposeA: true, transposeB: false, m: gateCount, n: inputSize, k: batch, alpha: 1,
                                           a: dGatesStep, lda: gateCount, b: x.baseAddress! + step * batch * inputSize, ldb: inputSize,
                                           beta: 1, c: dwIH.baseAddress!, ldc: inputSize)
                                BLAS.sgemm(transposeA: true, transposeB: false, m: gateCount, n: hidden, k: batch, alpha: 1,
                                           a: dGatesStep, lda: gateCount, b: h.baseAddress! + step * batch * hidden, ldb: hidden,
                                           beta: 1, c: dwHH.baseAddress!, ldc: hidden)
                                for row in 0..<batch {
                                    let source = dGatesStep + row * gateCount
                                    for column in 0..<gateCount { sums[column] += source[column] }
                                }
                            }
                        }
                    }
                }
            }
        }
        gradients.biasIH.withUnsafeMutableBufferPointer { dbIH in
            gradients.biasHH.withUnsafeMutableBufferPointer { dbHH in
                for column in 0..<gateCount {
                    dbIH[column] += columnSums[column]
                    dbHH[column] += columnSums[column]
                }
            }
        }
        defer { self.dGates = dGates }
        return needsInputGradient ? inputGradient(dGates: dGates, weightIH: weights.weightIH) : nil
    }

    /// `dX = dG · W_ih`, `[T·N, I]`, for gate gradients `dG` `[T·N, 4H]` of this layer.
    func inputGradient(dGates: [Float], weightIH: Tensor) -> [Float] {
        let gateCount = 4 * hiddenSize, rows = steps * batch
        var dInput = [Float](repeating: 0, count: rows * inputSize)
        guard rows > 0 else { return dInput }
        dGates.withUnsafeBufferPointer { dG in
            dInput.withUnsafeMutableBufferPointer { dx in
                weightIH.withUnsafeBufferPointer { w in
                    BLAS.sgemm(transposeA: false, transposeB: false, m: rows, n: inputSize, k: gateCount, alpha: 1,
                               a: dG.baseAddress!, lda: gateCount, b: w.baseAddress!, ldb: inputSize,
                               beta: 0, c: dx.baseAddress!, ldc: inputSize)
                }
            }
        }
        return dInput
    }

    /// The BPTT walk: the gradient w.r.t. the gate pre-activations `[T·N, 4H]` (zero past each
    /// sequence's length), given the gradients w.r.t. the outputs (`nil`: the loss does not use
    /// them) and the final states.
    func gateGradients(dOutputs: [Float]?, dFinalHidden: [Float]?, dFinalCell: [Float]?, weightHH: Tensor) -> [Float] {
        var dGates: [Float] = []
        gateGradients(dOutputs: dOutputs, dFinalHidden: dFinalHidden, dFinalCell: dFinalCell, weightHH: weightHH, into: &dGates)
        return dGates
    }

    /// `dHidden = dGates · W_hh` for `rows` sequences of one step (`[rows, 4H] · [4H, H]`): what
    /// the step's gate gradients send to the hidden state before it.
    private static func hiddenGradient(of dGates: UnsafePointer<Float>, rows: Int, hiddenSize hidden: Int,
                                       weightHH: UnsafePointer<Float>, into dHidden: UnsafeMutablePointer<Float>) {
        let gateCount = 4 * hidden
        if rows == 1 {
            BLAS.sgemv(transpose: true, rows: gateCount, columns: hidden, alpha: 1, a: weightHH, lda: hidden, x: dGates,
                       beta: 0, y: dHidden)
        } else {
            BLAS.sgemm(transposeA: false, transposeB: false, m: rows, n: hidden, k: gateCount, alpha: 1,
                       a: dGates, lda: gateCount, b: weightHH, ldb: hidden, beta: 0, c: dHidden, ldc: hidden)
        }
    }

    /// The cached activated gates, the cells each step started from and tanh of the cells, with
    /// `weightHH`, as base pointers for a backward walk over the steps.
    func withBackwardReads<Result>(weightHH: Tensor, _ body: (_ gates: UnsafePointer<Float>, _ previousCells: UnsafePointer<Float>,
                                                              _ tanhCells: UnsafePointer<Float>, _ weightHH: UnsafePointer<Float>) -> Result) -> Result {
        gates.withUnsafeBufferPointer { gates in
            cells.withUnsafeBufferPointer { cells in
                tanhCells.withUnsafeBufferPointer { tanhCells in
                    weightHH.withUnsafeBufferPointer { weightHH in
                        body(gates.baseAddress!, cells.baseAddress!, tanhCells.baseAddress!, weightHH.baseAddress!)
                    }
                }
            }
        }
    }

    /// Integrated Gradients' backward pass for several heads at once (full-length sequences, no
    /// output gradients, no final cell gradient): adds to head `k`'s `[T, 4H]` block of `sums`
    /// (`[heads, T, 4H]`) what `gateGradients(dOutputs: nil, dFinalHidden: dFinalHiddens[k],
    /// dFinalCell: nil, weightHH:, into:, weighted:)` adds, by the same operations in the same
    /// order, with the steps outside and the heads inside: each step's cached gates and cells are
    /// read from memory once for all heads, and each head's gate gradients live in one `[N, 4H]` block.
    func weightedGateGradients(dFinalHiddens: [[Float]], weightHH: Tensor, weights: UnsafePointer<Float>,
                               into sums: inout [Float]) {
        let hidden = hiddenSize, gateCount = 4 * hiddenSize, heads = dFinalHiddens.count
        precondition(lengths.allSatisfy { $0 == steps }, "weightedGateGradients: full-length sequences only")
        precondition(sums.count == heads * steps * gateCount, "weightedGateGradients: one [T, 4H] block per head")
        guard steps * batch > 0, heads > 0 else { return }
        var dHidden = dFinalHiddens.flatMap { $0 }   // [heads, N, H]
        var dCell = [Float](repeating: 0, count: heads * batch * hidden)
        var dGates = [Float](repeating: 0, count: heads * batch * gateCount)
        sums.withUnsafeMutableBufferPointer { sums in
            dHidden.withUnsafeMutableBufferPointer { dh in
                dCell.withUnsafeMutableBufferPointer { dc in
                    dGates.withUnsafeMutableBufferPointer { dg in
                        withBackwardReads(weightHH: weightHH) { cachedGates, previousCells, cachedTanh, recurrent in
                            for step in stride(from: steps - 1, through: 0, by: -1) {
                                let stepRow = step * batch
                                for head in 0..<heads {
                                    let headHidden = dh.baseAddress! + head * batch * hidden
                                    let headGates = dg.baseAddress! + head * batch * gateCount
                                    _LSTMKernels.cellBackward(
                                        gates: cachedGates + stepRow * gateCount,
                                        previousCell: previousCells + stepRow * hidden,
                                        tanhCell: cachedTanh + stepRow * hidden,
                                        dHidden: headHidden, dCell: dc.baseAddress! + head * batch * hidden,
                                        dGates: headGates, hiddenSize: hidden, batch: batch,
                                        weighted: (weights, sums.baseAddress! + (head * steps + step) * gateCount))
                                    Self.hiddenGradient(of: headGates, rows: batch, hiddenSize: hidden,
                                                        weightHH: recurrent, into: headHidden)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// `gateGradients` into a reused buffer (resized to `[T·N, 4H]` when needed). `stepDone`
    /// is called with each step and its `[N, 4H]` gate gradients as soon as they are final (steps
    /// in reverse order), while they are still in cache. With `weighted` (full-length sequences
    /// only), `Σ_n weights_n · dG_t(n)` is added to `sums[t · 4H ..< (t + 1) · 4H]` for every step
    /// (Integrated Gradients' weighted sum over the path), as each step's gradients are computed.
    func gateGradients(dOutputs: [Float]?, dFinalHidden: [Float]?, dFinalCell: [Float]?, weightHH: Tensor,
                       into dGates: inout [Float],
                       weighted: (weights: UnsafePointer<Float>, sums: UnsafeMutablePointer<Float>)? = nil,
                       stepDone: (_ step: Int, _ dGates: UnsafePointer<Float>) -> Void = { _, _ in }) {
        let hidden = hiddenSize, gateCount = 4 * hiddenSize, rows = steps * batch
        precondition(weighted == nil || lengths.allSatisfy { $0 == steps }, "gateGradients: weighted sums need full-length sequences")
        if dGates.count != rows * gateCount {
            dGates = [Float](repeating: 0, count: rows * gateCount)
        } else if lengths.contains(where: { $0 < steps }) {
            dGates.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
        guard rows > 0 else { return }
        var dHidden = dFinalHidden ?? [Float](repeating: 0, count: batch * hidden)
        var dCell = dFinalCell ?? [Float](repeating: 0, count: batch * hidden)
        var dPreviousHidden = [Float](repeating: 0, count: batch * hidden)
        let fullSteps = lengths.min() ?? 0  // steps where every sequence is active

        dGates.withUnsafeMutableBufferPointer { dGatesBuffer in
            let dGatesPointer = dGatesBuffer.baseAddress!
            dHidden.withUnsafeMutableBufferPointer { dh in
                dCell.withUnsafeMutableBufferPointer { dc in
                    dPreviousHidden.withUnsafeMutableBufferPointer { dhPrevious in
                        withBackwardReads(weightHH: weightHH) { cachedGates, previousCells, cachedTanh, recurrent in
                            for step in stride(from: steps - 1, through: 0, by: -1) {
                                let stepRow = step * batch
                                if let dOutputs, step < fullSteps {
                                    dOutputs.withUnsafeBufferPointer { dy in
                                        BLAS.saxpy(count: batch * hidden, alpha: 1, x: dy.baseAddress! + stepRow * hidden, y: dh.baseAddress!)
                                    }
                                }
                                if step < fullSteps {
                                    // Every sequence is active: one kernel call for the whole batch.
                                    _LSTMKernels.cellBackward(
                                        gates: cachedGates + stepRow * gateCount,
                                        previousCell: previousCells + stepRow * hidden,
                                        tanhCell: cachedTanh + stepRow * hidden,
                                        dHidden: dh.baseAddress!, dCell: dc.baseAddress!,
                                        dGates: dGatesPointer + stepRow * gateCount, hiddenSize: hidden, batch: batch,
                                        weighted: weighted.map { ($0.weights, $0.sums + step * gateCount) })
                                }
                                for sequence in 0..<batch where step >= fullSteps && step < lengths[sequence] {
                                    let offset = sequence * hidden
                                    if let dOutputs {
                                        dOutputs.withUnsafeBufferPointer { dy in
                                            BLAS.saxpy(count: hidden, alpha: 1, x: dy.baseAddress! + (stepRow * hidden) + offset,
                                                       y: dh.baseAddress! + offset)
                                        }
                                    }
                                    _LSTMKernels.cellBackward(
                                        gates: cachedGates + (stepRow + sequence) * gateCount,
                                        previousCell: previousCells + stepRow * hidden + offset,
                                        tanhCell: cachedTanh + stepRow * hidden + offset,
                                        dHidden: dh.baseAddress! + offset, dCell: dc.baseAddress! + offset,
                                        dGates: dGatesPointer + (stepRow + sequence) * gateCount, hiddenSize: hidden)
                                }
                                // dh_{t-1} = dG_t · W_hh for active sequences; carried unchanged otherwise.
                                let stepGradients = dGatesPointer + stepRow * gateCount
                                if batch == 1 {
                                    if step < lengths[0] {
                                        Self.hiddenGradient(of: stepGradients, rows: 1, hiddenSize: hidden,
                                                            weightHH: recurrent, into: dh.baseAddress!)
                                    }
                                } else if step < fullSteps {
                                    Self.hiddenGradient(of: stepGradients, rows: batch, hiddenSize: hidden,
                                                        weightHH: recurrent, into: dh.baseAddress!)
                                } else {
                                    Self.hiddenGradient(of: stepGradients, rows: batch, hiddenSize: hidden,
                                                        weightHH: recurrent, into: dhPrevious.baseAddress!)
                                    for sequence in 0..<batch where step < lengths[sequence] {
                                        let offset = sequence * hidden
                                        (dh.baseAddress! + offset).update(from: dhPrevious.baseAddress! + offset, count: hidden)
                                    }
                                }
                                stepDone(step, UnsafePointer(stepGradients))
                            }
                        }
                    }
                }
            }
        }
    }
}
