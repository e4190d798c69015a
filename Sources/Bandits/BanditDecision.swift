/// One logged choice: which candidate was shown and with what probability.
public struct BanditDecision: Sendable, Equatable, Codable {
    /// Index of the chosen candidate in its `CandidateSet`.
    public var chosenIndex: Int
    /// Probability with which the policy chose it (`probabilities[chosenIndex]`); always > 0.
    public var propensity: Double
    /// The policy's full action distribution over the candidates; sums to 1.
    public var probabilities: [Double]
    /// The scores the exploration layer turned into `probabilities` (UCB, sampled mean, ...).
    public var scores: [Double]

    public init(chosenIndex: Int, propensity: Double, probabilities: [Double], scores: [Double]) {
        self.chosenIndex = chosenIndex
        self.propensity = propensity
        self.probabilities = probabilities
        self.scores = scores
    }
}
