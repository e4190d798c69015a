import Explanations
import Foundation
import NeuralNet
import TensorCore

extension LSTMCyclePredictor: ForecastAttributing {
    /// Days of history Integrated Gradients attributes by default: the last 90 (about three
    /// cycles). Earlier days act through the LSTM state they leave, which is held fixed.
    public static let explainedDays = 90

    /// `periodAttribution(for:on:explainedDays:)` over the last `explainedDays` (90) days.
    public func periodAttribution(for history: UserHistory, on day: CalendarDay) throws -> Attribution {
        try periodAttribution(for: history, on: day, explainedDays: LSTMCyclePredictor.explainedDays)
    }

    /// Why the period head predicts what it does for `history`'s user on `day`: Integrated
    /// Gradients of its expected days until the next start, `E = Σ_k k · softmax(z)_k`, one
    /// contribution per daily feature summed over the explained days.
    ///
    /// The path runs from the population-average day (zero in the model's normalised units)
    /// repeated over the last `days` days (`explainedDays`) to the real ones, starting from the state the earlier
    /// days leave, with 32-node Gauss–Legendre quadrature (`completenessError` reports the gap).
    /// Feature values shown are the last day's, compared with the population mean.
    /// - Throws: `NeuralNetError.shapeMismatch` when nothing was logged by `day`;
    ///   `ExplanationError.invalidParameter` when `days < 1`.
    public func periodAttribution(for history: UserHistory, on day: CalendarDay, explainedDays days: Int) throws -> Attribution {
        try attribution(of: network.period, classValues: (0..<Network.periodClassCount).map(Float.init),
                        for: history, on: day, explainedDays: days)
    }

    /// Integrated Gradients of tomorrow's expected energy or mood, `E = Σ_k v_k · softmax(z)_k`
    /// over the level values (low 2, medium 5.5, high 9), over the last `explainedDays` days
    /// (as `periodAttribution`); `nil` for other symptoms.
    public func levelAttribution(_ symptom: SymptomType, for history: UserHistory, on day: CalendarDay) throws -> Attribution? {
        let head: Linear
        switch symptom {
        case .energy: head = network.energy
        case .mood: head = network.mood
        default: return nil
        }
        return try attribution(of: head, classValues: LSTMCyclePredictor.levelValues.map(Float.init), for: history, on: day,
                               explainedDays: LSTMCyclePredictor.explainedDays)
    }

    /// Integrated Gradients of `Σ_k classValues_k · softmax(head(h_T))_k`.
    func attribution(of head: Linear, classValues: [Float], for history: UserHistory, on day: CalendarDay,
                     explainedDays days: Int) throws -> Attribution {
        guard days >= 1 else {
            throw ExplanationError.invalidParameter(name: "days", expected: "at least 1", found: "\(days)")
        }
        let featureCount = DailyFeatureBuilder.featureCount
        let sequence = try normalisedFeatures(for: history, through: day).scalars
        let totalSteps = sequence.count / featureCount, window = min(days, totalSteps)
        let lstm = network.lstm
        var state = LSTM.StreamingState(for: lstm)
        let prefixSteps = totalSteps - window
        if prefixSteps > 0 {
            sequence.withUnsafeBufferPointer { lstm.run($0.baseAddress!, steps: prefixSteps, state: &state, outputs: nil) }
        }
        let input = Array(sequence[(prefixSteps * featureCount)...])
        let baseline = [Float](repeating: 0, count: input.count)
        let scalarHead = LSTMCyclePredictor.expectedValueHead(head, classValues: classValues)
        let result = try _PathWorkspacePool.shared.withWorkspace { workspace in
            let model = DifferentiableModel(lstm: lstm, timeSteps: window, initialState: state, workspace: workspace,
                                            head: scalarHead)
            return try IntegratedGradients().attributions(of: model, at: input, baseline: baseline)
        }
        let features = zip(LSTMCyclePredictor.featureNames, LSTMCyclePredictor.featureGroups).map { name, group in
            FeatureDescriptor(key: name, group: FeatureGroup(CycleFeatureGroups.reasoningGroup(group)))
        }
        let lastDay = (window - 1) * featureCount
        let values: [Double?] = (0..<featureCount).map { feature in
            Double(input[lastDay + feature] * featureScale[feature] + featureMean[feature])
        }
        var attribution = try Attribution(integratedGradients: result, timeSteps: window, features: features,
                                          input: input, baseline: baseline, values: values)
        for index in attribution.contributions.indices {
            attribution.contributions[index].baselineValue = Double(featureMean[index])
            attribution.contributions[index].direction = FeatureDirection(value: values[index],
                                                                          reference: Double(featureMean[index]))
        }
        return attribution
    }

    /// A classification head as a scalar of the final hidden state: `E = Σ_k v_k · p_k` with
    /// `p = softmax(W h + b)`, and `∂E/∂h = Wᵀ (p ⊙ (v − E))`.
    static func expectedValueHead(_ head: Linear, classValues: [Float]) -> LSTM.ScalarHead {
        let weight = head.weight.scalars, bias = head.bias.scalars
        let classes = head.bias.count, hidden = head.weight.shape[1]
        return { finalHidden, values, dFinalHidden in
            var logits = [Float](repeating: 0, count: classes)
            for point in values.indices {
                let h = point * hidden
                var maximum = -Float.infinity
                for k in 0..<classes {
                    var z = bias[k]
                    for unit in 0..<hidden { z += weight[k * hidden + unit] * finalHidden[h + unit] }
                    logits[k] = z
                    maximum = max(maximum, z)
                }
                var total: Float = 0
                for k in 0..<classes {
                    logits[k] = Foundation.exp(logits[k] - maximum)
                    total += logits[k]
                }
                var expected: Float = 0
                for k in 0..<classes {
                    logits[k] /= total
                    expected += classValues[k] * logits[k]
                }
                values[point] = expected
                for unit in 0..<hidden { dFinalHidden[h + unit] = 0 }
                for k in 0..<classes {
                    let dz = logits[k] * (classValues[k] - expected)
                    for unit in 0..<hidden { dFinalHidden[h + unit] += dz * weight[k * hidden + unit] }
                }
            }
        }
    }
}
