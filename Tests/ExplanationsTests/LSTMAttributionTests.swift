import NeuralNet
import TensorCore
import Testing
@testable import Explanations
import ExplanationAdapters

/// Integrated Gradients through NeuralNet's LSTM (a small one: 8 steps × 5 features, hidden 6,
/// two layers) with a scalar head on the last hidden state.
struct LSTMAttributionTests {
    static let timeSteps = 8, featureCount = 5, hidden = 6
    let model: DifferentiableModel
    let lstm: LSTM
    let head: [Float]

    init() throws {
        var random = SeededGenerator(seed: 17)
        lstm = LSTM(inputSize: Self.featureCount, hiddenSize: Self.hidden, layerCount: 2, using: &random)
        head = (0..<Self.hidden).map { _ in Float(random.nextUniform(in: -4, 4)) }
        model = try DifferentiableModel(lstm: lstm, timeSteps: Self.timeSteps, outputWeights: head, outputBias: 0.25)
    }

    /// `f(x)` computed directly with the layer (time-major input of one sequence).
    func directValue(_ x: [Float]) throws -> Float {
        let output = try lstm(Tensor(uncheckedShape: [Self.timeSteps, 1, Self.featureCount], scalars: x))
        let top = Array(output.finalHidden.scalars[Self.hidden...])
        return zip(top, head).reduce(0.25) { $0 + $1.0 * $1.1 }
    }

    /// Values agree with the layer, and gradients with central differences (in `Float`, so the
    /// tolerance is 2 % of the gradient's scale).
    @Test func gradientsMatchFiniteDifferences() throws {
        var random = SeededGenerator(seed: 3)
        let count = Self.timeSteps * Self.featureCount
        let points = (0..<(2 * count)).map { _ in Float(random.nextNormal()) }
        var values = [Float](repeating: 0, count: 2), gradients = [Float](repeating: 0, count: 2 * count)
        points.withUnsafeBufferPointer { p in values.withUnsafeMutableBufferPointer { v in gradients.withUnsafeMutableBufferPointer { g in
            model.evaluate(p, 2, v, g)
        } } }
        for point in 0..<2 {
            let x = Array(points[(point * count)..<((point + 1) * count)])
            #expect(abs(values[point] - (try directValue(x))) < 1e-5)
            let scale = gradients[(point * count)..<((point + 1) * count)].map(abs).max()!
            for index in stride(from: point, to: count, by: 3) {
                var plus = x, minus = x
                plus[index] += 1e-2
                minus[index] -= 1e-2
                let numeric = (try directValue(plus) - directValue(minus)) / 2e-2
                #expect(abs(numeric - gradients[point * count + index]) < 0.02 * scale, "point \(point) input \(index)")
            }
        }
    }

    @Test func completenessHoldsThroughTheLSTM() throws {
        var random = SeededGenerator(seed: 8)
        let averageDay = (0..<Self.featureCount).map { _ in Float(random.nextNormal() * 0.3) }
        let baseline = IntegratedGradients.sequenceBaseline(averageDay: averageDay, timeSteps: Self.timeSteps)
        let method = try IntegratedGradients()
        let features = Array(testFeatures.prefix(Self.featureCount))
        var tested = 0
        for _ in 0..<12 {
            let x = normalRow(Self.timeSteps * Self.featureCount, using: &random).map { $0 * 2.5 }
            let result = try method.attributions(of: model, at: x, baseline: baseline)
            let attribution = try Attribution(integratedGradients: result, timeSteps: Self.timeSteps, features: features,
                                              input: x, baseline: baseline)
            guard abs(attribution.outputDifference) > 0.02 else { continue }
            tested += 1
            #expect(attribution.relativeCompletenessError < 0.01, "relative error \(attribution.relativeCompletenessError)")
        }
        #expect(tested >= 8)
    }

