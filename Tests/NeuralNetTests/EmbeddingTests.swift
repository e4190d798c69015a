import Testing
import TensorCore
@testable import NeuralNet

@Suite struct EmbeddingTests {
    @Test func gradientAccumulatesPerIndexAndMatchesCentralDifferences() throws {
        var generator = SeededGenerator(seed: 10)
        var table = Embedding(categoryCount: 4, dimension: 3, using: &generator)
        let indices = [2, 0, 2, 3]
        let dOutput = GradientCheck.random([4, 3], seed: 11)
        _ = try table.forward(indices)
        try table.backward(dOutput)
        let violation = try GradientCheck.worstViolation(values: table.weight.scalars, analytic: table.dWeight.scalars) { values in
            var copy = table
            copy.weight = Tensor(uncheckedShape: [4, 3], scalars: values)
            return GradientCheck.weightedSum(try copy(indices).scalars, dOutput.scalars)
        }
        #expect(violation <= 0)
        // Category 1 is never looked up: its gradient row stays zero.
        #expect(table.dWeight.scalars[3..<6].allSatisfy { $0 == 0 })
    }

    @Test func outOfRangeIndexThrows() throws {
        var generator = SeededGenerator(seed: 12)
        let table = Embedding(categoryCount: 2, dimension: 2, using: &generator)
        #expect(throws: NeuralNetError.indexOutOfRange(operation: "Embedding", index: 5, bound: 2)) { try table([0, 5]) }
    }
}
