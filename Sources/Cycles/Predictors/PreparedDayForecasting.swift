import Explanations

/// The plumbing behind `ForecastAttributing`: a day prepared once (her state and the model's
/// input rows), from her history or from her kept day, and the forecast and attributions read
/// from it. The database loop prepares her kept day; `explainedPrediction(for:on:language:)`
/// prepares her history.
package protocol PreparedDayForecasting: ForecastAttributing {
    /// Her state at the end of `day` and the model's raw input rows, built once for everything
    /// said about that day (causal: later records are ignored).
    func preparedDay(for history: UserHistory, on day: CalendarDay) -> PreparedCycleDay

    /// Whether the model reads a daily input row per day (`KeptCycleDay.dailyRows`).
    var readsDailyRows: Bool { get }

    /// The day her kept day ends on, prepared from it: the same as `preparedDay(for:on:)` on
    /// that day, without replaying her history.
    /// - Throws: `ExplanationError.invalidParameter` for a kept day without the rows the model reads,
    ///   or one that has seen no day.
    func preparedDay(from kept: KeptCycleDay) throws -> PreparedCycleDay

    /// The forecast of a prepared day: the same as `prediction(for:on:language:)` on that day.
    /// `buildsSentence: false` skips the model's plain sentence (an empty one stands in) for a
    /// caller that replaces it; the period-history sentence, which is kept, is always built.
    /// - Throws: `ExplanationError.invalidParameter` for a day prepared by another kind of model.
    func prediction(from prepared: PreparedCycleDay, language: Language, buildsSentence: Bool) throws -> CyclePrediction

    /// Per-feature contributions to the forecast days until the next start on the prepared day,
    /// against the model's baseline forecast.
    func periodAttribution(from prepared: PreparedCycleDay) throws -> Attribution

    /// Per-feature contributions to tomorrow's expected `symptom` level (`.energy` or `.mood`,
    /// 1–10 scale) on the prepared day, against the model's baseline; `nil` when the model does
    /// not forecast it.
    func levelAttribution(_ symptom: SymptomType, from prepared: PreparedCycleDay) throws -> Attribution?

    /// `periodAttribution(from:)` and `levelAttribution(_:from:)` of each of `levels` (the
    /// symptoms with an attribution: `nil` ones are left out) in one call, as
    /// `explainedPrediction` needs them: a model may share work between them (the LSTM runs its
    /// recurrence along the Integrated Gradients path once for every head). The default calls
    /// the two.
    func attributions(from prepared: PreparedCycleDay, levels: [SymptomType]) throws
        -> (period: Attribution, levels: [SymptomType: Attribution])
}

extension PreparedDayForecasting {
    /// `prediction(from:language:buildsSentence:)` with its plain sentence.
    package func prediction(from prepared: PreparedCycleDay, language: Language) throws -> CyclePrediction {
        try prediction(from: prepared, language: language, buildsSentence: true)
    }

    package func attributions(from prepared: PreparedCycleDay, levels: [SymptomType]) throws
        -> (period: Attribution, levels: [SymptomType: Attribution]) {
        var attributions: [SymptomType: Attribution] = [:]
        for symptom in levels { attributions[symptom] = try levelAttribution(symptom, from: prepared) }
        return (try periodAttribution(from: prepared), attributions)
    }

    /// Smallest contribution, in days, a period sentence names.
    package static var minimumNamedContribution: Double { 0.5 }
    /// Smallest contribution, in points of the 1–10 scale, an energy or mood sentence names.
    package static var minimumNamedLevelContribution: Double { 0.2 }

    /// The forecast for `day` with sentences built from the attributions: the period headline
    /// (date, uncertainty) with up to three contributions of at least `minimumNamedContribution`
    /// days that push the same way as the forecast, and the same for tomorrow's energy and mood
    /// (`LevelForecast.reasoning`; contributions of at least `minimumNamedLevelContribution`
    /// points). See `ReasoningGenerator`. The day is prepared once (`preparedDay(for:on:)`) and the
    /// attributions computed together (`attributions(from:levels:)`); the method's findings in her
    /// charts (`CyclePrediction.fertility`) are read from its state.
    /// Returns the period attribution too, for `odml explain` and app UIs.
    package func explainedPrediction(for history: UserHistory, on day: CalendarDay, language: Language,
                                    generator: ReasoningGenerator) throws -> (prediction: CyclePrediction, attribution: Attribution) {
        try explainedPrediction(from: preparedDay(for: history, on: day), language: language, generator: generator)
    }