    /// The straight-path evaluation (shared first-layer projections, weighted gradient sum) gives
    /// the same attributions as evaluating every path point on its own.
    @Test func pathEvaluationMatchesPointByPointEvaluation() throws {
        var random = SeededGenerator(seed: 21)
        let count = Self.timeSteps * Self.featureCount
        let pointwise = DifferentiableModel(inputCount: count) { points, pointCount, values, gradients in
            self.model.evaluate(points, pointCount, values, gradients)
        }
        #expect(model.evaluatePath != nil && pointwise.evaluatePath == nil)
        let method = try IntegratedGradients()
        for _ in 0..<3 {
            let x = normalRow(count, using: &random), baseline = normalRow(count, using: &random).map { $0 * 0.2 }
            let fast = try method.attributions(of: model, at: x, baseline: baseline)
            let slow = try method.attributions(of: pointwise, at: x, baseline: baseline)
            #expect(abs(fast.outputValue - slow.outputValue) < 1e-5 && abs(fast.baselineValue - slow.baselineValue) < 1e-5)
            let scale = slow.attributions.map(abs).max()!
            for (a, b) in zip(fast.attributions, slow.attributions) { #expect(abs(a - b) <= 1e-4 * scale + 1e-6) }
        }
    }

    /// One workspace passed to LSTMs of different shapes (hidden size, input size, layers) in
    /// turn gives the same attributions as a fresh workspace each time.
    @Test func sharedWorkspaceAdaptsToEachShape() throws {
        var random = SeededGenerator(seed: 31)
        let shared = LSTM.PathWorkspace()
        let shapes = [(inputSize: 5, hidden: 6, layers: 2), (inputSize: 5, hidden: 11, layers: 2), (inputSize: 3, hidden: 6, layers: 2),
                      (inputSize: 5, hidden: 6, layers: 2)]
        let method = try IntegratedGradients()
        for shape in shapes {
            let network = LSTM(inputSize: shape.inputSize, hiddenSize: shape.hidden, layerCount: shape.layers, using: &random)
            let weights = (0..<shape.hidden).map { _ in Float(random.nextUniform(in: -2, 2)) }
            let hidden = shape.hidden
            let head: LSTM.ScalarHead = { finalHidden, values, dFinalHidden in
                for point in values.indices {
                    values[point] = 0
                    for unit in 0..<hidden {
                        values[point] += weights[unit] * finalHidden[point * hidden + unit]
                        dFinalHidden[point * hidden + unit] = weights[unit]
                    }
                }
            }
            let count = Self.timeSteps * shape.inputSize
            let x = normalRow(count, using: &random), baseline = [Float](repeating: 0, count: count)
            let reused = try method.attributions(of: DifferentiableModel(lstm: network, timeSteps: Self.timeSteps, workspace: shared, head: head),
                                                 at: x, baseline: baseline)
            let fresh = try method.attributions(of: DifferentiableModel(lstm: network, timeSteps: Self.timeSteps, head: head),
                                                at: x, baseline: baseline)
            #expect(reused == fresh, "shape \(shape)")
        }
    }

    /// A model that starts from the state left by earlier days explains the window as the
    /// continuation of the whole sequence: its value is the layer's output on prefix + window.
    @Test func initialStateContinuesTheSequence() throws {
        var random = SeededGenerator(seed: 5)
        let prefixSteps = 3, windowSteps = Self.timeSteps - prefixSteps
        let whole = normalRow(Self.timeSteps * Self.featureCount, using: &random)
        var state = LSTM.StreamingState(for: lstm)
        whole.withUnsafeBufferPointer { lstm.run($0.baseAddress!, steps: prefixSteps, state: &state, outputs: nil) }
        let hidden = Self.hidden, head = self.head
        let windowModel = DifferentiableModel(lstm: lstm, timeSteps: windowSteps, initialState: state) { finalHidden, values, dFinalHidden in
            for point in values.indices {
                values[point] = 0.25
                for unit in 0..<hidden {
                    values[point] += head[unit] * finalHidden[point * hidden + unit]
                    dFinalHidden[point * hidden + unit] = head[unit]
                }
            }
        }
        let window = Array(whole[(prefixSteps * Self.featureCount)...])
        var value = [Float](repeating: 0, count: 1), gradient = [Float](repeating: 0, count: window.count)
        window.withUnsafeBufferPointer { p in value.withUnsafeMutableBufferPointer { v in gradient.withUnsafeMutableBufferPointer { g in
            windowModel.evaluate(p, 1, v, g)
        } } }
        #expect(abs(value[0] - (try directValue(whole))) < 1e-5)
        let result = try IntegratedGradients().attributions(of: windowModel, at: window, baseline: [Float](repeating: 0, count: window.count))
        #expect(result.completenessError < 0.01 * abs(result.outputValue - result.baselineValue))
    }
}
