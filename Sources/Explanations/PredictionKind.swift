/// What a sentence is about; each kind has a headline in the phrase books' `predictions`
/// section, optionally with variants (`energy_tomorrow.high`, `recommendation.titled`). The
/// domains declare their kinds (`PredictionKind.periodStart` in Cycles, `.recommendation` in Elaro).
public struct PredictionKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a kind from its raw name.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
