import Explanations

/// A cycle predictor that can say which inputs moved its period forecast, and how much: the
/// boosted trees (exact TreeSHAP) and the LSTM (Integrated Gradients).
///
/// `predictions(for:on:language:)` stays cheap for bulk evaluation and carries a plain sentence;
/// `explainedPrediction(for:on:language:)` is the one-prediction path an app shows, whose
/// reasoning names the strongest contributions.
public protocol PeriodAttributing: CyclePredictor {
    /// Per-feature contributions to the forecast days until the next start for `history`'s user
    /// on `day` (causal: later records are ignored), against the model's baseline forecast.
    func periodAttribution(for history: UserHistory, on day: CalendarDay) throws -> Attribution
}

extension PeriodAttributing {
    /// Smallest contribution, in days, a reasoning sentence names.
    public static var minimumNamedContribution: Double { 0.5 }

    /// The forecast for `day` with a reasoning sentence built from `periodAttribution`: the
    /// headline date and uncertainty, then up to three contributions of at least
    /// `minimumNamedContribution` days that push the same way as the forecast (see
    /// `ReasoningGenerator`). Returns the attribution too, for `odml explain` and app UIs.
    public func explainedPrediction(for history: UserHistory, on day: CalendarDay, language: String,
                                    generator: ReasoningGenerator) throws -> (prediction: CyclePrediction, attribution: Attribution) {
        let visible = history.truncated(through: day)
        var prediction = try self.prediction(for: visible, on: day, language: language)
        let attribution = try periodAttribution(for: visible, on: day)
        let (year, month, dayOfMonth) = prediction.nextPeriodStart.components
        prediction.reasoning = try generator.reasoning(
            for: .periodStart, value: .date(year: year, month: month, day: dayOfMonth),
            uncertainty: .days(prediction.nextPeriodUncertaintyDays), attribution: attribution, language: language,
            minimumContribution: Self.minimumNamedContribution)
        return (prediction, attribution)
    }
}
