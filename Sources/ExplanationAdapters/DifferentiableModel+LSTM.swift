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
    /// evaluated one point at a time. (`sharingPath` makes models of several heads that share
    /// the path's forward recurrence.) The model keeps its path buffers in `workspace` between
    /// calls (pass one to reuse it across models), so one model must not be evaluated from two
    /// threads at once. The flat input is time step major (`x[t · I + i]`).
    /// Should the LSTM reject an input anyway, the values and gradients are NaN, which the
    /// completeness error shows.
    public init(lstm: LSTM, timeSteps: Int, initialState: LSTM.StreamingState? = nil,
                workspace: LSTM.PathWorkspace = LSTM.PathWorkspace(), head: @escaping LSTM.ScalarHead) {
        self = DifferentiableModel.sharingPath(lstm: lstm, timeSteps: timeSteps, initialState: initialState,
                                               workspace: workspace, heads: [head])[0]
    }

    /// One model per scalar head of the top layer's final hidden state of `lstm` (e.g. a network's
    /// period, energy and mood heads), over the same `[timeSteps × lstm.inputSize]` sequences from
    /// `initialState`, sharing the forward recurrence: when Integrated Gradients of these models
    /// runs with the same input, baseline and quadrature, the first model evaluated runs the path
    /// for every head (`LSTM.pathGradients(…heads:)`) and the others read its results, once each
    /// (a model evaluated again runs the path again). Each model
    /// is otherwise `init(lstm:timeSteps:initialState:workspace:head:)`'s; they share `workspace`,
    /// so none of them may be evaluated from two threads at once.
    public static func sharingPath(lstm: LSTM, timeSteps: Int, initialState: LSTM.StreamingState? = nil,
                                   workspace: LSTM.PathWorkspace = LSTM.PathWorkspace(),
                                   heads: [LSTM.ScalarHead]) -> [DifferentiableModel] {
        let count = timeSteps * lstm.inputSize
        let shared = _SharedPath()
        func path(_ baseline: [Float], _ input: [Float], _ positions: [Float], _ weights: [Float],
                  head: Int) -> (values: [Float], weightedGradient: [Float]) {
            let arguments = [baseline, input, positions, weights]
            if shared.unread.contains(head), shared.arguments == arguments {
                shared.unread.remove(head)
                return shared.results[head]
            }
            let results: [(values: [Float], weightedGradient: [Float])]
            do {
                results = try lstm.pathGradients(from: baseline, to: input, steps: timeSteps, positions: positions,
                                                 weights: weights, initialState: initialState, workspace: workspace, heads: heads)
                    .map { ($0.values, $0.weightedInputGradient) }
            } catch {
                results = heads.map { _ in ([Float](repeating: .nan, count: positions.count), [Float](repeating: .nan, count: count)) }
            }
            shared.arguments = arguments
            shared.results = results
            shared.unread = Set(heads.indices).subtracting([head])
            return results[head]
        }
        return heads.indices.map { head in
            DifferentiableModel(inputCount: count, pathEvaluation: { path($0, $1, $2, $3, head: head) }) { points, pointCount, values, gradients in
                for point in 0..<pointCount {
                    let x = Array(points[(point * count)..<((point + 1) * count)])
                    let (value, gradient) = path(x, x, [0], [1], head: head)
                    values[point] = value[0]
                    for index in 0..<count { gradients[point * count + index] = gradient[index] }
                }
            }
        }
    }
}

/// The last path `DifferentiableModel.sharingPath`'s models evaluated: its arguments (baseline,
/// input, positions, weights), every head's values and weighted gradient, and the heads that have
/// not read theirs yet (each reads once; asking again runs the path again).
private final class _SharedPath {
    var arguments: [[Float]] = []
    var results: [(values: [Float], weightedGradient: [Float])] = []
    var unread: Set<Int> = []
}
