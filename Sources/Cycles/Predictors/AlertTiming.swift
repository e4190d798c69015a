/// When a forecast should enter the alert horizon, shared by the learned predictors.
///
/// An alert on day `t` for day `t + AlertPolicy.horizonDays` is a hit for a start in `t + 1 …
/// t + AlertPolicy.windowDays`; tomorrow's alert would cover `t + 2 … t + windowDays + 1`. Alerting
/// today beats waiting when P(start in 1 day) − P(start in `windowDays + 1` days) ≥ 0, so the forecast
/// is held beyond the horizon until that score reaches a threshold calibrated on held-out users.
/// (A threshold on P(start within `windowDays`) alone alerts too late: that conditional
/// probability keeps rising after the most likely day has passed.)
package enum AlertTiming {
    /// Thresholds tried by calibration, in increasing order.
    package static let thresholdCandidates: [Double] = [0.0025, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03, 0.04, 0.05, 0.07, 0.1]

    /// The score's training target on a day whose next start is `daysToStart` days away: 1 when
    /// it is tomorrow, −1 when it is `AlertPolicy.windowDays + 1` days away, else 0 (its mean is
    /// P(start tomorrow) − P(start in `windowDays + 1` days)).
    package static func target(daysToStart: Int) -> Float {
        daysToStart == 1 ? 1 : (daysToStart == AlertPolicy.windowDays + 1 ? -1 : 0)
    }

    /// `days` (the point forecast, ≥ 1) moved to the alert horizon or beyond it by the alert
    /// `score` against `threshold`.
    package static func forecastDays(_ days: Int, score: Double, threshold: Double) -> Int {
        let horizon = AlertPolicy.horizonDays
        return score >= threshold ? min(days, horizon) : max(days, horizon + 1)
    }
}
