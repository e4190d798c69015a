import Bandits

/// The Daily Recommender's answer: up to three picks with their reasons, or why there are none.
public struct Recommendation: Sendable, Codable, Equatable {
    /// One recommended action.
    public struct Pick: Sendable, Codable, Equatable {
        /// Action id in the library.
        public var actionID: String
        /// Title in the requested language.
        public var title: String
        /// Focus area of the action.
        public var focusArea: FocusArea
        /// Chosen variant length in minutes.
        public var variantMinutes: Int
        /// What to do, in the requested language.
        public var instructions: String
        /// Total score: the sum of `reasons`' contributions.
        public var score: Double
        /// Every reason's contribution, in `Reason.allCases` order.
        public var reasons: [ReasonContribution]
        /// One-line explanation (≤ 120 characters) in the requested language.
        public var whySummary: String
        /// Probability with which the policy chose this pick for its slot, given the earlier picks
        /// (exact, or a Monte-Carlo estimate for Thompson sampling).
        public var propensity: Double
        /// Standard error of `propensity` when it is a Monte-Carlo estimate; `nil` when exact.
        public var propensityStandardError: Double?
    }

    /// The picks, best first (empty when nothing is eligible).
    public var picks: [Pick]
    /// Why `picks` is empty, in the requested language (`nil` when there are picks).
    public var emptyReason: String?
    /// Whether high friction switched the recommender to the coping kit (novelty and effort paused).
    public var copingKitMode: Bool
    /// Whether the parent has no history yet (scores rest on cold-start priors).
    public var coldStart: Bool
    /// Number of eligible (action, variant) candidates that were ranked.
    public var candidateCount: Int
    /// One decision record per pick (context, candidates, choice, propensity), for `DecisionLog`;
    /// not part of the JSON form.
    public var decisions: [DecisionRecord] = []

    private enum CodingKeys: String, CodingKey {
        case picks, emptyReason, copingKitMode, coldStart, candidateCount
    }
}
