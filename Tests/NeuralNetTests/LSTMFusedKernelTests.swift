import Foundation
import Testing
import TensorCore
@testable import NeuralNet

/// The fused batch-1 inference kernel (`CNeuralNetKernels`: AVX-512, AVX2 + FMA, or NEON) against
/// the BLAS path it replaces on such CPUs, every instantiation this CPU runs against the portable C
/// one (bit for bit), against PyTorch, and its activations against Foundation's; the batched cell
/// update and its backward pass against a double-precision reference.
@Suite(.enabled(if: _LSTMFusedKernel.isAvailable, "no fast instantiation on this CPU: the BLAS path runs instead"))
struct LSTMFusedKernelTests {
    /// Normwise relative difference `max|a - b| / max|b|`: two float32 evaluations in different
    /// orders (fused multiply-adds, other summation order) differ by rounding noise of the
    /// size of the largest terms, not of each entry (measured here up to 3e-7).
    static func relativeDifference(_ a: [Float], _ b: [Float]) -> Float {
        precondition(a.count == b.count)
        let scale = max(b.map(abs).max() ?? 0, .leastNormalMagnitude)
        return (zip(a, b).map { abs($0 - $1) }.max() ?? 0) / scale
    }

    /// `run` over `steps` inputs from a zero state: outputs `[steps, H]` and the final state.
    static func run(_ lstm: LSTM, _ input: [Float], steps: Int, fused: Bool) -> (outputs: [Float], state: LSTM.StreamingState) {
        var state = LSTM.StreamingState(for: lstm)
        var outputs = [Float](repeating: 0, count: steps * lstm.hiddenSize)
        input.withUnsafeBufferPointer { x in
            outputs.withUnsafeMutableBufferPointer {
                lstm.run(x.baseAddress!, steps: steps, state: &state, outputs: $0.baseAddress!, usesFusedKernel: fused)
            }
        }
        return (outputs, state)
    }

    @Test(arguments: [(24, 32, 1, 90), (3, 5, 2, 8), (7, 20, 1, 13), (16, 16, 3, 5)])
    func runAndStepEqualTheBLASPath(shape: (inputSize: Int, hiddenSize: Int, layers: Int, steps: Int)) {
        var generator = SeededGenerator(seed: 80)
        let lstm = LSTM(inputSize: shape.inputSize, hiddenSize: shape.hiddenSize, layerCount: shape.layers, using: &generator)
        let input = GradientCheck.random([shape.steps, 1, shape.inputSize], seed: 81).scalars
        let fused = Self.run(lstm, input, steps: shape.steps, fused: true)
        let blas = Self.run(lstm, input, steps: shape.steps, fused: false)
        #expect(Self.relativeDifference(fused.outputs, blas.outputs) <= 1e-6)
        #expect(Self.relativeDifference(fused.state.hidden, blas.state.hidden) <= 1e-6)
        #expect(Self.relativeDifference(fused.state.cell, blas.state.cell) <= 1e-6)

        // Without outputs (as `LSTMCyclePredictor` primes its state): the same final state.
        var silentState = LSTM.StreamingState(for: lstm)
        input.withUnsafeBufferPointer { lstm.run($0.baseAddress!, steps: shape.steps, state: &silentState, outputs: nil, usesFusedKernel: true) }
        #expect(silentState.hidden == fused.state.hidden && silentState.cell == fused.state.cell)

        // Streaming, step by step, on both paths: the same states as each other and as `run`.
        var fusedState = LSTM.StreamingState(for: lstm), blasState = fusedState
        input.withUnsafeBufferPointer { x in
            for step in 0..<shape.steps {
                lstm.step(x.baseAddress! + step * shape.inputSize, state: &fusedState, usesFusedKernel: true)
                lstm.step(x.baseAddress! + step * shape.inputSize, state: &blasState, usesFusedKernel: false)
            }
        }
        #expect(Self.relativeDifference(fusedState.hidden, blasState.hidden) <= 1e-6)
        #expect(Self.relativeDifference(fusedState.cell, blasState.cell) <= 1e-6)
        #expect(Self.relativeDifference(fusedState.hidden, fused.state.hidden) <= 1e-6)
    }

