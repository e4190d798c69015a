import Bandits

/// The Elaro bandit: hybrid LinUCB with shared features `ElaroFeatures` (prior mean
/// `ElaroFeatures.priorMean`) and a per-action bias arm, with exponential forgetting.
public struct ElaroLearner: Sendable {
    /// The underlying bandit.
    package var bandit: HybridLinUCB
    /// Arm identifier of each action id (its index in the library).
    public let armOfAction: [String: Int]
    /// The ids of the library the arms were numbered from (arm `i` is `actionIDs[i]`).
    let actionIDs: [String]

    /// Forgetting factor used by default (half-life of about 69 updates).
    public static let defaultForgettingFactor: Float = 0.99

    /// - Throws: `BanditError` on invalid hyper-parameters.
    public init(library: ActionLibrary, forgettingFactor: Float = ElaroLearner.defaultForgettingFactor,
                explorationWidth: Double = 0.1, epsilon: Double = 0.05) throws {
        bandit = try HybridLinUCB(featureCount: ElaroFeatures.count, armFeatureCount: 1, regularization: 2,
                                  forgettingFactor: forgettingFactor, explorationWidth: explorationWidth,
                                  exploration: .epsilonGreedy(epsilon: epsilon), priorMean: ElaroFeatures.priorMean)
        armOfAction = Dictionary(library.actions.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
        actionIDs = library.actions.map(\.id)
    }

    /// Learns from one instance of `template` seen in `state` (reward: the instance's `success`).
    /// - Throws: `BanditError.numericalFailure` if the solve fails.
    public mutating func learn(from instance: ActionInstance, template: ActionTemplate, state: ElaroFeatures.State) throws {
        var features = [Float](repeating: 0, count: ElaroFeatures.count)
        features.withUnsafeMutableBufferPointer { ElaroFeatures.write(template, minutes: instance.variantMinutes, state: state, into: $0.baseAddress!) }
        let candidates = CandidateSet(count: 1, featureCount: ElaroFeatures.count, features: features,
                                      armIdentifiers: [armOfAction[template.id] ?? -1], armFeatureCount: 1, armFeatures: [1])
        try bandit.update(candidates, chosenIndex: 0, reward: Double(instance.success))
    }
}
