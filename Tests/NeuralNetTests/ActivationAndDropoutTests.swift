import Testing
import TensorCore
@testable import NeuralNet

@Suite struct ActivationAndDropoutTests {
    @Test(arguments: Activation.Kind.allCases)
    func activationGradientMatchesCentralDifferences(kind: Activation.Kind) throws {
        var activation = Activation(kind)
        // Keep ReLU inputs away from the kink at 0, where the derivative is undefined.
        let input = GradientCheck.random([3, 4], seed: 20).map { abs($0) < 0.05 ? $0 + 0.2 : $0 }
        let dOutput = GradientCheck.random([3, 4], seed: 21)
        _ = activation.forward(input)
        let dInput = try activation.backward(dOutput)
        let violation = GradientCheck.worstViolation(values: input.scalars, analytic: dInput.scalars) { values in
            GradientCheck.weightedSum(activation(Tensor(uncheckedShape: [3, 4], scalars: values)).scalars, dOutput.scalars)
        }
        #expect(violation <= 0)
    }

    @Test func dropoutIsSeededScaledAndBackpropagatesItsMask() throws {
        var first = try Dropout(rate: 0.25, seed: 9)
        var second = try Dropout(rate: 0.25, seed: 9)
        let input = Tensor(ones: [1000])
        let a = first.forward(input), b = second.forward(input)
        #expect(a == b)
        let kept = a.scalars.filter { $0 != 0 }
        #expect(kept.allSatisfy { abs($0 - 1 / 0.75) < 1e-6 })
        #expect(abs(Double(kept.count) / 1000 - 0.75) < 0.05)
        let dInput = try first.backward(Tensor(ones: [1000]))
        #expect(dInput == a)
        #expect(throws: NeuralNetError.self) { try Dropout(rate: 1, seed: 0) }
    }
}
