import Explanations

extension FeatureGroup {
    /// Sleep quality logs and their summaries.
    package static let sleep = FeatureGroup("sleep")
    /// Stress logs and their summaries.
    package static let stress = FeatureGroup("stress")
    /// Position in the cycle (cycle day, days since the last start).
    package static let cycleDay = FeatureGroup("cycle_day")
    /// Pain logs, including one-sided (ovary) pain.
    package static let pain = FeatureGroup("pain")
    /// Energy logs.
    package static let energy = FeatureGroup("energy")
    /// Mood logs.
    package static let mood = FeatureGroup("mood")
    /// Menstrual flow.
    package static let flow = FeatureGroup("flow")
    /// Past cycles: lengths, their mean, spread and trend.
    package static let history = FeatureGroup("history")
    /// How much was logged (missing-log share, days since the last log).
    package static let logging = FeatureGroup("logging")
    /// Day of the week.
    package static let weekday = FeatureGroup("weekday")
}
