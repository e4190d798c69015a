/// How the daily forecasts made during one cycle did at predicting its end (the next start): the
/// project's one per-cycle scorer, read by `CycleEvaluator`, Personalization's guardrail and
/// learning curve, and the reconciliation of stored predictions.
///
/// The alert and its hit follow `AlertPolicy`; the daily errors feed the ±2 d accuracy and the
/// mean absolute error.
public struct CycleForecastScore: Sendable, Equatable {
    /// First day of the cycle.
    package var cycleStart: CalendarDay
    /// The true next period start (end of the cycle).
    package var nextStart: CalendarDay
    /// The day the alert was raised, if any.
    package private(set) var alertDay: CalendarDay?
    /// The start date the alert announced, if any.
    package private(set) var alertedStart: CalendarDay?
    /// Number of daily forecasts scored.
    package private(set) var dayCount = 0
    /// Forecasts within ±2 days of the truth (`period_start.accuracy_2d`).
    package private(set) var withinTwoDays = 0
    /// Sum of absolute errors in days.
    package private(set) var absoluteErrorSum = 0.0

    /// An empty score of the cycle `[cycleStart, nextStart)`.
    package init(cycleStart: CalendarDay, nextStart: CalendarDay) {
        self.cycleStart = cycleStart
        self.nextStart = nextStart
    }

    /// Scores `predictions` (forecasts made on days of the cycle, in increasing order; others are ignored).
    package init(cycleStart: CalendarDay, nextStart: CalendarDay, predictions: [CyclePrediction]) {
        self.init(cycleStart: cycleStart, nextStart: nextStart)
        for prediction in predictions { add(prediction) }
    }

    /// Scores daily forecasts given as (as-of day, forecast next start), e.g. stored `predictions`
    /// rows, in increasing as-of order; forecasts made outside the cycle are ignored.
    package init(cycleStart: CalendarDay, nextStart: CalendarDay, forecasts: [(asOf: CalendarDay, nextPeriodStart: CalendarDay)]) {
        self.init(cycleStart: cycleStart, nextStart: nextStart)
        for forecast in forecasts { add(madeOn: forecast.asOf, nextPeriodStart: forecast.nextPeriodStart) }
    }

    /// Whether the alert was a hit (`false` when no alert was raised before the start).
    package var alertHit: Bool { alertedStart.map { AlertPolicy.isHit(alertedStart: $0, start: nextStart) } ?? false }

    /// Mean absolute error in days (0 when no forecast was scored).
    package var meanAbsoluteError: Double { dayCount == 0 ? 0 : absoluteErrorSum / Double(dayCount) }

    /// Scores one more forecast, made after the ones already scored; forecasts made outside the
    /// cycle are ignored.
    package mutating func add(_ prediction: CyclePrediction) {
        add(madeOn: prediction.asOf, nextPeriodStart: prediction.nextPeriodStart)
    }

    /// Scores one more forecast of the next start, made on `day` after the ones already scored;
    /// forecasts made outside the cycle are ignored.
    package mutating func add(madeOn day: CalendarDay, nextPeriodStart: CalendarDay) {
        guard day >= cycleStart && day < nextStart else { return }
        let error = abs(nextPeriodStart.distance(to: nextStart))
        dayCount += 1
        absoluteErrorSum += Double(error)
        if error <= 2 { withinTwoDays += 1 }
        if alertDay == nil && AlertPolicy.isAlert(madeOn: day, forecastStart: nextPeriodStart) {
            alertDay = day
            alertedStart = nextPeriodStart
        }
    }

    /// Scores `predictor` on the cycle `[cycleStart, nextStart)` of `history`, forecasting on each day.
    package static func scoring(_ predictor: any CyclePredictor, history: UserHistory, cycleStart: CalendarDay,
                               nextStart: CalendarDay) throws -> CycleForecastScore {
        let days = Array(cycleStart..<nextStart)
        let predictions = try predictor.predictions(for: history, on: days, language: .en)
        return CycleForecastScore(cycleStart: cycleStart, nextStart: nextStart, predictions: predictions)
    }
}
