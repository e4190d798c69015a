import Dispatch
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
    /// cache's buffers (they grow only when the shape changes): `fill` writes the
    /// pre-activations into the `[T·N, 4H]` gate buffer first. Keeps no input (no weight gradients).
    mutating func rerun(steps: Int, batch: Int, weightHH: Tensor, initialHidden: [Float]?, initialCell: [Float]?,
                        fill: (UnsafeMutableBufferPointer<Float>) -> Void) {
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
        gates.withUnsafeMutableBufferPointer { fill($0) }
        recur(weightHH: weightHH, initialHidden: initialHidden, initialCell: initialCell)
    }

    /// The recurrence over `gates` (holding the pre-activations on entry, the activated gates on
    /// exit), from the initial state.
    private mutating func recur(weightHH: Tensor, initialHidden: [Float]?, initialCell: [Float]?) {
        let hidden = hiddenSize, gateCount = 4 * hiddenSize, rows = steps * batch
        let steps = steps, batch = batch, lengths = lengths
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

        let blocks = _LSTMLayerCache.sequenceBlockCount(batch: batch, hiddenSize: hidden)
        gates.withUnsafeMutableBufferPointer { gatesBuffer in
            cells.withUnsafeMutableBufferPointer { cellsBuffer in
                hiddens.withUnsafeMutableBufferPointer { hiddensBuffer in
                    tanhCells.withUnsafeMutableBufferPointer { tanhBuffer in
                        outputs.withUnsafeMutableBufferPointer { outputsBuffer in
                            weightHH.withUnsafeBufferPointer { whhBuffer in
                                let gatesPointer = _SendablePointer(gatesBuffer.baseAddress!), cellsPointer = _SendablePointer(cellsBuffer.baseAddress!)
                                let hiddensPointer = _SendablePointer(hiddensBuffer.baseAddress!), tanhPointer = _SendablePointer(tanhBuffer.baseAddress!)
                                let outputsPointer = _SendablePointer(outputsBuffer.baseAddress!)
                                let whh = _SendablePointer(UnsafeMutablePointer(mutating: whhBuffer.baseAddress!))
                                // Sequences are independent: each block of them runs all its steps on its own.
                                let runBlock: @Sendable (Int) -> Void = { block in
                                    let lower = batch * block / blocks, upper = batch * (block + 1) / blocks, count = upper - lower
                                    for step in 0..<steps {
                                        let stepGates = gatesPointer.pointer + step * batch * gateCount
                                        let previousHidden = hiddensPointer.pointer + step * batch * hidden
                                        let previousCell = cellsPointer.pointer + step * batch * hidden
                                        let nextHidden = previousHidden + batch * hidden
                                        let nextCell = previousCell + batch * hidden
                                        // Recurrent term: G_t += h_{t-1} · W_hhᵀ.
                                        if count == 1 {
                                            BLAS.sgemv(transpose: false, rows: gateCount, columns: hidden, alpha: 1,
                                                       a: whh.pointer, lda: hidden, x: previousHidden + lower * hidden, beta: 1,
                                                       y: stepGates + lower * gateCount)
                                        } else {
                                            BLAS.sgemm(transposeA: false, transposeB: true, m: count, n: gateCount, k: hidden, alpha: 1,
                                                       a: previousHidden + lower * hidden, lda: hidden, b: whh.pointer, ldb: hidden,
                                                       beta: 1, c: stepGates + lower * gateCount, ldc: gateCount)
                                        }
                                        for sequence in lower..<upper {
                                            let offset = sequence * hidden
                                            if step < lengths[sequence] {
                                                _LSTMKernels.cellForward(
                                                    gates: stepGates + sequence * gateCount, previousCell: previousCell + offset,
                                                    cell: nextCell + offset, tanhCell: tanhPointer.pointer + (step * batch) * hidden + offset,
                                                    hidden: nextHidden + offset, hiddenSize: hidden)
                                                (outputsPointer.pointer + (step * batch) * hidden + offset)
                                                    .update(from: nextHidden + offset, count: hidden)
                                            } else {
                                                (nextHidden + offset).update(from: previousHidden + offset, count: hidden)
                                                (nextCell + offset).update(from: previousCell + offset, count: hidden)
                                            }
                                        }
                                    }
                                }
                                if blocks > 1 {
                                    DispatchQueue.concurrentPerform(iterations: blocks, execute: runBlock)
                                } else {
                                    runBlock(0)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// How many blocks of sequences the recurrences run in parallel: one per BLAS thread, each of
    /// at least 16 sequences, and only while a block's per-step product stays below OpenBLAS's
    /// own threading threshold (`M·N·K ≤ 262,144`), so that concurrent calls run single-threaded
    /// in their caller. Results depend on the block count only through which thread computes a
    /// row, so a given thread count gives the same bytes every run.
    static func sequenceBlockCount(batch: Int, hiddenSize: Int) -> Int {
        let blocks = max(1, min(BLAS.threadCount, batch / 16))
        guard blocks > 1, (batch / blocks + 1) * 4 * hiddenSize * hiddenSize <= 262_144 else { return 1 }
        return blocks
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
        // are zero) and Σ dG for both biases, into one partial sum per block of sequences, added
        // in block order at the end.
        let inputSize = inputSize, batch = batch
        let blocks = _LSTMLayerCache.sequenceBlockCount(batch: batch, hiddenSize: hidden)
        let ihCount = gateCount * inputSize, hhCount = gateCount * hidden, partialCount = ihCount + hhCount + gateCount
        var partials = [Float](repeating: 0, count: blocks * partialCount)
        input.withUnsafeBufferPointer { xBuffer in
            hiddens.withUnsafeBufferPointer { hBuffer in
                partials.withUnsafeMutableBufferPointer { partialsBuffer in
                    let x = _SendablePointer(UnsafeMutablePointer(mutating: xBuffer.baseAddress!))
                    let h = _SendablePointer(UnsafeMutablePointer(mutating: hBuffer.baseAddress!))
                    let partial = _SendablePointer(partialsBuffer.baseAddress!)
                    gateGradients(dOutputs: dOutputs, dFinalHidden: dFinalHidden, dFinalCell: dFinalCell,
                                  weightHH: weights.weightHH, into: &dGates, blocks: blocks) { block, step, sequences, dGatesStep in
                        let dwIH = partial.pointer + block * partialCount, dwHH = dwIH + ihCount, sums = dwHH + hhCount
                        let firstRow = step * batch + sequences.lowerBound
                        BLAS.sgemm(transposeA: true, transposeB: false, m: gateCount, n: inputSize, k: sequences.count, alpha: 1,
                                   a: dGatesStep, lda: gateCount, b: x.pointer + firstRow * inputSize, ldb: inputSize,
                                   beta: 1, c: dwIH, ldc: inputSize)
                        BLAS.sgemm(transposeA: true, transposeB: false, m: gateCount, n: hidden, k: sequences.count, alpha: 1,
                                   a: dGatesStep, lda: gateCount, b: h.pointer + firstRow * hidden, ldb: hidden,
                                   beta: 1, c: dwHH, ldc: hidden)
                        for row in 0..<sequences.count {
                            let source = dGatesStep + row * gateCount
                            for column in 0..<gateCount { sums[column] += source[column] }
                        }
                    }
                }
            }
        }
        partials.withUnsafeBufferPointer { partial in
            for block in 0..<blocks {
                let base = partial.baseAddress! + block * partialCount
                gradients.weightIH.withUnsafeMutableBufferPointer { dw in
                    for index in 0..<ihCount { dw[index] += base[index] }
                }
                gradients.weightHH.withUnsafeMutableBufferPointer { dw in
                    for index in 0..<hhCount { dw[index] += base[ihCount + index] }
                }
                gradients.biasIH.withUnsafeMutableBufferPointer { dbIH in
                    gradients.biasHH.withUnsafeMutableBufferPointer { dbHH in
                        for column in 0..<gateCount {
                            dbIH[column] += base[ihCount + hhCount + column]
                            dbHH[column] += base[ihCount + hhCount + column]
                        }
                    }
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

    /// `gateGradients` into a reused buffer (resized to `[T·N, 4H]` when needed), with the
    /// sequences split into `blocks` blocks walked in parallel (see `sequenceBlockCount`).
    /// `stepDone` is called, from the block's thread, with each block, step, the block's sequences
    /// and their `[count, 4H]` gate gradients as soon as they are final (steps in reverse order),
    /// while they are still in cache.
    func gateGradients(dOutputs: [Float]?, dFinalHidden: [Float]?, dFinalCell: [Float]?, weightHH: Tensor,
                       into dGates: inout [Float], blocks: Int = 1,
                       stepDone: @Sendable (_ block: Int, _ step: Int, _ sequences: Range<Int>, _ dGates: UnsafePointer<Float>) -> Void
                           = { _, _, _, _ in }) {
        let hidden = hiddenSize, gateCount = 4 * hiddenSize, rows = steps * batch
        let steps = steps, batch = batch, lengths = lengths
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
            dHidden.withUnsafeMutableBufferPointer { dhBuffer in
                dCell.withUnsafeMutableBufferPointer { dcBuffer in
                    dPreviousHidden.withUnsafeMutableBufferPointer { dhPreviousBuffer in
                        gates.withUnsafeBufferPointer { gatesBuffer in
                            cells.withUnsafeBufferPointer { cellsBuffer in
                                tanhCells.withUnsafeBufferPointer { tanhBuffer in
                                    weightHH.withUnsafeBufferPointer { whhBuffer in
                                        let dGatesPointer = _SendablePointer(dGatesBuffer.baseAddress!)
                                        let dh = _SendablePointer(dhBuffer.baseAddress!), dc = _SendablePointer(dcBuffer.baseAddress!)
                                        let dhPrevious = _SendablePointer(dhPreviousBuffer.baseAddress!)
                                        let gatesPointer = _SendablePointer(UnsafeMutablePointer(mutating: gatesBuffer.baseAddress!))
                                        let cellsPointer = _SendablePointer(UnsafeMutablePointer(mutating: cellsBuffer.baseAddress!))
                                        let tanhPointer = _SendablePointer(UnsafeMutablePointer(mutating: tanhBuffer.baseAddress!))
                                        let whh = _SendablePointer(UnsafeMutablePointer(mutating: whhBuffer.baseAddress!))
                                        withoutActuallyEscaping(stepDone) { stepDone in
                                        let walkBlock: @Sendable (Int) -> Void = { block in
                                            let lower = batch * block / blocks, upper = batch * (block + 1) / blocks, count = upper - lower
                                            for step in stride(from: steps - 1, through: 0, by: -1) {
                                                let stepRow = step * batch
                                                if let dOutputs, step < fullSteps {
                                                    dOutputs.withUnsafeBufferPointer { dy in
                                                        BLAS.saxpy(count: count * hidden, alpha: 1, x: dy.baseAddress! + (stepRow + lower) * hidden,
                                                                   y: dh.pointer + lower * hidden)
                                                    }
                                                }
                                                for sequence in lower..<upper where step < lengths[sequence] {
                                                    let offset = sequence * hidden
                                                    if let dOutputs, step >= fullSteps {
                                                        dOutputs.withUnsafeBufferPointer { dy in
                                                            BLAS.saxpy(count: hidden, alpha: 1, x: dy.baseAddress! + (stepRow * hidden) + offset,
                                                                       y: dh.pointer + offset)
                                                        }
                                                    }
                                                    _LSTMKernels.cellBackward(
                                                        gates: gatesPointer.pointer + (stepRow + sequence) * gateCount,
                                                        previousCell: cellsPointer.pointer + stepRow * hidden + offset,
                                                        tanhCell: tanhPointer.pointer + stepRow * hidden + offset,
                                                        dHidden: dh.pointer + offset, dCell: dc.pointer + offset,
                                                        dGates: dGatesPointer.pointer + (stepRow + sequence) * gateCount, hiddenSize: hidden)
                                                }
                                                // dh_{t-1} = dG_t · W_hh for active sequences; carried unchanged otherwise.
                                                let stepGates = dGatesPointer.pointer + (stepRow + lower) * gateCount
                                                if count == 1 {
                                                    if step < lengths[lower] {
                                                        BLAS.sgemv(transpose: true, rows: gateCount, columns: hidden, alpha: 1,
                                                                   a: whh.pointer, lda: hidden, x: stepGates,
                                                                   beta: 0, y: dh.pointer + lower * hidden)
                                                    }
                                                } else if step < fullSteps {
                                                    BLAS.sgemm(transposeA: false, transposeB: false, m: count, n: hidden, k: gateCount, alpha: 1,
                                                               a: stepGates, lda: gateCount, b: whh.pointer, ldb: hidden,
                                                               beta: 0, c: dh.pointer + lower * hidden, ldc: hidden)
                                                } else {
                                                    BLAS.sgemm(transposeA: false, transposeB: false, m: count, n: hidden, k: gateCount, alpha: 1,
                                                               a: stepGates, lda: gateCount, b: whh.pointer, ldb: hidden,
                                                               beta: 0, c: dhPrevious.pointer + lower * hidden, ldc: hidden)
                                                    for sequence in lower..<upper where step < lengths[sequence] {
                                                        let offset = sequence * hidden
                                                        (dh.pointer + offset).update(from: dhPrevious.pointer + offset, count: hidden)
                                                    }
                                                }
                                                stepDone(block, step, lower..<upper, UnsafePointer(stepGates))
                                            }
                                        }
                                        if blocks > 1 {
                                            DispatchQueue.concurrentPerform(iterations: blocks, execute: walkBlock)
                                        } else {
                                            walkBlock(0)
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
}
