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

    /// The softmax exploration distribution over the candidates.
    public func probabilities(temperature: Double) -> [Double] {
        ExplorationStrategy.softmax(temperature: temperature).probabilities(for: scores)
    }
}
