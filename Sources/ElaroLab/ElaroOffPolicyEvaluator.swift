import Elaro
import Bandits
import Foundation
import TensorCore

/// Off-policy evaluation of an Elaro policy on a simulation log (`SimulationLogRecord`s).
///
/// Each parent's log is replayed in order: the target policy (learning from the logged choices
/// and rewards only) gives `π_t(·)` over that day's eligible candidates, and a per-parent online
/// ridge reward model fitted on earlier records gives `r̂` for doubly robust. With the simulator's
/// parents the true value `(1/n) Σ_t Σ_a π_t(a) E[r | a]` is computed exactly for comparison.
public struct ElaroOffPolicyEvaluator: Sendable {
    /// The estimates and, when the environment is known, the true value.
    public struct Report: Sendable, Codable, Equatable {
        public var policy: SimulationPolicy
        public var records: Int
        public var inversePropensity: PolicyValueEstimate
        public var doublyRobust: PolicyValueEstimate
        /// True value of the replayed target policy on the logged contexts, if the environment was given.
        public var trueValue: Double?
        /// Mean logged reward (the logging policy's observed value).
        public var loggedValue: Double
    }

    /// The content library the log refers to.
    public let library: ActionLibrary

    public init(library: ActionLibrary) {
        self.library = library
    }

    /// Evaluates `policy` on `records`.
    /// - Parameter parents: the simulator's parents (index = `record.parent`) for the true value.
    /// - Throws: `ElaroError.invalidValue` for records that do not fit the library, `BanditError` from OPE.
    public func evaluate(_ records: [SimulationLogRecord], policy: SimulationPolicy, parents: [SimulatedParent]?, seed: UInt64) throws -> Report {
        let simulator = ParentSimulator(library: library, parents: parents ?? [], days: 0, seed: seed)
        let recommender = DailyRecommender(library: library)
        let byParent = Dictionary(grouping: records, by: \.parent)
        var interactions: [LoggedInteraction] = []
        var truth = 0.0
        let root = SeededGenerator(seed: seed)
        for parentIndex in byParent.keys.sorted() {
            let parentRecords = byParent[parentIndex]!.sorted { $0.day < $1.day }
            var generator = root.split(UInt64(parentIndex))
            var signals = SignalsCalculator()
            var learner = try ElaroLearner(library: library)
            var thompson = try LinearThompsonSampling(featureCount: ElaroFeatures.count, regularization: 2,
                                                      forgettingFactor: ElaroLearner.defaultForgettingFactor,
                                                      priorMean: ElaroFeatures.priorMean, posteriorScale: 0.1,
                                                      posteriorDrawCount: 32, uniformFloor: 0.05)
            var rewardModel = try RidgeEstimator(featureCount: ElaroFeatures.count, regularization: 2, priorMean: ElaroFeatures.priorMean)
            for record in parentRecords {
                guard record.actionIndex >= 0, record.actionIndex < library.actions.count,
                      library.actions[record.actionIndex].id == record.actionID else {
                    throw ElaroError.invalidValue(field: "log action_index \(record.actionIndex) (parent \(record.parent), day \(record.day))",
                                                  expected: "an action of the library with id \(record.actionID)", found: "no such action")
                }
                let state = ElaroFeatures.State(isWeekend: record.isWeekend, frictionIndex: record.frictionIndex,
                                                noveltyLoad: record.noveltyLoad, activeFocus: record.activeFocus)
                let (pairs, set) = simulator.candidates(childAge: record.childAge, state: state)
                guard let chosen = pairs.firstIndex(where: { $0.0 == record.actionIndex && $0.1 == record.minutes }) else {
                    throw ElaroError.invalidValue(field: "log record (parent \(record.parent), day \(record.day))",
                                                  expected: "an eligible action and variant", found: "\(record.actionID) \(record.minutes) min")
                }
                let target: [Double]
                switch policy {
                case .random:
                    target = [Double](repeating: 1 / Double(pairs.count), count: pairs.count)
                case .linucb:
                    target = learner.bandit.exploration.probabilities(for: learner.bandit.upperConfidenceBounds(set))
                case .thompson:
                    let frequencies = thompson.winFrequencies(set, using: &generator)
                    target = frequencies.map { 0.05 / Double(pairs.count) + 0.95 * $0 }
                case .rules:
                    let context = DailyContext(day: record.day, timeOfDay: .evening, activeFocus: record.activeFocus, childAge: record.childAge)
                    let ranking = recommender.rank(context: context, signals: signals, learner: nil)
                    let distribution = ranking.probabilities(temperature: recommender.weights.temperature)
                    var mapped = [Double](repeating: 0, count: pairs.count)
                    for (candidate, probability) in distribution.enumerated() {
                        if let index = pairs.firstIndex(where: { $0.0 == ranking.actionIndices[candidate] && $0.1 == ranking.minutes[candidate] }) {
                            mapped[index] += probability
                        }
                    }
                    target = mapped
                }
                let estimates = set.features.withUnsafeBufferPointer { all in
                    (0..<pairs.count).map { row in
                        Double(min(max(rewardModel.mean(of: UnsafeBufferPointer(rebasing: all[row * ElaroFeatures.count ..< (row + 1) * ElaroFeatures.count])), 0), 1))
                    }
                }
                interactions.append(LoggedInteraction(chosenIndex: chosen, loggingPropensity: record.propensity, reward: record.reward,
                                                      targetProbabilities: target, rewardEstimates: estimates))
                if let parents, record.parent < parents.count {
                    let parent = parents[record.parent]
                    for (index, pair) in pairs.enumerated() where target[index] > 0 {
                        let probability = parent.completionProbability(action: library.actions[pair.0], actionIndex: pair.0, minutes: pair.1,
                                                                       day: record.day, noveltyLoad: Double(record.noveltyLoad))
                        truth += target[index] * ParentSimulator.expectedReward(probability: probability)
                    }
                }
                // Learn from the logged choice only, as the target would have on this data.
                try learner.bandit.update(set, chosenIndex: chosen, reward: record.reward)
                try thompson.update(set, chosenIndex: chosen, reward: record.reward)
                set.features.withUnsafeBufferPointer { all in
                    rewardModel.update(features: UnsafeBufferPointer(rebasing: all[chosen * ElaroFeatures.count ..< (chosen + 1) * ElaroFeatures.count]),
                                       reward: Float(record.reward))
                }
                let action = library.actions[record.actionIndex]
                signals.record(ActionInstance(actionID: action.id, day: record.day, timeOfDay: action.bestTimeOfDay.timeOfDay ?? .evening,
                                              variantMinutes: record.minutes, outcome: record.outcome), template: action)
            }
        }
        let loggedValue = records.isEmpty ? 0 : records.map(\.reward).reduce(0, +) / Double(records.count)
        return Report(policy: policy, records: interactions.count,
                      inversePropensity: try OffPolicyEvaluation.inversePropensityScore(interactions),
                      doublyRobust: try OffPolicyEvaluation.doublyRobust(interactions),
                      trueValue: parents == nil ? nil : truth / Double(max(interactions.count, 1)), loggedValue: loggedValue)
    }
}
