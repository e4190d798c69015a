import Testing
import TensorCore
@testable import NeuralNet

@Suite struct LSTMTests {
    static let steps = 6, batch = 3, inputSize = 2, hiddenSize = 3
    static let lengths = [6, 4, 2]

    /// `L = Σ out ⊙ dOut + Σ h_n ⊙ dH + Σ c_n ⊙ dC` for the current weights.
    static func loss(_ lstm: LSTM, _ input: Tensor, _ dOut: Tensor, _ dH: Tensor, _ dC: Tensor) throws -> Double {
        let output = try lstm(input, lengths: lengths)
        return GradientCheck.weightedSum(output.outputs.scalars, dOut.scalars)
            + GradientCheck.weightedSum(output.finalHidden.scalars, dH.scalars)
            + GradientCheck.weightedSum(output.finalCell.scalars, dC.scalars)
    }

    @Test func gradientsMatchCentralDifferencesOverMaskedStepsAndTwoLayers() throws {
        var generator = SeededGenerator(seed: 30)
        var lstm = LSTM(inputSize: Self.inputSize, hiddenSize: Self.hiddenSize, layerCount: 2, using: &generator)
        let input = GradientCheck.random([Self.steps, Self.batch, Self.inputSize], seed: 31)
        let dOut = GradientCheck.random([Self.steps, Self.batch, Self.hiddenSize], seed: 32)
        let dH = GradientCheck.random([2, Self.batch, Self.hiddenSize], seed: 33)
        let dC = GradientCheck.random([2, Self.batch, Self.hiddenSize], seed: 34)
        _ = try lstm.forward(input, lengths: Self.lengths)
        let dInput = try lstm.backward(dOut, dFinalHidden: dH, dFinalCell: dC)

        let inputViolation = try GradientCheck.worstViolation(values: input.scalars, analytic: dInput.scalars) { values in
            try Self.loss(lstm, Tensor(uncheckedShape: input.shape, scalars: values), dOut, dH, dC)
        }
        #expect(inputViolation <= 0)
        // Padded steps get no gradient.
        for step in 4..<6 { #expect((0..<2).allSatisfy { dInput[step, 1, $0] == 0 }) }

        let gradients = Dictionary(uniqueKeysWithValues: lstm.gradients.map { ($0.key, $0.value) })
        for (key, value) in lstm.parameters {
            let violation = try GradientCheck.worstViolation(values: value.scalars, analytic: gradients[key]!.scalars) { values in
                var copy = lstm
                try copy.setParameter(key, to: Tensor(uncheckedShape: value.shape, scalars: values))
                return try Self.loss(copy, input, dOut, dH, dC)
            }
            #expect(violation <= 0, "parameter \(key)")
        }
    }

    /// Training steps refill the caches of the previous forward in place: after passes of other
    /// shapes and lengths, a pass gives bit-identical outputs and gradients to a fresh network,
    /// and `accumulateGradients` the same gradients as `backward`.
    @Test func reusedCachesMatchAFreshNetworkAndAccumulateGradientsMatchesBackward() throws {
        var generator = SeededGenerator(seed: 50)
        let fresh = LSTM(inputSize: 2, hiddenSize: 3, layerCount: 2, using: &generator)
        var reused = fresh
        for (steps, batch, lengths) in [(6, 3, [6, 4, 2]), (4, 2, [4, 4]), (6, 3, [1, 6, 3])] {
            _ = try reused.forward(GradientCheck.random([steps, batch, 2], seed: UInt64(60 + steps)), lengths: lengths)
            _ = try reused.backward(GradientCheck.random([steps, batch, 3], seed: UInt64(70 + steps)))
        }
        reused.zeroGradients()
        var reference = fresh, accumulated = fresh
        let input = GradientCheck.random([6, 3, 2], seed: 80), dOut = GradientCheck.random([6, 3, 3], seed: 81)
        let reusedOutput = try reused.forward(input, lengths: [6, 4, 2])
        let referenceOutput = try reference.forward(input, lengths: [6, 4, 2])
        #expect(reusedOutput.outputs == referenceOutput.outputs)
        #expect(reusedOutput.finalHidden == referenceOutput.finalHidden && reusedOutput.finalCell == referenceOutput.finalCell)
        #expect(try reused.backward(dOut) == reference.backward(dOut))
        #expect(reused.layerGradients == reference.layerGradients)
        _ = try accumulated.forward(input, lengths: [6, 4, 2])
        try accumulated.accumulateGradients(dOut)
        #expect(accumulated.layerGradients == reference.layerGradients)
        #expect(reference.layerGradients[0].weightIH.scalars.contains { $0 != 0 })
    }

    @Test func paddedStepsCarryTheStateAndOutputZero() throws {
        var generator = SeededGenerator(seed: 40)
        let lstm = LSTM(inputSize: 2, hiddenSize: 4, using: &generator)
        let input = GradientCheck.random([5, 2, 2], seed: 41)
        let padded = try lstm(input, lengths: [5, 3])
        // The second sequence alone, 3 steps.
        var shortScalars: [Float] = []
        for step in 0..<3 { shortScalars += [input[step, 1, 0], input[step, 1, 1]] }
        let short = try lstm(Tensor(uncheckedShape: [3, 1, 2], scalars: shortScalars))
        for unit in 0..<4 {
            #expect(abs(padded.finalHidden[0, 1, unit] - short.finalHidden[0, 0, unit]) < 1e-6)
            #expect(abs(padded.finalCell[0, 1, unit] - short.finalCell[0, 0, unit]) < 1e-6)
            #expect(padded.outputs[3, 1, unit] == 0 && padded.outputs[4, 1, unit] == 0)
        }
    }

    @Test func streamingStepAndRunMatchTheBatchForward() throws {
        var generator = SeededGenerator(seed: 50)
        let lstm = LSTM(inputSize: 3, hiddenSize: 5, layerCount: 2, using: &generator)
        let input = GradientCheck.random([8, 1, 3], seed: 51)
        let reference = try lstm(input)
        var state = LSTM.StreamingState(for: lstm)
        input.withUnsafeBufferPointer { x in
            for step in 0..<8 {
                lstm.step(x.baseAddress! + step * 3, state: &state)
                state.withOutput { h in
                    for unit in 0..<5 { #expect(abs(h[unit] - reference.outputs[step, 0, unit]) < 1e-5) }
                }
            }
        }
        var runState = LSTM.StreamingState(for: lstm)
        var outputs = [Float](repeating: 0, count: 8 * 5)
        input.withUnsafeBufferPointer { x in
            outputs.withUnsafeMutableBufferPointer { lstm.run(x.baseAddress!, steps: 8, state: &runState, outputs: $0.baseAddress!) }
        }
        #expect(isCloseArrays(outputs, reference.outputs.scalars))
        #expect(isCloseArrays(runState.cell, reference.finalCell.scalars))
    }

    @Test func streamingStepKeepsItsBuffersAfterWarmUp() throws {
        var generator = SeededGenerator(seed: 60)
        let lstm = LSTM(inputSize: 4, hiddenSize: 8, using: &generator)
        var state = LSTM.StreamingState(for: lstm)
        let input: [Float] = [0.1, -0.2, 0.3, 0.4]
        input.withUnsafeBufferPointer { lstm.step($0.baseAddress!, state: &state) }
        let hiddenAddress = state.hidden.withUnsafeBufferPointer { $0.baseAddress! }
        let cellAddress = state.cell.withUnsafeBufferPointer { $0.baseAddress! }
        for _ in 0..<100 { input.withUnsafeBufferPointer { lstm.step($0.baseAddress!, state: &state) } }
        // The state's storage is updated in place, never reallocated.
        #expect(state.hidden.withUnsafeBufferPointer { $0.baseAddress! } == hiddenAddress)
        #expect(state.cell.withUnsafeBufferPointer { $0.baseAddress! } == cellAddress)
    }

    @Test func badShapesAndLengthsThrow() throws {
        var generator = SeededGenerator(seed: 70)
        var lstm = LSTM(inputSize: 2, hiddenSize: 2, using: &generator)
        #expect(throws: NeuralNetError.self) { try lstm.forward(Tensor(zeros: [3, 1, 5])) }
        #expect(throws: NeuralNetError.invalidLength(operation: "LSTM.forward", sequence: 0, length: 4, maximum: 3)) {
            try lstm.forward(Tensor(zeros: [3, 1, 2]), lengths: [4])
        }
    }

    @Test func parameterKeysFollowPyTorchNames() {
        var generator = SeededGenerator(seed: 80)
        let lstm = LSTM(inputSize: 2, hiddenSize: 2, layerCount: 2, using: &generator)
        var copy = lstm
        var keys: [String] = []
        copy.visitParameters(prefix: "lstm") { key, _, _ in keys.append(key) }
        #expect(keys == ["lstm.0.weight_ih", "lstm.0.weight_hh", "lstm.0.bias_ih", "lstm.0.bias_hh",
                         "lstm.1.weight_ih", "lstm.1.weight_hh", "lstm.1.bias_ih", "lstm.1.bias_hh"])
    }
}

func isCloseArrays(_ a: [Float], _ b: [Float], tolerance: Float = 1e-5) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance * max(1, abs($1)) }
}
