import Explanations

extension FeatureGroup {
    /// Sleep quality logs and their summaries.
    public static let sleep = FeatureGroup("sleep")
    /// Stress logs and their summaries.
    public static let stress = FeatureGroup("stress")
    /// Position in the cycle (cycle day, days since the last start).
    public static let cycleDay = FeatureGroup("cycle_day")
    /// Pain logs, including one-sided (ovary) pain.
    public static let pain = FeatureGroup("pain")
    /// Energy logs.
    public static let energy = FeatureGroup("energy")
    /// Mood logs.
    public static let mood = FeatureGroup("mood")
    /// Menstrual flow.
    public static let flow = FeatureGroup("flow")
    /// Past cycles: lengths, their mean, spread and trend.
    public static let history = FeatureGroup("history")
    /// How much was logged (missing-log share, days since the last log).
    public static let logging = FeatureGroup("logging")
    /// Day of the week.
    public static let weekday = FeatureGroup("weekday")
}
