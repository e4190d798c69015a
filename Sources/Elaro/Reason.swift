/// The additive reasons behind a recommendation score.
public enum Reason: String, Sendable, Codable, CaseIterable {
    /// The action serves the month's focus area or an accepted Focus Planner block.
    case focusMatch = "FocusMatch"
    /// The bandit's estimate of completion, centred at 50 %.
    case successProbability = "SuccessProbability"
    /// How close the variant's length is to the time the parent usually completes.
    case bandwidthFit = "BandwidthFit"
    /// Whether the action suits the part of the day being planned.
    case timeOfDayFit = "TimeOfDayFit"
    /// A bonus for new actions, scaled by novelty tolerance and reduced by recent novelty load.
    case noveltyBoost = "NoveltyBoost"
    /// Keeping an active streak going with actions whose tags have worked.
    case streakMomentum = "StreakMomentum"
    /// A penalty for effortful actions when friction is high (never positive).
    case frictionRisk = "FrictionRisk"

    /// Number of reasons (`allCases.count`, without building the array).
    package static let count = 7

    /// Position in `allCases`.
    public var index: Int {
        switch self {
        case .focusMatch: return 0
        case .successProbability: return 1
        case .bandwidthFit: return 2
        case .timeOfDayFit: return 3
        case .noveltyBoost: return 4
        case .streakMomentum: return 5
        case .frictionRisk: return 6
        }
    }
}

/// One reason's signed contribution to a candidate's score.
public struct ReasonContribution: Sendable, Codable, Equatable {
    /// Which reason.
    public var reason: Reason
    /// Its contribution (the score is the sum of all contributions).
    public var contribution: Double

    public init(reason: Reason, contribution: Double) {
        self.reason = reason
        self.contribution = contribution
    }
}
