/// The last seven days in numbers, with exactly one suggestion for next week.
package struct WeeklySummary: Sendable, Codable, Equatable {
    /// What to do next week.
    package enum Suggestion: String, Sendable, Codable {
        /// Keep the current rhythm.
        case keep = "Keep"
        /// Shorter variants and fewer actions.
        case scaleDown = "Scale down"
        /// Longer variants or one more action.
        case scaleUp = "Scale up"
    }

    /// First day of the window.
    package var firstDay: Int
    /// Last day of the window.
    package var lastDay: Int
    /// Instances in the window.
    package var offered: Int
    /// Done (`completed` or `rated`).
    package var done: Int
    /// Skipped.
    package var skipped: Int
    /// Snoozed.
    package var snoozed: Int
    /// `done / offered` (0 without offers).
    package var completionRate: Double
    /// Mean minutes of the done actions.
    package var averageMinutes: Double
    /// Mean rating of rated actions, if any.
    package var averageRating: Double?
    /// The one suggestion.
    package var suggestion: Suggestion
    /// One-line rationale in the requested language.
    package var rationale: String
    /// The review of the policy that draws the suggestions, when the decision log was given.
    package var policyReview: PolicyReview?
    /// The policy decision in one line (switched and why, or kept and why), with the review.
    package var whySummary: String?
}
