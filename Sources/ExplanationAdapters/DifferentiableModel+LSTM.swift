import Explanations
import NeuralNet

extension DifferentiableModel {
    /// The scalar model `f(x) = w · h_T + b` over a `[timeSteps × lstm.inputSize]` sequence, where
    /// `h_T` is the top layer's final hidden state of `lstm`: one output head of a sequence
    /// predictor, for Integrated Gradients.
    ///
    /// - Parameters:
    ///   - lstm: the trained layer stack.
    ///   - timeSteps: `T`.
    ///   - outputWeights: `w`, `lstm.hiddenSize` values.
    ///   - outputBias: `b`.
    public init(lstm: LSTM, timeSteps: Int, outputWeights: [Float], outputBias: Float) throws {
        guard outputWeights.count == lstm.hiddenSize else {
            throw ExplanationError.lengthMismatch(what: "outputWeights", expected: lstm.hiddenSize, found: outputWeights.count)
        }
        let hidden = lstm.hiddenSize
        self.init(lstm: lstm, timeSteps: timeSteps) { finalHidden, values, dFinalHidden in
            for point in values.indices {
                var value = outputBias
                for unit in 0..<hidden {
                    value += outputWeights[unit] * finalHidden[point * hidden + unit]
                    dFinalHidden[point * hidden + unit] = outputWeights[unit]
                }
                values[point] = value
            }
        }
    }

    /// Any scalar function `head(h_T)` of the top layer's final hidden state of `lstm` over a
    /// `[timeSteps × lstm.inputSize]` sequence that starts from `initialState` (e.g. the state
    /// after the days before an explained window; `nil`: zeros).
    ///
    /// Integrated Gradients runs through `LSTM.pathGradients` (all the path's points in one
    /// batch, first-layer projections shared along the path); a batch of arbitrary points is
    /// evaluated one point at a time. The model keeps its path buffers in `workspace` between
    /// calls (pass one to reuse it across models), so one model must not be evaluated from two
    /// threads at once. The flat input is time step major (`x[t · I + i]`).
    /// Should the LSTM reject an input anyway, the values and gradients are NaN, which the
    /// completeness error shows.
    public init(lstm: LSTM, timeSteps: Int, initialState: LSTM.StreamingState? = nil,
                workspace: LSTM.PathWorkspace = LSTM.PathWorkspace(), head: @escaping LSTM.ScalarHead) {
        let count = timeSteps * lstm.inputSize
        func path(_ baseline: [Float], _ input: [Float], _ positions: [Float], _ weights: [Float]) -> ([Float], [Float]) {
            do {
                let result = try lstm.pathGradients(from: baseline, to: input, steps: timeSteps, positions: positions,
                                                    weights: weights, initialState: initialState,
                                                    workspace: workspace, head: head)
                return (result.values, result.weightedInputGradient)
            } catch {
                return ([Float](repeating: .nan, count: positions.count), [Float](repeating: .nan, count: count))
            }
        }
        self.init(inputCount: count, pathEvaluation: path) { points, pointCount, values, gradients in
            for point in 0..<pointCount {
                let x = Array(points[(point * count)..<((point + 1) * count)])
                let (value, gradient) = path(x, x, [0], [1])
                values[point] = value[0]
                for index in 0..<count { gradients[point * count + index] = gradient[index] }
            }
        }
    }
}

