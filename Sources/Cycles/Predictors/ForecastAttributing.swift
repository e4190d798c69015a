import Explanations

/// A cycle predictor that can say which inputs moved its forecasts, and how much: the boosted
/// trees (TreeSHAP) and the LSTM (Integrated Gradients).
///
/// `predictions(for:on:language:)` stays cheap for bulk evaluation and carries a plain sentence;
/// `explainedPrediction(for:on:language:)` is the one-prediction path an app shows, whose
/// sentences name the strongest contributions. It builds her day once and hands it to the
/// forecast, the attributions and the sentences.
public protocol ForecastAttributing: CyclePredictor {
    /// Per-feature contributions to the forecast days until the next start for `history`'s user
    /// on `day` (causal: later records are ignored), against the model's baseline forecast.
    func periodAttribution(for history: UserHistory, on day: CalendarDay) throws -> Attribution

    /// Per-feature contributions to tomorrow's expected `symptom` level (`.energy` or `.mood`,
    /// 1–10 scale) for `history`'s user on `day`, against the model's baseline; `nil` when the
    /// model does not forecast it.
    func levelAttribution(_ symptom: SymptomType, for history: UserHistory, on day: CalendarDay) throws -> Attribution?

    /// The forecast for `day` with sentences in `language` built from the attributions (the
    /// cycle phrases, `CyclePhrases.shared`): the period headline with up to three contributions
    /// that push the same way as the forecast, the same for tomorrow's energy and mood, and the
    /// method's findings in her charts. Returns the period attribution too, for app UIs.
    func explainedPrediction(for history: UserHistory, on day: CalendarDay,
                             language: Language) throws -> (prediction: CyclePrediction, attribution: Attribution)
}
