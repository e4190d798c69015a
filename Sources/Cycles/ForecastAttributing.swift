import Explanations

/// A cycle predictor that can say which inputs moved its forecasts, and how much: the boosted
/// trees (TreeSHAP) and the LSTM (Integrated Gradients).
///
/// `predictions(for:on:language:)` stays cheap for bulk evaluation and carries a plain sentence;
/// `explainedPrediction(for:on:language:generator:)` is the one-prediction path an app shows,
/// whose sentences name the strongest contributions.
public protocol ForecastAttributing: CyclePredictor {
    /// Per-feature contributions to the forecast days until the next start for `history`'s user
    /// on `day` (causal: later records are ignored), against the model's baseline forecast.
    func periodAttribution(for history: UserHistory, on day: CalendarDay) throws -> Attribution

    /// Per-feature contributions to tomorrow's expected `symptom` level (`.energy` or `.mood`,
    /// 1–10 scale) against the model's baseline; `nil` when the model does not forecast it.
    func levelAttribution(_ symptom: SymptomType, for history: UserHistory, on day: CalendarDay) throws -> Attribution?
}

extension ForecastAttributing {
    /// Smallest contribution, in days, a period sentence names.
    public static var minimumNamedContribution: Double { 0.5 }
    /// Smallest contribution, in points of the 1–10 scale, an energy or mood sentence names.
    public static var minimumNamedLevelContribution: Double { 0.2 }

    /// The forecast for `day` with sentences built from the attributions: the period headline
    /// (date, uncertainty) with up to three contributions of at least `minimumNamedContribution`
    /// days that push the same way as the forecast, and the same for tomorrow's energy and mood
    /// (`LevelForecast.reasoning`; contributions of at least `minimumNamedLevelContribution`
    /// points). See `ReasoningGenerator`. Returns the period attribution too, for `odml explain`
    /// and app UIs.
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
        func explained(_ forecast: LevelForecast?, _ symptom: SymptomType, _ kind: PredictionKind) throws -> LevelForecast? {
            guard var forecast, let levelAttribution = try levelAttribution(symptom, for: visible, on: day) else { return forecast }
            forecast.reasoning = try generator.reasoning(for: kind, value: .level(PredictedValue.Level(rawValue: forecast.level.rawValue) ?? .medium),
                                                         attribution: levelAttribution, language: language,
                                                         minimumContribution: Self.minimumNamedLevelContribution)
            return forecast
        }
        prediction.energyTomorrow = try explained(prediction.energyTomorrow, .energy, .energyTomorrow)
        prediction.moodTomorrow = try explained(prediction.moodTomorrow, .mood, .moodTomorrow)
        return (prediction, attribution)
    }
}
