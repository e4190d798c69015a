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

    /// Position in `allCases`.
    public var index: Int { Reason.allCases.firstIndex(of: self)! }
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
