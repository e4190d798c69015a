/// The last seven days in numbers, with exactly one suggestion for next week.
public struct WeeklySummary: Sendable, Codable, Equatable {
    /// What to do next week.
    public enum Suggestion: String, Sendable, Codable {
        /// Keep the current rhythm.
        case keep = "Keep"
        /// Shorter variants and fewer actions.
        case scaleDown = "Scale down"
        /// Longer variants or one more action.
        case scaleUp = "Scale up"
    }

    /// First day of the window.
    public var firstDay: Int
    /// Last day of the window.
    public var lastDay: Int
    /// Instances in the window.
    public var offered: Int
    /// Done (`completed` or `rated`).
    public var done: Int
    /// Skipped.
    public var skipped: Int
    /// Snoozed.
    public var snoozed: Int
    /// `done / offered` (0 without offers).
    public var completionRate: Double
    /// Mean minutes of the done actions.
    public var averageMinutes: Double
    /// Mean rating of rated actions, if any.
    public var averageRating: Double?
    /// The one suggestion.
    public var suggestion: Suggestion
    /// One-line rationale in the requested language.
    public var rationale: String
    /// The review of the policy that draws the suggestions, when the decision log was given.
    public var policyReview: PolicyReview?
    /// The policy decision in one line (switched and why, or kept and why), with the review.
    public var whySummary: String?
}
