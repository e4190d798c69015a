/// The family a feature belongs to (`sleep`, `cycle_day`, `focus_match`, …): the generator
/// phrases factors by group when a feature has no phrase of its own, and attributions can be
/// summed by group. The domains declare their groups (`FeatureGroup.sleep` in Cycles, Elaro's
/// reasons); any raw value works as long as a phrase book names it.
public struct FeatureGroup: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a group from its raw name.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Any feature without a better group.
    package static let other = FeatureGroup("other")

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
