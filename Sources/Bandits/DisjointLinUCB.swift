import Foundation

/// Disjoint LinUCB (Li et al. 2010, Algorithm 1): one ridge model per arm, keyed by the
/// candidate's arm identifier, over the candidate's feature row `x`:
///
///     score(a) = θ_aᵀx + α √(xᵀA_a⁻¹x)
///
/// Each arm forgets with factor `γ` at each of its own updates (`RidgeEstimator`). The argmax is
/// passed through an `ExplorationStrategy` so every logged choice has a propensity > 0.
public struct DisjointLinUCB: ContextualBandit {
    public let featureCount: Int
    /// Width `α` of the confidence bonus.
    public let explorationWidth: Double
    /// Turns scores into the logged action distribution.
    public let exploration: ExplorationStrategy
    /// Per-arm prior (copied when an arm is first seen).
    public let prior: RidgeEstimator
    /// The arms seen so far.
    public private(set) var arms: [Int: RidgeEstimator] = [:]

    /// - Throws: `BanditError.invalidParameter` on out-of-range hyper-parameters.
    public init(featureCount: Int, regularization: Float = 1, forgettingFactor: Float = 1,
                explorationWidth: Double = 1, exploration: ExplorationStrategy = .epsilonGreedy(epsilon: 0.05)) throws {
        try exploration.validate()
        guard explorationWidth >= 0 else {
            throw BanditError.invalidParameter(name: "explorationWidth", value: explorationWidth, expected: ">= 0")
        }
        self.featureCount = featureCount
        self.explorationWidth = explorationWidth
        self.exploration = exploration
        prior = try RidgeEstimator(featureCount: featureCount, regularization: regularization, forgettingFactor: forgettingFactor)
    }

    /// Upper confidence bounds of every candidate.
    public func upperConfidenceBounds(_ candidates: CandidateSet) -> [Double] {
        candidates.features.withUnsafeBufferPointer { all in
            (0..<candidates.count).map { index in
                let row = UnsafeBufferPointer(rebasing: all[index * featureCount ..< (index + 1) * featureCount])
                let model = arms[candidates.armIdentifiers[index]] ?? prior
                return Double(model.mean(of: row)) + explorationWidth * Double(model.variance(of: row)).squareRoot()
            }
        }
    }

    public func expectedRewards(_ candidates: CandidateSet) -> [Double] {
        candidates.features.withUnsafeBufferPointer { all in
            (0..<candidates.count).map { index in
                let row = UnsafeBufferPointer(rebasing: all[index * featureCount ..< (index + 1) * featureCount])
                return Double((arms[candidates.armIdentifiers[index]] ?? prior).mean(of: row))
            }
        }
    }

    public mutating func decide(_ candidates: CandidateSet, using generator: inout some RandomNumberGenerator) throws -> BanditDecision {
        try checkShape(candidates)
        return exploration.decide(scores: upperConfidenceBounds(candidates), using: &generator)
    }

    public mutating func update(_ candidates: CandidateSet, chosenIndex: Int, reward: Double) throws {
        try checkIndex(chosenIndex, in: candidates)
        let arm = candidates.armIdentifiers[chosenIndex]
        var model = arms[arm] ?? prior
        arms[arm] = nil
        candidates.features.withUnsafeBufferPointer { all in
            model.update(features: UnsafeBufferPointer(rebasing: all[chosenIndex * featureCount ..< (chosenIndex + 1) * featureCount]),
                         reward: Float(reward))
        }
        arms[arm] = model
    }
}