    /// Quadrature weights of 5 path points, for the weighted sum of the cell's backward pass.
    static let pathWeights: [Float] = [0.1, 0.25, 0.3, 0.2, 0.15]

    /// The fast instantiations this CPU runs (AVX-512 and AVX2 on an AVX-512 CPU).
    static let fastInstructionSets = VectorMath.InstructionSet.allCases.filter { $0 != .portable && $0.isSupported }

    /// `[inputSize, hiddenSize, steps]`: multiples of the vector widths and tails (13 and 70 units
    /// leave 5 and 6 lanes over), one step, and an input as wide as the state (run in place).
    @Test(arguments: [[11, 32, 7], [3, 13, 5], [32, 32, 9], [6, 70, 4], [1, 1, 1], [24, 24, 6], [24, 32, 90], [5, 48, 3]])
    func fastInstantiationsEqualThePortableOneBitForBit(shape: [Int]) {
        let (inputSize, hiddenSize, steps) = (shape[0], shape[1], shape[2])
        let gateCount = 4 * hiddenSize
        let input = GradientCheck.random([steps, inputSize], seed: 82).scalars.map { 3 * $0 }
        let weights = GradientCheck.random([inputSize + hiddenSize, gateCount], seed: 83).scalars
        let bias = GradientCheck.random([gateCount], seed: 84).scalars
        let start = (0..<hiddenSize).map { 0.1 * Float($0 % 17) - 0.5 }
        func run(_ instructionSet: VectorMath.InstructionSet, inPlace: Bool) -> [Float] {
            var hidden = start, cell = start
            var gates = [Float](repeating: 0, count: steps * gateCount)
            var outputs = inPlace ? input : [Float](repeating: 0, count: steps * hiddenSize)
            _ = input.withUnsafeBufferPointer { x in
                outputs.withUnsafeMutableBufferPointer { out in
                    _LSTMFusedKernel.layerInference(in: instructionSet, input: inPlace ? UnsafePointer(out.baseAddress!) : x.baseAddress!,
                                                    steps: steps, inputSize: inputSize, hiddenSize: hiddenSize, weights: weights,
                                                    bias: bias, hidden: &hidden, cell: &cell, gates: &gates, outputs: out.baseAddress!)
                }
            }
            return outputs.prefix(steps * hiddenSize) + hidden + cell
        }
        let portable = run(.portable, inPlace: false)
        #expect(portable.allSatisfy { $0.isFinite })
        for instructionSet in Self.fastInstructionSets {
            let fast = run(instructionSet, inPlace: false)
            #expect(fast.map(\.bitPattern) == portable.map(\.bitPattern), "\(instructionSet)")
            if inputSize == hiddenSize {
                let fastInPlace = run(instructionSet, inPlace: true), portableInPlace = run(.portable, inPlace: true)
                #expect(fastInPlace.map(\.bitPattern) == portableInPlace.map(\.bitPattern), "\(instructionSet) in place")
                #expect(fastInPlace.map(\.bitPattern) == fast.map(\.bitPattern), "\(instructionSet) in place")
            }
        }
    }

