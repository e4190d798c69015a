import Cycles

/// How the daily forecasts made during one cycle did at predicting its end (the next start),
/// with the same alert rule as `CycleEvaluator` (Cycles) plus the daily errors the guardrail needs.
///
/// The alert follows the project's definition (`CycleEvaluator.isAlert`, `.isHit`): the first
/// forecast, made day by day, that puts the next start within 3 days of its as-of day; a hit when
/// the true start is within ±2 days of the alerted date; no alert before the start is a miss.
public struct CycleForecastScore: Sendable, Equatable {
    /// First day of the cycle.
    public var cycleStart: CalendarDay
    /// The true next period start (end of the cycle).
    public var nextStart: CalendarDay
    /// The day the alert was raised, if any.
    public var alertDay: CalendarDay?
    /// Whether the alert was a hit.
    public var alertHit: Bool
    /// Number of daily forecasts scored.
    public var dayCount: Int
    /// Forecasts within ±2 days of the truth.
    public var withinTwoDays: Int
    /// Sum of absolute errors in days.
    public var absoluteErrorSum: Double

    /// Mean absolute error in days (0 when no forecast was scored).
    public var meanAbsoluteError: Double { dayCount == 0 ? 0 : absoluteErrorSum / Double(dayCount) }

    /// Scores `predictions` (forecasts made on days of the cycle, in increasing order; others are ignored).
    public init(cycleStart: CalendarDay, nextStart: CalendarDay, predictions: [CyclePrediction]) {
        self.init(cycleStart: cycleStart, nextStart: nextStart, forecasts: predictions.map { ($0.asOf, $0.nextPeriodStart) })
    }

    /// Scores daily forecasts given as (as-of day, forecast next start), e.g. stored
    /// `predictions` rows, in increasing as-of order; forecasts made outside the cycle are ignored.
    public init(cycleStart: CalendarDay, nextStart: CalendarDay, forecasts: [(asOf: CalendarDay, nextPeriodStart: CalendarDay)]) {
        self.cycleStart = cycleStart
        self.nextStart = nextStart
        alertDay = nil
        alertHit = false
        dayCount = 0
        withinTwoDays = 0
        absoluteErrorSum = 0
        for forecast in forecasts where forecast.asOf >= cycleStart && forecast.asOf < nextStart {
            let error = abs(forecast.nextPeriodStart.distance(to: nextStart))
            let hit = CycleEvaluator.isHit(forecast.nextPeriodStart, truth: nextStart)
            dayCount += 1
            absoluteErrorSum += Double(error)
            if hit { withinTwoDays += 1 }
            if alertDay == nil && CycleEvaluator.isAlert(asOf: forecast.asOf, predicted: forecast.nextPeriodStart) {
                alertDay = forecast.asOf
                alertHit = hit
            }
        }
    }

    /// Scores `predictor` on the cycle `[cycleStart, nextStart)` of `history`, forecasting on each day.
    public static func scoring(_ predictor: any CyclePredictor, history: UserHistory, cycleStart: CalendarDay,
                               nextStart: CalendarDay) throws -> CycleForecastScore {
        let days = Array(cycleStart..<nextStart)
        let predictions = try predictor.predictions(for: history, on: days, language: "en")
        return CycleForecastScore(cycleStart: cycleStart, nextStart: nextStart, predictions: predictions)
    }
}
