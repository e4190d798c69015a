import Bandits

/// Every eligible (action, variant) candidate of one day with its score and reason contributions.
public struct Ranking: Sendable, Equatable {
    /// Library index of each candidate's action.
    public var actionIndices: [Int]
    /// Each candidate's variant length in minutes.
    public var minutes: [Int]
    /// Each candidate's total score.
    public var scores: [Double]
    /// Contributions, shape `[candidates, Reason.allCases.count]`, row-major.
    public var contributions: [Double]
    /// Bandit features, shape `[candidates, ElaroFeatures.count]`, row-major.
    public var features: [Float]
    /// Whether high friction restricted the candidates to the coping kit.
    public var copingKitMode: Bool
    /// The bandit's success estimate of each candidate, clamped to `[0, 1]` (fitted on earlier days only).
    public var successEstimates: [Double] = []
    /// Posterior standard deviation of each candidate's score (Thompson sampling only; empty otherwise).
    public var scoreDeviations: [Double] = []

    /// The probabilities of a one-slot draw over every candidate under `policy` (`nil` for
    /// Thompson sampling, which has no closed form).
    public func probabilities(policy: ElaroPolicy) -> [Double]? {
        policy.exploration.exactProbabilities(scores: scores, allowed: Array(scores.indices))
    }
}
