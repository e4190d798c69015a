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
        /// Probability with which the exploration layer chose this pick for its slot.
        public var propensity: Double
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
}
