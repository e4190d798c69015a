import NeuralNet
import TensorCore

extension LSTMCyclePredictor {
    /// The period head's expected correction to the anchored date, `E = Σ_k c_k · softmax(z + o)_k`
    /// over the corrections `c_k` of `Network.periodCorrections` (days added to the anchored
    /// remaining days), at the last step of `features`, with `prior` `o` the day's period prior
    /// (`periodPrior(of:)`; `nil`: the head alone), and its gradient w.r.t. every input feature of
    /// every step.
    ///
    /// This is what Integrated Gradients needs: evaluate it along the path from a baseline
    /// sequence to the real one and average the gradients. `features` are *normalised*
    /// (`[T, featureCount]`, see `normalisedFeatures(for:through:)`), so the all-zeros
    /// sequence is the population-average day repeated.
    /// - Throws: `NeuralNetError.shapeMismatch` unless `features` is `[T, featureCount]` with `T ≥ 1`
    ///   and `prior` has `Network.periodClassCount` values.
    package func expectedPeriodCorrection(features: Tensor, prior: [Float]? = nil) throws -> (value: Double, gradient: Tensor) {
        let featureCount = DailyFeatureBuilder.featureCount
        guard features.rank == 2, features.shape[1] == featureCount, features.shape[0] >= 1 else {
            throw NeuralNetError.shapeMismatch(operation: "LSTMCyclePredictor.expectedPeriodCorrection",
                                               expected: [-1, featureCount], found: features.shape)
        }
        let steps = features.shape[0], hidden = network.lstm.hiddenSize, classes = Network.periodClassCount
        let prior = prior ?? [Float](repeating: 0, count: classes)
        guard prior.count == classes else {
            throw NeuralNetError.shapeMismatch(operation: "LSTMCyclePredictor.expectedPeriodCorrection (prior)",
                                               expected: [classes], found: [prior.count])
        }
        var lstm = network.lstm
        var head = network.period
        let output = try lstm.forward(try features.reshaped(to: [steps, 1, featureCount]))
        let last = try output.outputs.reshaped(to: [steps, hidden]).row(steps - 1)
        let logits = try head.forward(try last.reshaped(to: [1, hidden]))
        let probabilities = Softmax.probabilities(zip(logits.scalars, prior).map(+))
        let lowest = Double(Network.periodCorrections.lowerBound)
        var expected = 0.0
        for (k, p) in probabilities.enumerated() { expected += (Double(k) + lowest) * Double(p) }
        // ∂E/∂z_k = p_k (c_k - E).
        let dLogits = Tensor(uncheckedShape: [1, classes],
                             scalars: probabilities.enumerated().map { k, p in p * Float(Double(k) + lowest - expected) })
        let dLast = try head.backward(dLogits)
        var dOutputs = [Float](repeating: 0, count: steps * hidden)
        for unit in 0..<hidden { dOutputs[(steps - 1) * hidden + unit] = dLast.scalars[unit] }
        let dInput = try lstm.backward(Tensor(uncheckedShape: [steps, 1, hidden], scalars: dOutputs))
        return (expected, try dInput.reshaped(to: [steps, featureCount]))
    }

    /// The normalised feature sequence `[T, featureCount]` the predictor sees for `history`
    /// from its first logged day through `day` (causal: later records are ignored).
    /// - Throws: `NeuralNetError.shapeMismatch` when nothing was logged by `day`.
    package func normalisedFeatures(for history: UserHistory, through day: CalendarDay) throws -> Tensor {
        try normalisedFeatures(preparedDay(for: history, on: day))
    }

    /// The prepared day's daily rows from row `first` on (from her first logged day by default),
    /// normalised (`[rowCount − first, featureCount]`).
    /// - Throws: `NeuralNetError.shapeMismatch` when nothing was logged by the day;
    ///   `ExplanationError.invalidParameter` for a day prepared by another model.
    func normalisedFeatures(_ prepared: PreparedCycleDay, fromRow first: Int = 0) throws -> Tensor {
        let featureCount = DailyFeatureBuilder.featureCount
        let raw = try dailyRows(of: prepared)
        guard prepared.state.lastLoggedDay != nil else {
            throw NeuralNetError.shapeMismatch(operation: "LSTMCyclePredictor.normalisedFeatures (no logged day by \(prepared.day))",
                                               expected: [-1, featureCount], found: [0, featureCount])
        }
        let normalised = ((min(max(first, 0), prepared.rowCount) * featureCount)..<raw.count).map { index in
            let feature = index % featureCount
            return (raw[index] - featureMean[feature]) / featureScale[feature]
        }
        return Tensor(uncheckedShape: [normalised.count / featureCount, featureCount], scalars: normalised)
    }

    /// `expectedPeriodCorrection` for one user-day, with the day's period prior: the forecast's
    /// expected correction to the anchored date as of `day`, its gradient w.r.t. the normalised
    /// features `[T, featureCount]`, and those features.
    package func inputGradient(for history: UserHistory, on day: CalendarDay) throws -> (value: Double, features: Tensor, gradient: Tensor) {
        let prepared = preparedDay(for: history, on: day)
        let features = try normalisedFeatures(prepared)
        let (value, gradient) = try expectedPeriodCorrection(features: features, prior: LSTMCyclePredictor.periodPrior(of: prepared.state))
        return (value, features, gradient)
    }
}
