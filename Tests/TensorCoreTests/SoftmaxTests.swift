import Foundation
import Testing
import TensorCore

/// The scalar softmax: the textbook max-shifted formula bit for bit, finite for huge inputs, the
/// temperature, the normaliser it returns, and agreement with the vectorised tensor kernel.
@Suite struct SoftmaxTests {
    /// `e^((x − m)/τ) / Σ e^((x − m)/τ)` written out, in index order.
    func textbook(_ values: [Double], temperature: Double) -> [Double] {
        var best = -Double.infinity
        for value in values where value > best { best = value }
        let weights = values.map { Foundation.exp(($0 - best) / temperature) }
        var total = 0.0
        for weight in weights { total += weight }
        return weights.map { $0 / total }
    }

    @Test(arguments: [1.0, 0.05, 3.0])
    func equalsTheTextbookFormulaBitForBit(temperature: Double) {
        var generator = SeededGenerator(seed: 3)
        for count in [1, 2, 3, 17] {
            let values = (0..<count).map { _ in generator.nextNormal(mean: 0, standardDeviation: 4) }
            #expect(Softmax.probabilities(values, temperature: temperature) == textbook(values, temperature: temperature))
        }
    }

    @Test func staysFiniteAndSumsToOneForHugeInputs() {
        let probabilities = Softmax.probabilities([1e4, -1e4, 1e4 - 1] as [Float])
        #expect(probabilities.allSatisfy { $0.isFinite })
        #expect(abs(probabilities.reduce(0, +) - 1) < 1e-6)
        #expect(probabilities[1] == 0)
        #expect(probabilities[0] > probabilities[2])
    }

    /// The returned shift and normaliser give the log-sum-exp, and `normalizer` agrees with `normalize`.
    @Test func returnsTheLogSumExp() {
        let values: [Double] = [0.5, -2, 3, 3]
        var output = [Double](repeating: 0, count: values.count)
        let (maximum, total) = values.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { Softmax.normalize(input.baseAddress!, into: $0.baseAddress!, count: values.count) }
        }
        let exact = Foundation.log(values.map { Foundation.exp($0) }.reduce(0, +))
        #expect(maximum == 3)
        #expect(abs(Foundation.log(total) + maximum - exact) < 1e-12)
        let normalizer = values.withUnsafeBufferPointer { Softmax.normalizer($0.baseAddress!, count: values.count) }
        #expect(normalizer.maximum == maximum && normalizer.total == total)
        #expect(output == Softmax.probabilities(values))
    }

    @Test func emptyRowIsLeftEmpty() {
        #expect(Softmax.probabilities([Double]()).isEmpty)
    }

    /// The vectorised `Tensor.softmax()` (a polynomial `expf`) is within its stated error of the scalar one.
    @Test func agreesWithTheVectorisedTensorKernel() {
        var generator = SeededGenerator(seed: 4)
        let values = (0..<37).map { _ in Float(generator.nextNormal(mean: 0, standardDeviation: 3)) }
        let vectorised = Tensor(uncheckedShape: [1, values.count], scalars: values).softmax().scalars
        for (scalar, vector) in zip(Softmax.probabilities(values), vectorised) {
            #expect(abs(scalar - vector) <= 1e-6 * max(scalar, 1e-30) + 1e-12)
        }
    }
}
