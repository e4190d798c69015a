/// The family a feature belongs to (`sleep`, `stress`, `cycle_day`, …): the generator phrases
/// factors by group when a feature has no template of its own, and attributions can be summed by
/// group.
///
/// Open to more than the built-in groups: any raw value works as long as the templates name it.
public struct FeatureGroup: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a group from its raw name.
    public init(_ rawValue: String) { self.rawValue = rawValue }

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
    /// Any feature without a better group.
    public static let other = FeatureGroup("other")

    public var description: String { rawValue }
    public static func < (lhs: FeatureGroup, rhs: FeatureGroup) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension FeatureGroup {
    /// Elaro: how well the action fits the active focus area.
    public static let focusMatch = FeatureGroup("focus_match")
    /// Elaro: the bandit's estimate that the parent completes the action.
    public static let successProbability = FeatureGroup("success_probability")
    /// Elaro: how well the action's length fits today's available time.
    public static let bandwidthFit = FeatureGroup("bandwidth_fit")
    /// Elaro: how well the time of day fits the parent's habits.
    public static let timeOfDayFit = FeatureGroup("time_of_day_fit")
    /// Elaro: bonus for something not suggested lately.
    public static let noveltyBoost = FeatureGroup("novelty_boost")
    /// Elaro: the current streak (value: its length in days).
    public static let streakMomentum = FeatureGroup("streak_momentum")
    /// Elaro: risk that the action meets obstacles (a positive contribution means low friction).
    public static let frictionRisk = FeatureGroup("friction_risk")
    /// Elaro: a parent without history (cold-start priors).
    public static let coldStart = FeatureGroup("cold_start")
}
