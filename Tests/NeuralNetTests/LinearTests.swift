import Testing
import TensorCore
@testable import NeuralNet

@Suite struct LinearTests {
    @Test func forwardMatchesNaiveLoops() throws {
        var generator = SeededGenerator(seed: 1)
        let layer = Linear(inputSize: 3, outputSize: 2, using: &generator)
        let input = GradientCheck.random([4, 3], seed: 2)
        let output = try layer(input)
        for row in 0..<4 {
            for column in 0..<2 {
                var expected = layer.bias[column]
                for k in 0..<3 { expected += input[row, k] * layer.weight[column, k] }
                #expect(abs(output[row, column] - expected) < 1e-5)
            }
        }
    }

    @Test func gradientsMatchCentralDifferences() throws {
        var generator = SeededGenerator(seed: 3)
        var layer = Linear(inputSize: 4, outputSize: 3, using: &generator)
        let input = GradientCheck.random([5, 4], seed: 4)
        let dOutput = GradientCheck.random([5, 3], seed: 5)
        _ = try layer.forward(input)
        let dInput = try layer.backward(dOutput)

        let inputViolation = try GradientCheck.worstViolation(values: input.scalars, analytic: dInput.scalars) { values in
            GradientCheck.weightedSum(try layer(Tensor(uncheckedShape: [5, 4], scalars: values)).scalars, dOutput.scalars)
        }
        #expect(inputViolation <= 0)
        let weightViolation = try GradientCheck.worstViolation(values: layer.weight.scalars, analytic: layer.dWeight.scalars) { values in
            var copy = layer
            copy.weight = Tensor(uncheckedShape: [3, 4], scalars: values)
            return GradientCheck.weightedSum(try copy(input).scalars, dOutput.scalars)
        }
        #expect(weightViolation <= 0)
        let biasViolation = try GradientCheck.worstViolation(values: layer.bias.scalars, analytic: layer.dBias.scalars) { values in
            var copy = layer
            copy.bias = Tensor(values)
            return GradientCheck.weightedSum(try copy(input).scalars, dOutput.scalars)
        }
        #expect(biasViolation <= 0)
    }

    @Test func parameterKeysAreStableAndPrefixed() {
        var generator = SeededGenerator(seed: 6)
        var layer = Linear(inputSize: 2, outputSize: 2, using: &generator)
        var keys: [String] = []
        layer.visitParameters(prefix: "head.period") { key, _, _ in keys.append(key) }
        #expect(keys == ["head.period.weight", "head.period.bias"])
        #expect(layer.parameters.map(\.key) == ["weight", "bias"])
        #expect(layer.parameterCount == 6)
    }

    @Test func wrongInputShapeThrowsTypedError() throws {
        var generator = SeededGenerator(seed: 7)
        let layer = Linear(inputSize: 3, outputSize: 2, using: &generator)
        #expect(throws: NeuralNetError.self) { try layer(Tensor(zeros: [2, 4])) }
    }
}