    /// `explainedPrediction(for:on:language:generator:)` of a day already prepared (from her
    /// history, `preparedDay(for:on:)`, or from her kept day, `preparedDay(from:)`).
    package func explainedPrediction(from prepared: PreparedCycleDay, language: Language,
                                    generator: ReasoningGenerator) throws -> (prediction: CyclePrediction, attribution: Attribution) {
        // The plain sentence is always replaced: by the period-history sentence, or below by one
        // that names the contributions.
        var prediction = try self.prediction(from: prepared, language: language, buildsSentence: false)
        let forecastLevels = [(prediction.energyTomorrow, SymptomType.energy), (prediction.moodTomorrow, .mood)]
            .compactMap { $0.0 == nil ? nil : $0.1 }
        let (attribution, levelAttributions) = try attributions(from: prepared, levels: forecastLevels)
        if !prepared.state.givesPeriodHistoryForecast {
            // The model decided the date: its sentence names what moved it. (The period-history
            // forecast keeps its own sentence: what it rests on, in her terms.)
            let (year, month, dayOfMonth) = prediction.nextPeriodStart.components
            let interval = prediction.nextPeriodIntervals.first { $0.level == 0.8 }
            prediction.reasoning = try generator.reasoning(
                for: .periodStart, value: .date(year: year, month: month, day: dayOfMonth),
                uncertainty: interval.map { .interval(from: $0.first.predictedValue, through: $0.last.predictedValue, probability: $0.level) }
                    ?? .days(prediction.nextPeriodUncertaintyDays),
                attribution: attribution, language: language, minimumContribution: Self.minimumNamedContribution)
        }
        func explained(_ forecast: LevelForecast?, _ symptom: SymptomType, _ kind: PredictionKind) throws -> LevelForecast? {
            guard var forecast, let levelAttribution = levelAttributions[symptom] else { return forecast }
            forecast.reasoning = try generator.reasoning(for: kind, value: .level(PredictedValue.Level(rawValue: forecast.level.rawValue) ?? .medium),
                                                         attribution: levelAttribution, language: language,
                                                         minimumContribution: Self.minimumNamedLevelContribution)
            return forecast
        }
        prediction.energyTomorrow = try explained(prediction.energyTomorrow, .energy, .energyTomorrow)
        prediction.moodTomorrow = try explained(prediction.moodTomorrow, .mood, .moodTomorrow)
        prediction.fertility = FertilityFindings(state: prepared.state)
        return (prediction, attribution)
    }

    /// `periodAttribution(for:on:)` through a day prepared from her history.
    package func preparedPeriodAttribution(for history: UserHistory, on day: CalendarDay) throws -> Attribution {
        try periodAttribution(from: preparedDay(for: history, on: day))
    }

    /// `levelAttribution(_:for:on:)` through a day prepared from her history.
    package func preparedLevelAttribution(_ symptom: SymptomType, for history: UserHistory, on day: CalendarDay) throws -> Attribution? {
        try levelAttribution(symptom, from: preparedDay(for: history, on: day))
    }

    /// The rows of `prepared` when it was prepared with `layout` (`featureCount` values a row).
    /// - Throws: `ExplanationError.invalidParameter` otherwise.
    func rows(of prepared: PreparedCycleDay, layout: String, featureCount: Int) throws -> [Float] {
        guard prepared.layout == layout, prepared.rowCount >= 1, prepared.rows.count == prepared.rowCount * featureCount else {
            throw ExplanationError.invalidParameter(
                name: "prepared", expected: "a day prepared by \(name) (\(layout), \(featureCount) features a row)",
                found: "\(prepared.layout), \(prepared.rows.count) values in \(prepared.rowCount) rows")
        }
        return prepared.rows
    }

    /// The state of `kept` and its day, when it has seen one.
    /// - Throws: `ExplanationError.invalidParameter` for a kept day that has seen no day.
    func dayState(of kept: KeptCycleDay) throws -> (day: CalendarDay, state: CycleDayState) {
        guard let day = kept.day else {
            throw ExplanationError.invalidParameter(name: "kept", expected: "a kept day that has seen her first logged day",
                                                    found: "an empty kept day")
        }
        return (day, kept.state)
    }
}
