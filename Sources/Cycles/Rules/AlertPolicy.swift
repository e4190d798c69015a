/// The project's one definition of a period alert, its scoring, and the luteal prior every
/// predictor and scorer reads (`CycleEvaluator`, `CycleForecastScore`, the predictors, the
/// alert timing of the learned models, Personalization's reconciliation).
///
/// An **alert** is the first forecast made in a cycle (from its start to the day before the next
/// start) whose forecast start is at most `horizonDays` after the day it was made; it is a
/// **hit** when the true start falls within ±`toleranceDays` of the alerted date. A period that
/// starts before any alert is a miss. Alert accuracy = hits / cycles.
///
/// Luteal length counts the days from the day after ovulation to the day before the next start,
/// so the next start is ovulation + luteal length + 1.
package enum AlertPolicy {
    /// An alert is a forecast at most this many days ahead.
    package static let horizonDays = 3
    /// An alerted date is a hit within this many days of the true start.
    package static let toleranceDays = 2
    /// Days ahead an alerted start can be and still be a hit: horizon + tolerance.
    package static let windowDays = horizonDays + toleranceDays
    /// Luteal length assumed until a user has a past cycle with a known one (the Marquette
    /// charting cohort's mean is 13.05 d, `Datasets/REFERENCE-STATISTICS.md`).
    package static let lutealPriorDays = 13
    /// Days from ovulation to the next start under the luteal prior: `lutealPriorDays + 1`.
    package static let ovulationToStartPriorDays = lutealPriorDays + 1

    /// `true` when a forecast made on `day` for a start on `forecastStart` is an alert.
    package static func isAlert(madeOn day: CalendarDay, forecastStart: CalendarDay) -> Bool {
        day.distance(to: forecastStart) <= horizonDays
    }

    /// `true` when `alertedStart` is within the tolerance of the true `start`.
    package static func isHit(alertedStart: CalendarDay, start: CalendarDay) -> Bool {
        abs(alertedStart.distance(to: start)) <= toleranceDays
    }
}