    /// The batched cell update and its backward pass: every instantiation equals the portable one
    /// bit for bit, and the portable one the formulas in double precision, over 5 sequences of
    /// 32 and 13 units (a partial block).
    @Test(arguments: [32, 13])
    func cellKernelsEqualThePortableOnesAndTheFormulas(hiddenSize h: Int) throws {
        let batch = 5
        let preactivations = GradientCheck.random([batch, 4 * h], seed: 85).scalars.map { 4 * $0 }
        let previousCell = GradientCheck.random([batch, h], seed: 86).scalars
        let dHidden = GradientCheck.random([batch, h], seed: 87).scalars, dCellIn = GradientCheck.random([batch, h], seed: 88).scalars
        func run(_ instructionSet: VectorMath.InstructionSet) throws -> [Float] {
            let kernels = try #require(_LSTMKernels.kernels(in: instructionSet))
            var gates = preactivations, cell = [Float](repeating: 0, count: batch * h), tanhCell = cell, hidden = cell
            var dCell = dCellIn, dGates = [Float](repeating: 0, count: batch * 4 * h)
            let forward = try #require(kernels.cell_forward), backward = try #require(kernels.cell_backward)
            var weighted = [Float](repeating: 0, count: 4 * h)
            forward(&gates, previousCell, &cell, &tanhCell, &hidden, h, batch)
            backward(gates, previousCell, tanhCell, dHidden, &dCell, &dGates, h, batch, Self.pathWeights, &weighted)
            // The weighted sum, one fused multiply-add per sequence in order.
            var expected = [Float](repeating: 0, count: 4 * h)
            for n in 0..<batch {
                for k in 0..<(4 * h) { expected[k] = expected[k].addingProduct(Self.pathWeights[n], dGates[n * 4 * h + k]) }
            }
            #expect(weighted.map(\.bitPattern) == expected.map(\.bitPattern), "\(instructionSet) weighted sum")
            return gates + cell + tanhCell + hidden + dCell + dGates
        }
        let portable = try run(.portable)
        for instructionSet in Self.fastInstructionSets {
            #expect(try run(instructionSet).map(\.bitPattern) == portable.map(\.bitPattern), "\(instructionSet)")
        }
        // The formulas, in double precision.
        var expected: [Double] = []
        var gates = [Double](), cells = [Double](), tanhs = [Double](), hiddens = [Double](), dCells = [Double](), dGates = [Double]()
        for n in 0..<batch {
            let z = { (gate: Int, j: Int) in Double(preactivations[n * 4 * h + gate * h + j]) }
            let sigmoid = { (x: Double) in 1 / (1 + Foundation.exp(-x)) }
            var rowGates = [Double](repeating: 0, count: 4 * h), rowDGates = rowGates
            for j in 0..<h {
                let i = sigmoid(z(0, j)), f = sigmoid(z(1, j)), g = Foundation.tanh(z(2, j)), o = sigmoid(z(3, j))
                let c = f * Double(previousCell[n * h + j]) + i * g, t = Foundation.tanh(c)
                (rowGates[j], rowGates[h + j], rowGates[2 * h + j], rowGates[3 * h + j]) = (i, f, g, o)
                cells.append(c); tanhs.append(t); hiddens.append(o * t)
                let dh = Double(dHidden[n * h + j]), dc = Double(dCellIn[n * h + j]) + dh * o * (1 - t * t)
                rowDGates[j] = dc * g * i * (1 - i)
                rowDGates[h + j] = dc * Double(previousCell[n * h + j]) * f * (1 - f)
                rowDGates[2 * h + j] = dc * i * (1 - g * g)
                rowDGates[3 * h + j] = dh * t * o * (1 - o)
                dCells.append(dc * f)
            }
            gates += rowGates; dGates += rowDGates
        }
        expected = gates + cells + tanhs + hiddens + dCells + dGates
        let worst = zip(portable, expected).map { abs(Double($0) - $1) }.max() ?? .infinity
        #expect(worst <= 2e-6, "largest difference from the formulas: \(worst)")
    }

    @Test func fastActivationsEqualThePortableOnesBitForBit() throws {
        // Every 2^-10 over [-100, 100], an odd count (a partial last block), and special values.
        var grid = stride(from: -100.0, through: 100.0, by: 1.0 / 1024).map { Float($0) }
        grid += [0, -0, 1e-30, -1e-30, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 0.625, -0.625,
                 87.33654, -87.33654, 88.37, -88.37, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                 .infinity, -.infinity, .nan]
        let portable = try #require(_LSTMFusedKernel.activations(grid, in: .portable))
        for instructionSet in Self.fastInstructionSets {
            let fast = try #require(_LSTMFusedKernel.activations(grid, in: instructionSet))
            for (index, x) in grid.enumerated() where !x.isNaN {
                #expect(fast.sigmoid[index].bitPattern == portable.sigmoid[index].bitPattern, "\(instructionSet) sigmoid(\(x))")
                #expect(fast.tanh[index].bitPattern == portable.tanh[index].bitPattern, "\(instructionSet) tanh(\(x))")
            }
        }
        #expect(portable.sigmoid.last!.isNaN && portable.tanh.last!.isNaN)
    }

