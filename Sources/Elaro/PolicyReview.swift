import Bandits

/// The weekly adjuster's comparison of the parent's policy with an alternative on her own decision
/// log: the doubly robust estimate of the gain `V(alternative) − V(current)` with its paired
/// bootstrap interval, and whether that was enough to switch.
package struct PolicyReview: Sendable, Equatable, Codable {
    /// The policy in use.
    package var current: DecisionRecord.Policy
    /// The best alternative (highest lower bound of the gain).
    package var alternative: DecisionRecord.Policy
    /// DR estimate of the gain per suggestion, with its 95 % interval (`nil` with too few answered decisions).
    package var gain: OffPolicyEstimate?
    /// Answered decisions the estimate rests on.
    package var decisions: Int
    /// Whether the adjuster switches to `alternative`: only when the gain's lower bound is above 0.
    package var switches: Bool
}
