import Elaro
import Bandits
import Foundation
import TensorCore

/// Seeded simulation of parents following Elaro's daily suggestions (see `SimulatedParent` for the
/// completion model). Each parent is simulated independently: one suggestion a day, the outcome is
/// `completed` with the true probability, otherwise `skipped` (70 %) or `snoozed` (30 %).
/// Regret is expected regret against the simulator's best policy, which picks the eligible
/// (action, variant) with the highest true completion probability each day.
public struct ParentSimulator: Sendable {
    /// Hyper-parameters of the learning policies.
    public struct PolicySettings: Sendable, Equatable {
        /// LinUCB confidence width `α`.
        public var explorationWidth = 0.1
        /// LinUCB ε-greedy floor.
        public var epsilon = 0.05
        /// Forgetting factor `γ` of both bandits.
        public var forgettingFactor = ElaroLearner.defaultForgettingFactor
        /// Thompson posterior scale `v`.
        public var posteriorScale = 0.1

        public init() {}
    }

    /// Hyper-parameters of the learning policies.
    public var settings = PolicySettings()
    /// The content library.
    public let library: ActionLibrary
    /// Number of days per parent.
    public let days: Int
    /// Root seed.
    public let seed: UInt64
    /// The simulated parents.
    public let parents: [SimulatedParent]

    /// Draws `parentCount` parents from `seed` (parent `i` from `SeededGenerator(seed:).split(i)`).
    public init(library: ActionLibrary, parentCount: Int, days: Int, seed: UInt64) {
        self.library = library
        self.days = days
        self.seed = seed
        let root = SeededGenerator(seed: seed)
        parents = (0..<parentCount).map { index in
            var generator = root.split(UInt64(index))
            return SimulatedParent(actionCount: library.actions.count, days: days, using: &generator)
        }
    }

    /// Builds a simulator over given parents (e.g. read back from an exported environment).
    public init(library: ActionLibrary, parents: [SimulatedParent], days: Int, seed: UInt64) {
        self.library = library
        self.parents = parents
        self.days = days
        self.seed = seed
    }

    /// Expected reward of a candidate: `p + (1 − p) · 0.3 · 0.25` (a snooze is worth 0.25).
    public static func expectedReward(probability p: Double) -> Double { p + (1 - p) * 0.075 }

    /// Eligible (action index, minutes) candidates of `parent` and their bandit features.
    func candidates(childAge: Int, state: ElaroFeatures.State) -> (pairs: [(Int, Int)], set: CandidateSet) {
        var pairs: [(Int, Int)] = []
        for (index, action) in library.actions.enumerated() where action.isAllowed(childAge: childAge, situations: []) {
            for minutes in [5, 10, 20] { pairs.append((index, minutes)) }
        }
        let k = ElaroFeatures.count
        var features = [Float](repeating: 0, count: pairs.count * k)
        features.withUnsafeMutableBufferPointer { buffer in
            for (row, pair) in pairs.enumerated() {
                ElaroFeatures.write(library.actions[pair.0], minutes: pair.1, state: state, into: buffer.baseAddress! + row * k)
            }
        }
        let set = CandidateSet(count: pairs.count, featureCount: k, features: features, armIdentifiers: pairs.map(\.0),
                               armFeatureCount: 1, armFeatures: [Float](repeating: 1, count: pairs.count))
        return (pairs, set)
    }

