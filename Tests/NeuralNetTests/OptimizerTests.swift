import Foundation
import Testing
import TensorCore
@testable import NeuralNet

@Suite struct OptimizerTests {
    static func layer(weight: [Float], gradient: [Float]) throws -> Linear {
        var layer = try Linear(weight: Tensor(uncheckedShape: [1, weight.count], scalars: weight), bias: Tensor([0]))
        layer.dWeight = Tensor(uncheckedShape: [1, gradient.count], scalars: gradient)
        return layer
    }

    @Test func sgdWithMomentumFollowsTheRecurrence() throws {
        var layer = try Self.layer(weight: [1, 2], gradient: [0.5, -1])
        var sgd = try SGD(learningRate: 0.1, momentum: 0.9)
        sgd.update(&layer)   // v = g;          θ = θ - 0.1 g
        sgd.update(&layer)   // v = 0.9 g + g;  θ -= 0.1 · 1.9 g
        #expect(abs(layer.weight[0, 0] - (1 - 0.1 * 0.5 * 2.9)) < 1e-6)
        #expect(abs(layer.weight[0, 1] - (2 + 0.1 * 2.9)) < 1e-6)
    }

    @Test func adamFirstStepMovesByTheLearningRateAndAdamWDecays() throws {
        var layer = try Self.layer(weight: [1, -1], gradient: [0.3, -7])
        var adam = try Adam(learningRate: 0.01)
        adam.update(&layer)
        // With bias correction, m̂/√v̂ = sign(g) on the first step.
        #expect(abs(layer.weight[0, 0] - 0.99) < 1e-5 && abs(layer.weight[0, 1] + 0.99) < 1e-5)

        var decayed = try Self.layer(weight: [1, -1], gradient: [0, 0])
        var adamW = try Adam(learningRate: 0.1, weightDecay: 0.5, decoupledWeightDecay: true)
        adamW.update(&decayed)
        #expect(abs(decayed.weight[0, 0] - 0.95) < 1e-6 && abs(decayed.weight[0, 1] + 0.95) < 1e-6)
    }

    @Test func clippingScalesToTheGlobalNorm() throws {
        var layer = try Self.layer(weight: [0, 0], gradient: [3, 4])
        let norm = GradientClipping.clipByGlobalNorm(&layer, maximumNorm: 1)
        #expect(abs(norm - 5) < 1e-6)
        #expect(abs(layer.dWeight[0, 0] - 0.6) < 1e-6 && abs(layer.dWeight[0, 1] - 0.8) < 1e-6)
        #expect(GradientClipping.clipByGlobalNorm(&layer, maximumNorm: 10) <= 1.0001)
        #expect(abs(layer.dWeight[0, 0] - 0.6) < 1e-6)
    }

    @Test func schedulesAndEarlyStopping() {
        let cosine = LearningRateSchedule.cosine(totalSteps: 100, warmupSteps: 10, minimumFactor: 0.1)
        #expect(abs(cosine.learningRate(base: 1, step: 0) - 0.1) < 1e-6)
        #expect(abs(cosine.learningRate(base: 1, step: 10) - 1) < 1e-6)
        #expect(abs(cosine.learningRate(base: 1, step: 55) - 0.55) < 1e-6)
        #expect(abs(cosine.learningRate(base: 1, step: 100) - 0.1) < 1e-6)
        #expect(abs(LearningRateSchedule.step(stepSize: 10, factor: 0.5).learningRate(base: 2, step: 25) - 0.5) < 1e-6)

        var stopping = EarlyStopping(patience: 2, direction: .maximize)
        #expect(stopping.record(0.5, epoch: 1) == .improved)
        #expect(stopping.record(0.6, epoch: 2) == .improved)
        #expect(stopping.record(0.55, epoch: 3) == .continue)
        #expect(stopping.record(0.6, epoch: 4) == .stop)
        #expect(stopping.bestEpoch == 2)
    }

    /// Trains an LSTM + Linear to output the running sign of its input's sum; same seed → same bytes.
    static func trainTinySequenceModel(seed: UInt64) throws -> (first: Float, last: Float, parameters: [Tensor]) {
        var generator = SeededGenerator(seed: seed)
        var model = TinyModel(lstm: LSTM(inputSize: 1, hiddenSize: 6, using: &generator),
                              head: Linear(inputSize: 6, outputSize: 1, using: &generator))
        let input = Tensor(normal: [5, 8, 1], using: &generator)
        var targets = [Float](repeating: 0, count: 40)
        for sequence in 0..<8 {
            var sum: Float = 0
            for step in 0..<5 { sum += input[step, sequence, 0]; targets[step * 8 + sequence] = sum > 0 ? 1 : 0 }
        }
        var adam = try Adam(learningRate: 0.03)
        var first: Float = 0, last: Float = 0
        for iteration in 0..<60 {
            model.zeroGradients()
            let output = try model.lstm.forward(input)
            let logits = try model.head.forward(try output.outputs.reshaped(to: [40, 6]))
            let loss = try BinaryCrossEntropy.loss(logits: logits, targets: targets)
            let dHidden = try model.head.backward(loss.gradient)
            _ = try model.lstm.backward(try dHidden.reshaped(to: [5, 8, 6]))
            GradientClipping.clipByGlobalNorm(&model, maximumNorm: 5)
            adam.update(&model)
            if iteration == 0 { first = loss.value }
            last = loss.value
        }
        return (first, last, model.parameters.map(\.value))
    }

    @Test func trainingReducesTheLossAndIsDeterministic() throws {
        let a = try Self.trainTinySequenceModel(seed: 5)
        let b = try Self.trainTinySequenceModel(seed: 5)
        #expect(a.last < 0.5 * a.first)
        #expect(a.parameters == b.parameters)
    }
}

/// A composite model for tests: an LSTM under `lstm.` and a head under `head.`.
struct TinyModel: Layer {
    var lstm: LSTM
    var head: Linear
    mutating func visitParameters(prefix: String, _ body: (String, inout Tensor, inout Tensor) throws -> Void) rethrows {
        try lstm.visitParameters(prefix: parameterKey(prefix, "lstm"), body)
        try head.visitParameters(prefix: parameterKey(prefix, "head"), body)
    }
}
