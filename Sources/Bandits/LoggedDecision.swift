/// One logged decision as read from a log file (`BanditLog`): the generic CSV's columns, or a
/// `DecisionRecord` line.
public struct LoggedDecision: Sendable, Equatable {
    /// Line of the file it came from (1-based; a CSV's header is line 1).
    public var line: Int
    /// The logged action.
    public var action: String
    /// Slot of the action (0 when the log has one slot).
    public var position: Int
    /// Observed reward.
    public var reward: Double
    /// The logging policy's probability of `action`.
    public var propensity: Double
    /// Context values, in `BanditLog.contextNames` order.
    public var context: [Double]
    /// The candidates of the decision (JSON Lines only).
    public var candidates: [String]?
    /// The evaluated policy's probability of `action` at `position`.
    public var targetPropensity: Double?
    /// The evaluated policy's probabilities per candidate (JSON Lines only).
    public var targetProbabilities: [Double]?
    /// A reward model's estimate per candidate (JSON Lines only).
    public var estimatedRewards: [Double]?
    /// A reward model's `q̂(x, action)`.
    public var estimatedReward: Double?
    /// `Σ_a π(a|x) q̂(x, a)` under the evaluated policy.
    public var targetExpectedReward: Double?

    public init(line: Int, action: String, position: Int, reward: Double, propensity: Double, context: [Double],
                candidates: [String]? = nil, targetPropensity: Double? = nil, targetProbabilities: [Double]? = nil,
                estimatedRewards: [Double]? = nil, estimatedReward: Double? = nil, targetExpectedReward: Double? = nil) {
        self.line = line
        self.action = action
        self.position = position
        self.reward = reward
        self.propensity = propensity
        self.context = context
        self.candidates = candidates
        self.targetPropensity = targetPropensity
        self.targetProbabilities = targetProbabilities
        self.estimatedRewards = estimatedRewards
        self.estimatedReward = estimatedReward
        self.targetExpectedReward = targetExpectedReward
    }
}
