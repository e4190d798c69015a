import Explanations

/// The JSON form of one day's forecast: what `odml predict --json` prints and what the C API's
/// `odml_predict` returns (`ReportJSON.pretty`, the same bytes).
package struct ForecastReport: Encodable, Sendable {
    /// The ovulation estimate.
    package struct Ovulation: Encodable, Sendable {
        /// The most likely ovulation day.
        package let date: CalendarDay
        /// P(ovulation has passed by the forecast day).
        package let passedProbability: Double
        enum CodingKeys: String, CodingKey { case date, passedProbability = "passed_probability" }
    }

    /// Tomorrow's energy or mood.
    package struct Level: Encodable, Sendable {
        /// The expected level on the 1–10 scale.
        package let value: Double
        /// `low`, `medium` or `high`.
        package let level: String
        /// Present when the predictor attributes the forecast (`gbt`, `lstm`).
        package let reasoning: Reasoning?
    }

    /// The predictor's name (`rules`, `gbt`, `lstm`, …).
    package let model: String
    /// Her user id.
    package let user: String
    /// The day of the forecast.
    package let asOf: CalendarDay
    /// The forecast start of her next period.
    package let nextPeriodStart: CalendarDay
    /// The forecast's spread, days.
    package let nextPeriodUncertaintyDays: Double
    /// P(the start falls within ±2 d of `nextPeriodStart`), when the predictor has a distribution.
    package let nextPeriodConfidence: Double?
    /// Central intervals by level ("50", "80", "95"): [first day, last day].
    package let nextPeriodIntervals: [String: [CalendarDay]]?
    /// The ovulation estimate, when the predictor makes one.
    package let ovulation: Ovulation?
    /// Tomorrow's energy, when the predictor forecasts it.
    package let energyTomorrow: Level?
    /// Tomorrow's mood, when the predictor forecasts it.
    package let moodTomorrow: Level?
    /// The period forecast's sentence and factors.
    package let reasoning: Reasoning
    /// The method's findings in her current cycle (`FertilityFindings`), `nil` before any start.
    package let fertility: FertilityReport?

    enum CodingKeys: String, CodingKey {
        case model, user, ovulation, reasoning, fertility
        case asOf = "as_of", nextPeriodStart = "next_period_start", nextPeriodUncertaintyDays = "next_period_uncertainty_days"
        case nextPeriodConfidence = "next_period_confidence", nextPeriodIntervals = "next_period_intervals"
        case energyTomorrow = "energy_tomorrow", moodTomorrow = "mood_tomorrow"
    }

    /// The report of `forecast`, its sentences in `forecast.language`.
    /// - Throws: `ExplanationError` when a fertility sentence cannot be built.
    package init(_ forecast: DayForecast) throws {
        let prediction = forecast.prediction
        model = forecast.predictorName
        user = forecast.history.userID
        asOf = forecast.day
        nextPeriodStart = prediction.nextPeriodStart
        nextPeriodUncertaintyDays = prediction.nextPeriodUncertaintyDays
        nextPeriodConfidence = prediction.nextPeriodConfidence
        nextPeriodIntervals = prediction.nextPeriodIntervals.isEmpty ? nil : Dictionary(
            prediction.nextPeriodIntervals.map { (String(Int(($0.level * 100).rounded())), [$0.first, $0.last]) },
            uniquingKeysWith: { first, _ in first })
        ovulation = prediction.ovulation.map { Ovulation(date: $0.date, passedProbability: $0.passedProbability) }
        energyTomorrow = prediction.energyTomorrow.map { Level(value: $0.value, level: $0.level.rawValue, reasoning: $0.reasoning) }
        moodTomorrow = prediction.moodTomorrow.map { Level(value: $0.value, level: $0.level.rawValue, reasoning: $0.reasoning) }
        reasoning = prediction.reasoning
        fertility = try prediction.fertility.map { try FertilityReport($0, language: forecast.language) }
    }
}
