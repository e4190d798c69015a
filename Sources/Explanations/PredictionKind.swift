/// What a sentence is about; each kind has a headline per language in the templates
/// (`predictions` section), optionally with variants (`energy_tomorrow.high`, `recommendation.titled`).
public struct PredictionKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a kind from its raw name.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Next period start (value: a date; uncertainty: days).
    public static let periodStart = PredictionKind("period_start")
    /// Ovulation day of the current cycle (value: a date; uncertainty: days).
    public static let ovulation = PredictionKind("ovulation")
    /// Whether ovulation has passed (value: a probability).
    public static let ovulationPassed = PredictionKind("ovulation_passed")
    /// Energy tomorrow (value: a level).
    public static let energyTomorrow = PredictionKind("energy_tomorrow")
    /// Mood tomorrow (value: a level).
    public static let moodTomorrow = PredictionKind("mood_tomorrow")
    /// An Elaro recommendation (value: the action title, or none).
    public static let recommendation = PredictionKind("recommendation")

    public var description: String { rawValue }

    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
