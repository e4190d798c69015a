import Testing
import TensorCore
@testable import NeuralNet

@Suite struct LossTests {
    static let weights: [Float] = [1, 0.5, 0, 2]

    @Test func softmaxCrossEntropyGradientAndMask() throws {
        let logits = GradientCheck.random([4, 5], seed: 90)
        let targets = [1, 4, 99, 0] // the masked row may hold any target
        let value = try SoftmaxCrossEntropy.loss(logits: logits, targets: targets, weights: Self.weights)
        let violation = try GradientCheck.worstViolation(values: logits.scalars, analytic: value.gradient.scalars, absolute: 1e-3) { values in
            Double(try SoftmaxCrossEntropy.loss(logits: Tensor(uncheckedShape: [4, 5], scalars: values), targets: targets, weights: Self.weights).value)
        }
        #expect(violation <= 0)
        #expect(value.gradient.scalars[10..<15].allSatisfy { $0 == 0 })
        #expect(value.weightTotal == 3.5)
    }

    @Test func softmaxCrossEntropyIsStableForHugeLogits() throws {
        let logits = try Tensor(rows: [[1e4, -1e4, 0], [-1e4, -1e4, -1e4]])
        let value = try SoftmaxCrossEntropy.loss(logits: logits, targets: [1, 2])
        #expect(value.value.isFinite && value.gradient.scalars.allSatisfy(\.isFinite))
        // Row 0: loss 2e4; row 1: uniform, loss log 3.
        #expect(abs(value.value - (2e4 + 1.0986123) / 2) < 1)
        #expect(throws: NeuralNetError.self) { try SoftmaxCrossEntropy.loss(logits: logits, targets: [3, 0]) }
    }

    @Test func binaryCrossEntropyGradientAndStability() throws {
        let logits = GradientCheck.random([4], seed: 91)
        let targets: [Float] = [1, 0, 1, 0.3]
        let value = try BinaryCrossEntropy.loss(logits: logits, targets: targets, weights: Self.weights)
        let violation = try GradientCheck.worstViolation(values: logits.scalars, analytic: value.gradient.scalars, absolute: 1e-3) { values in
            Double(try BinaryCrossEntropy.loss(logits: Tensor(values), targets: targets, weights: Self.weights).value)
        }
        #expect(violation <= 0)
        let extreme = try BinaryCrossEntropy.loss(logits: Tensor([1e4, -1e4]), targets: [0, 1])
        #expect(abs(extreme.value - 1e4) < 1)
    }

    @Test func meanSquaredErrorAndHuberGradients() throws {
        let predictions = GradientCheck.random([4, 2], seed: 92).multiplying(2)
        let targets = GradientCheck.random([4, 2], seed: 93)
        let mse = try MeanSquaredError.loss(predictions: predictions, targets: targets, weights: Self.weights)
        let mseViolation = try GradientCheck.worstViolation(values: predictions.scalars, analytic: mse.gradient.scalars, absolute: 1e-3) { values in
            Double(try MeanSquaredError.loss(predictions: Tensor(uncheckedShape: [4, 2], scalars: values), targets: targets, weights: Self.weights).value)
        }
        #expect(mseViolation <= 0)
        let huber = try HuberLoss.loss(predictions: predictions, targets: targets, delta: 0.7, weights: Self.weights)
        let huberViolation = try GradientCheck.worstViolation(values: predictions.scalars, analytic: huber.gradient.scalars, absolute: 1e-3) { values in
            Double(try HuberLoss.loss(predictions: Tensor(uncheckedShape: [4, 2], scalars: values), targets: targets, delta: 0.7, weights: Self.weights).value)
        }
        #expect(huberViolation <= 0)
        // Hand-computed: one sample, residuals 0.5 and 3 → MSE (0.25 + 9)/2, Huber (0.125 + 2.5)/2.
        let p = try Tensor(rows: [[0.5, 3]]), t = Tensor(zeros: [1, 2])
        #expect(abs(try MeanSquaredError.loss(predictions: p, targets: t).value - 4.625) < 1e-6)
        #expect(abs(try HuberLoss.loss(predictions: p, targets: t, delta: 1).value - 1.3125) < 1e-6)
    }

    @Test func multiTaskLossWeightsValuesAndGradients() throws {
        let a = try MeanSquaredError.loss(predictions: Tensor(ones: [2, 1]), targets: Tensor(zeros: [2, 1]))
        let b = try BinaryCrossEntropy.loss(logits: Tensor([0, 0]), targets: [1, 0])
        let combined = MultiTaskLoss(taskWeights: ["period": 1, "ovulation": 0.5]).combine(["period": a, "ovulation": b])
        #expect(abs(combined.value - (1 + 0.5 * 0.6931472)) < 1e-5)
        #expect(combined.gradients["ovulation"] == b.gradient.multiplying(0.5))
        #expect(throws: NeuralNetError.self) { try MeanSquaredError.loss(predictions: Tensor(ones: [2, 1]), targets: Tensor(zeros: [2, 1]), weights: [1, -1]) }
    }
}
