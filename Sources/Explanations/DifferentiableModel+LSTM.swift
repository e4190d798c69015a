import NeuralNet
import TensorCore

extension DifferentiableModel {
    /// The scalar model `f(x) = w · h_T + b` over a `[timeSteps × lstm.inputSize]` sequence, where
    /// `h_T` is the top layer's final hidden state of `lstm`: one output head of a sequence
    /// predictor, for Integrated Gradients. All the points of a path go through the LSTM as one
    /// batch (forward, then backpropagation through time to the input).
    ///
    /// The flat input is time step major per point (`x[t · I + i]`), as `Attribution(
    /// integratedGradients:timeSteps:…)` expects; it is transposed to NeuralNet's `TNI` layout.
    /// Errors from the LSTM (shape mismatches) cannot happen for inputs of `inputCount` values;
    /// should one occur anyway the values and gradients are NaN, which the completeness error shows.
    ///
    /// - Parameters:
    ///   - lstm: the trained layer stack (copied; the copy's caches and weight gradients are scratch).
    ///   - timeSteps: `T`.
    ///   - outputWeights: `w`, `lstm.hiddenSize` values.
    ///   - outputBias: `b`.
    public init(lstm: LSTM, timeSteps: Int, outputWeights: [Float], outputBias: Float) throws {
        try Attribution._checkCount("outputWeights", outputWeights.count, expected: lstm.hiddenSize)
        var network = lstm
        let featureCount = lstm.inputSize, hidden = lstm.hiddenSize, layers = lstm.layerCount
        self.init(inputCount: timeSteps * featureCount) { points, count, values, gradients in
            var timeMajor = [Float](repeating: 0, count: timeSteps * count * featureCount)
            for point in 0..<count {
                for step in 0..<timeSteps {
                    let source = (point * timeSteps + step) * featureCount, target = (step * count + point) * featureCount
                    for feature in 0..<featureCount { timeMajor[target + feature] = points[source + feature] }
                }
            }
            do {
                let output = try network.forward(Tensor(uncheckedShape: [timeSteps, count, featureCount], scalars: timeMajor))
                let top = output.finalHidden.scalars
                var dFinalHidden = [Float](repeating: 0, count: layers * count * hidden)
                let base = (layers - 1) * count * hidden
                for point in 0..<count {
                    var value = outputBias
                    for unit in 0..<hidden {
                        value += outputWeights[unit] * top[base + point * hidden + unit]
                        dFinalHidden[base + point * hidden + unit] = outputWeights[unit]
                    }
                    values[point] = value
                }
                let dInput = try network.backward(Tensor(zeros: [timeSteps, count, hidden]),
                                                  dFinalHidden: Tensor(uncheckedShape: [layers, count, hidden], scalars: dFinalHidden))
                    .scalars
                for point in 0..<count {
                    for step in 0..<timeSteps {
                        let target = (point * timeSteps + step) * featureCount, source = (step * count + point) * featureCount
                        for feature in 0..<featureCount { gradients[target + feature] = dInput[source + feature] }
                    }
                }
            } catch {
                for point in 0..<count { values[point] = .nan }
                for index in 0..<(count * timeSteps * featureCount) { gradients[index] = .nan }
            }
        }
    }
}
