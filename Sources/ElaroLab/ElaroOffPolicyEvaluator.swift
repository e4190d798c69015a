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

    /// One logged record with what the target policy would have done there.
    public struct Step: Sendable, Equatable {
        /// The record.
        public var record: SimulationLogRecord
        /// The eligible candidates, `<action id>/<minutes>`.
        public var candidates: [String]
        /// Index of the logged choice in `candidates`.
        public var chosenIndex: Int
        /// The target policy's distribution over `candidates`.
        public var targetProbabilities: [Double]
        /// The online reward model's estimate per candidate (fitted on the parent's earlier records).
        public var rewardEstimates: [Double]
        /// `Σ_a π(a) E[r | a]` under the simulator's truth, when the parents are known.
        public var trueValue: Double?
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
        let steps = try replay(records, policy: policy, parents: parents, seed: seed)
        let interactions = steps.map {
            LoggedInteraction(chosenIndex: $0.chosenIndex, loggingPropensity: $0.record.propensity, reward: $0.record.reward,
                              targetProbabilities: $0.targetProbabilities, rewardEstimates: $0.rewardEstimates)
        }
        let truth = steps.reduce(0) { $0 + ($1.trueValue ?? 0) }
        let loggedValue = records.isEmpty ? 0 : records.map(\.reward).reduce(0, +) / Double(records.count)
        return Report(policy: policy, records: interactions.count,
                      inversePropensity: try OffPolicyEvaluation.inversePropensityScore(interactions),
                      doublyRobust: try OffPolicyEvaluation.doublyRobust(interactions),
                      trueValue: parents == nil ? nil : truth / Double(max(interactions.count, 1)), loggedValue: loggedValue)
    }

    /// Replays `policy` along `records` (each parent in day order), learning from the logged choices
    /// and rewards only, and returns its distribution at every record (records in parent, then day order).
    /// - Throws: `ElaroError.invalidValue` for records that do not fit the library, `BanditError` from a solve.
    public func replay(_ records: [SimulationLogRecord], policy: SimulationPolicy, parents: [SimulatedParent]?, seed: UInt64) throws -> [Step] {
        let simulator = ParentSimulator(library: library, parents: parents ?? [], days: 0, seed: seed)
        let recommender = DailyRecommender(library: library)
        let byParent = Dictionary(grouping: records, by: \.parent)
        var steps: [Step] = []
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
                    let distribution = ranking.probabilities(policy: recommender.policy) ?? []
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
                var truth: Double?
                if let parents, record.parent < parents.count {
                    let parent = parents[record.parent]
                    var total = 0.0
                    for (index, pair) in pairs.enumerated() where target[index] > 0 {
                        let probability = parent.completionProbability(action: library.actions[pair.0], actionIndex: pair.0, minutes: pair.1,
                                                                       day: record.day, noveltyLoad: Double(record.noveltyLoad))
                        total += target[index] * ParentSimulator.expectedReward(probability: probability)
                    }
                    truth = total
                }
                steps.append(Step(record: record, candidates: pairs.map { "\(library.actions[$0.0].id)/\($0.1)" }, chosenIndex: chosen,
                                  targetProbabilities: target, rewardEstimates: estimates, trueValue: truth))
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
        return steps
    }
}