    @Test func runMatchesPyTorch() throws {
        let fixture = try #require(try LSTMParityTests.cases().first { $0.batch == 1 && $0.lengths == [$0.steps] })
        var generator = SeededGenerator(seed: 0)
        var lstm = LSTM(inputSize: fixture.input_size, hiddenSize: fixture.hidden_size, layerCount: fixture.layers, using: &generator)
        try lstm.loadParameters { fixture.parameters["lstm." + $0]?.tensor }
        let result = Self.run(lstm, fixture.input.tensor.scalars, steps: fixture.steps, fused: true)
        let outputs = Tensor(uncheckedShape: [fixture.steps, 1, fixture.hidden_size], scalars: result.outputs)
        #expect(LSTMParityTests.relativeError(outputs, fixture.lstm_output) <= 1e-5)
        let cell = Tensor(uncheckedShape: [fixture.layers, 1, fixture.hidden_size], scalars: result.state.cell)
        #expect(LSTMParityTests.relativeError(cell, fixture.final_cell) <= 1e-5)
    }

    /// Error of `value` in units in the last place of the float nearest `reference`.
    static func ulps(_ value: Float, _ reference: Double) -> Double {
        abs(Double(value) - reference) / Double(Float(reference).ulp)
    }

    @Test func activationsAreWithinTwoUlpsOfFoundation() throws {
        // Every 2^-12 over [-100, 100] (saturation included), plus tiny and special values.
        var grid = stride(from: -100.0, through: 100.0, by: 1.0 / 4096).map { Float($0) }
        grid += [0, -0, 1e-30, -1e-30, .leastNonzeroMagnitude, 1e-7, -1e-7, 0.625, -0.625,
                 .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity]
        let (sigmoid, tanh) = try #require(_LSTMFusedKernel.activations(grid, in: VectorMath.instructionSet))
        var worstSigmoid = 0.0, worstTanh = 0.0
        for (index, x) in grid.enumerated() {
            let value = Double(x)
            let sigmoidReference = value >= 0 ? 1 / (1 + Foundation.exp(-value)) : Foundation.exp(value) / (1 + Foundation.exp(value))
            // Below the smallest normal float (x < -87.3) the kernel's e^x is clamped to about 2^-126.
            if sigmoidReference < Double(Float.leastNormalMagnitude) {
                #expect(abs(Double(sigmoid[index]) - sigmoidReference) <= 2 * Double(Float.leastNormalMagnitude), "sigmoid(\(x))")
            } else {
                worstSigmoid = max(worstSigmoid, Self.ulps(sigmoid[index], sigmoidReference))
            }
            worstTanh = max(worstTanh, Self.ulps(tanh[index], Foundation.tanh(value)))
        }
        #expect(worstSigmoid <= 2, "sigmoid: \(worstSigmoid) ulp")
        #expect(worstTanh <= 2, "tanh: \(worstTanh) ulp")
        let (nanSigmoid, nanTanh) = try #require(_LSTMFusedKernel.activations([.nan], in: VectorMath.instructionSet))
        #expect(nanSigmoid[0].isNaN && nanTanh[0].isNaN)
        let (sigmoidAtInfinity, tanhAtInfinity) = try #require(_LSTMFusedKernel.activations([.infinity, -.infinity],
                                                                                           in: VectorMath.instructionSet))
        #expect(sigmoidAtInfinity[0] == 1 && sigmoidAtInfinity[1] >= 0 && sigmoidAtInfinity[1] <= 2 * Float.leastNormalMagnitude)
        #expect(tanhAtInfinity == [1, -1])
    }
}