    /// Runs `policy` for every parent.
    /// - Parameter collectLog: also return one `SimulationLogRecord` per decision.
    /// - Throws: `BanditError` if a bandit solve fails.
    public func run(policy: SimulationPolicy, collectLog: Bool = false) throws -> (result: SimulationResult, log: [SimulationLogRecord]) {
        let weekCount = (days + 6) / 7
        var weekDone = [Double](repeating: 0, count: weekCount), weekOffered = [Double](repeating: 0, count: weekCount)
        var weekRegret = [Double](repeating: 0, count: weekCount)
        var perParentRate: [Double] = []
        var totalDone = 0.0, totalOracle = 0.0, totalRegret = 0.0
        var log: [SimulationLogRecord] = []
        let root = SeededGenerator(seed: seed)
        let recommender = DailyRecommender(library: library)
        for (parentIndex, parent) in parents.enumerated() {
            var outcomes = root.split(UInt64(parentIndex) + (1 << 32))
            var choices = root.split(UInt64(parentIndex) + (2 << 32))
            var signals = SignalsCalculator()
            var learner = try ElaroLearner(library: library, forgettingFactor: settings.forgettingFactor,
                                           explorationWidth: settings.explorationWidth, epsilon: settings.epsilon)
            var thompson = try LinearThompsonSampling(featureCount: ElaroFeatures.count, regularization: 2,
                                                      forgettingFactor: settings.forgettingFactor,
                                                      priorMean: ElaroFeatures.priorMean, posteriorScale: settings.posteriorScale,
                                                      posteriorDrawCount: 32, uniformFloor: 0.05)
            var parentDone = 0.0
            for day in 0..<days {
                let noveltyLoad = signals.noveltyLoad(onDay: day)
                let state = ElaroFeatures.State(isWeekend: SignalsCalculator.isWeekend(day: day), frictionIndex: signals.frictionIndex,
                                                noveltyLoad: noveltyLoad, activeFocus: parent.activeFocus)
                let (pairs, set) = candidates(childAge: parent.childAge, state: state)
                if pairs.isEmpty { continue }
                var best = 0.0
                for pair in pairs {
                    best = max(best, parent.completionProbability(action: library.actions[pair.0], actionIndex: pair.0, minutes: pair.1,
                                                                   day: day, noveltyLoad: Double(noveltyLoad)))
                }
                let chosen: Int, propensity: Double
                switch policy {
                case .random:
                    chosen = choices.nextInt(below: pairs.count)
                    propensity = 1 / Double(pairs.count)
                case .linucb:
                    let decision = try learner.bandit.decide(set, using: &choices)
                    (chosen, propensity) = (decision.chosenIndex, decision.propensity)
                case .thompson:
                    let decision = try thompson.decide(set, using: &choices)
                    (chosen, propensity) = (decision.chosenIndex, decision.propensity)
                case .rules:
                    let context = DailyContext(day: day, timeOfDay: .evening, activeFocus: parent.activeFocus, childAge: parent.childAge)
                    let ranking = recommender.rank(context: context, signals: signals, learner: nil)
                    let distribution = ranking.probabilities(policy: recommender.policy) ?? []
                    let pick = ExplorationStrategy.sample(from: distribution, using: &choices)
                    chosen = pairs.firstIndex { $0.0 == ranking.actionIndices[pick] && $0.1 == ranking.minutes[pick] } ?? 0
                    propensity = distribution[pick]
                }
                let (actionIndex, minutes) = pairs[chosen]
                let action = library.actions[actionIndex]
                let probability = parent.completionProbability(action: action, actionIndex: actionIndex, minutes: minutes,
                                                               day: day, noveltyLoad: Double(noveltyLoad))
                let outcome: ActionInstance.Outcome
                if outcomes.nextBernoulli(probability) { outcome = .completed } else {
                    outcome = outcomes.nextBernoulli(0.7) ? .skipped : .snoozed
                }
                let instance = ActionInstance(actionID: action.id, day: day, timeOfDay: action.bestTimeOfDay.timeOfDay ?? .evening,
                                              variantMinutes: minutes, outcome: outcome)
                let reward = Double(instance.success)
                switch policy {
                case .linucb: try learner.bandit.update(set, chosenIndex: chosen, reward: reward)
                case .thompson: try thompson.update(set, chosenIndex: chosen, reward: reward)
                case .rules, .random: break
                }
                if collectLog {
                    log.append(SimulationLogRecord(parent: parentIndex, day: day, isWeekend: state.isWeekend, frictionIndex: state.frictionIndex,
                                                   noveltyLoad: noveltyLoad, activeFocus: parent.activeFocus, childAge: parent.childAge,
                                                   actionID: action.id, actionIndex: actionIndex, minutes: minutes, propensity: propensity,
                                                   reward: reward, outcome: outcome, trueProbability: probability, bestProbability: best))
                }
                signals.record(instance, template: action)
                let done = instance.isDone ? 1.0 : 0.0
                let week = day / 7
                weekDone[week] += done
                weekOffered[week] += 1
                weekRegret[week] += best - probability
                parentDone += done
                totalDone += done
                totalOracle += best
                totalRegret += best - probability
            }
            perParentRate.append(parentDone / Double(max(days, 1)))
        }
        let parentCount = Double(max(parents.count, 1))
        let offered = weekOffered.reduce(0, +)
        var cumulative = 0.0
        let weeks = (0..<weekCount).map { week -> SimulationResult.Week in
            cumulative += weekRegret[week] / parentCount
            return SimulationResult.Week(week: week + 1, completionRate: weekOffered[week] > 0 ? weekDone[week] / weekOffered[week] : 0,
                                         cumulativeRegret: cumulative)
        }
        let mean = perParentRate.reduce(0, +) / parentCount
        let variance = perParentRate.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / max(parentCount - 1, 1)
        let result = SimulationResult(policy: policy, parents: parents.count, days: days, seed: seed,
                                      completionRate: offered > 0 ? totalDone / offered : 0,
                                      oracleCompletionRate: offered > 0 ? totalOracle / offered : 0,
                                      meanCumulativeRegret: totalRegret / parentCount,
                                      completionRateHalfWidth95: 1.96 * (variance / parentCount).squareRoot(), weeks: weeks)
        return (result, log)
    }
}
