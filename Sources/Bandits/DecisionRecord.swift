/// One line of a decision log (JSON Lines, schema `odml.decision/1`): one slot of one
/// recommendation, what was shown, how it was chosen and, once joined, what came of it.
///
/// The keys are snake_case; arrays marked "per candidate" are aligned with `candidates`.
/// `docs/elaro-decision-logs.md` documents the schema with an example.
public struct DecisionRecord: Sendable, Equatable, Codable {
    /// The schema tag every line carries.
    public static let schemaVersion = "odml.decision/1"

    /// The policy that made the decision.
    public struct Policy: Sendable, Equatable, Codable, Hashable {
        /// Its name (`softmax`, `thompson`, ...).
        public var name: String
        /// Its version: a change of behaviour under the same name bumps it.
        public var version: Int

        public init(name: String, version: Int) {
            self.name = name
            self.version = version
        }
    }

    /// `schemaVersion`.
    public var schema: String
    /// Identifier of the recommendation (shared by the slots of one slate).
    public var decisionID: String
    /// Slot in the slate, 0 for the first pick.
    public var position: Int
    /// Day number of the decision, if the app has one.
    public var day: Int?
    /// The policy's name and version.
    public var policy: Policy
    /// Context features by name (the `x_…` columns of the CSV form).
    public var context: [String: Double]
    /// The candidates the slot was drawn from (earlier picks of the slate already removed).
    public var candidates: [String]
    /// The chosen candidate (one of `candidates`).
    public var action: String
    /// The policy's probability of `action` in this slot given the earlier picks.
    public var propensity: Double
    /// Standard error of `propensity` when it is a Monte-Carlo estimate (Thompson sampling); `nil` when exact.
    public var propensityStandardError: Double?
    /// The policy's scores per candidate (lets another exploration rule be evaluated on the log).
    public var scores: [Double]?
    /// Posterior standard deviations of the scores per candidate (Thompson sampling).
    public var scoreDeviations: [Double]?
    /// A reward model's estimate per candidate, fitted on earlier data only.
    public var estimatedRewards: [Double]?
    /// An evaluated policy's probabilities per candidate (logs written for off-policy evaluation).
    public var targetProbabilities: [Double]?
    /// What the person did (`completed`, `skipped`, ...), once joined.
    public var outcome: String?
    /// The reward of `outcome`, once joined.
    public var reward: Double?

    public init(decisionID: String, position: Int, day: Int? = nil, policy: Policy, context: [String: Double],
                candidates: [String], action: String, propensity: Double, propensityStandardError: Double? = nil,
                scores: [Double]? = nil, scoreDeviations: [Double]? = nil, estimatedRewards: [Double]? = nil,
                targetProbabilities: [Double]? = nil, outcome: String? = nil, reward: Double? = nil) {
        schema = Self.schemaVersion
        self.decisionID = decisionID
        self.position = position
        self.day = day
        self.policy = policy
        self.context = context
        self.candidates = candidates
        self.action = action
        self.propensity = propensity
        self.propensityStandardError = propensityStandardError
        self.scores = scores
        self.scoreDeviations = scoreDeviations
        self.estimatedRewards = estimatedRewards
        self.targetProbabilities = targetProbabilities
        self.outcome = outcome
        self.reward = reward
    }

    private enum CodingKeys: String, CodingKey {
        case schema, decisionID = "decision_id", position, day, policy, context, candidates, action, propensity
        case propensityStandardError = "propensity_standard_error", scores, scoreDeviations = "score_deviations"
        case estimatedRewards = "estimated_rewards", targetProbabilities = "target_probabilities", outcome, reward
    }
}
