/// One small parenting action of the content library, with 5-, 10- and 20-minute variants.
public struct ActionTemplate: Sendable, Codable, Equatable, Hashable {
    /// A way to do the action in a fixed time.
    public struct Variant: Sendable, Codable, Equatable, Hashable {
        /// Duration: 5, 10 or 20 minutes.
        public var minutes: Int
        /// What to do, in plain language.
        public var instructions: LocalizedText
    }

    /// When the action must not be offered.
    public struct Contraindications: Sendable, Codable, Equatable, Hashable {
        /// Youngest child age in years the action suits.
        public var minimumChildAge: Int
        /// Oldest child age in years the action suits.
        public var maximumChildAge: Int
        /// Situations in which the action is not offered (e.g. `child-sick`, `travelling`).
        public var situations: [String]
    }

    /// Stable identifier (kebab-case).
    public var id: String
    /// The focus area it serves.
    public var focusArea: FocusArea
    /// Short title.
    public var title: LocalizedText
    /// The 5-, 10- and 20-minute variants.
    public var variants: [Variant]
    /// Free-form tags (`calm`, `bedtime`, ...).
    public var tags: [String]
    /// When it works best.
    public var bestTimeOfDay: PreferredTimeOfDay
    /// Effort level, 1 (easy) to 3.
    public var effort: Int
    /// Novelty level, 1 (familiar) to 3 (new).
    public var novelty: Int
    /// Whether it belongs to the coping kit offered on high-friction days.
    public var copingKit: Bool
    /// When not to offer it.
    public var contraindications: Contraindications

    /// The variant lasting `minutes`, if any.
    public func variant(minutes: Int) -> Variant? { variants.first { $0.minutes == minutes } }

    /// Whether the action may be offered for a child of `childAge` years in `situations`.
    public func isAllowed(childAge: Int, situations: Set<String>) -> Bool {
        childAge >= contraindications.minimumChildAge && childAge <= contraindications.maximumChildAge
            && contraindications.situations.allSatisfy { !situations.contains($0) }
    }

    /// Effort mapped to `[0, 1]`.
    public var effortLevel: Float { Float(effort - 1) / 2 }
    /// Novelty mapped to `[0, 1]`.
    public var noveltyLevel: Float { Float(novelty - 1) / 2 }
}
