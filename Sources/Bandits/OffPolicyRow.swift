/// One logged decision reduced to what the off-policy estimators read (OBP's round quantities for
/// the logged action `a_i` at its position).
public struct OffPolicyRow: Sendable, Equatable, Codable {
    /// Observed reward `r_i`.
    public var reward: Double
    /// The logging policy's probability `p_i` of the logged action, in `(0, 1]`.
    public var loggingPropensity: Double
    /// The evaluated policy's probability `π(a_i | x_i)` of the logged action, in `[0, 1]`.
    public var targetPropensity: Double
    /// A reward model's `q̂(x_i, a_i)` (needed by every estimator but IPS and SNIPS).
    public var estimatedReward: Double?
    /// `Σ_a π(a | x_i) q̂(x_i, a)`: the direct method's term (needed by every estimator but IPS and SNIPS).
    public var targetExpectedReward: Double?

    public init(reward: Double, loggingPropensity: Double, targetPropensity: Double,
                estimatedReward: Double? = nil, targetExpectedReward: Double? = nil) {
        self.reward = reward
        self.loggingPropensity = loggingPropensity
        self.targetPropensity = targetPropensity
        self.estimatedReward = estimatedReward
        self.targetExpectedReward = targetExpectedReward
    }

    /// The importance weight `w_i = π(a_i | x_i) / p_i`.
    public var importanceWeight: Double { targetPropensity / loggingPropensity }
}
