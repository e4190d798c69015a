import TensorCore

/// Rejection-sampling replay (Li, Chu, Langford and Wang 2011, "Unbiased offline evaluation of
/// contextual-bandit-based news article recommendation algorithms", Algorithm 1).
///
/// The log must come from a uniformly random policy: every decision's propensity is `1/K`, with
/// `K` the decision's candidates (JSON Lines) or every action of the log (CSV). The decisions are
/// walked in file order; the policy picks an arm from the context; when it equals the logged
/// action the event is kept, its reward counted and given to the policy, otherwise the event is
/// dropped and the policy learns nothing. The mean kept reward is an unbiased estimate of the
/// policy's per-decision value. Its interval resamples the kept rewards (`OffPolicyEvaluation`'s
/// bootstrap of the mean). Positions are ignored: each logged row is one event.
public enum RejectionSamplingReplay {
    /// Hyper-parameters of the replayed policies.
    public struct Settings: Sendable, Equatable, Codable {
        /// LinUCB's confidence width `α`.
        public var explorationWidth: Double = 1
        /// Ridge strength `λ` of every arm's model.
        public var regularization: Double = 1
        /// Thompson sampling's posterior scale `v`.
        public var posteriorScale: Double = 1
        /// Seed of the random policies and of the bootstrap.
        public var seed: UInt64 = 1
        /// Bootstrap resamples of the interval.
        public var bootstrapResamples: Int = 1000

        public init() {}
    }

    /// Replays `policy` on `log`.
    /// - Throws: `BanditError.unsuitableLog` when the log is not uniformly random or has no context,
    ///   `.invalidParameter` for bad settings.
    public static func run(_ log: BanditLog, policy: ReplayPolicy, settings: Settings = Settings()) throws -> ReplayResult {
        guard settings.regularization > 0, settings.explorationWidth >= 0, settings.posteriorScale >= 0,
              settings.bootstrapResamples >= 1 else {
            throw BanditError.invalidParameter(name: "replay settings", value: settings.regularization,
                                               expected: "λ > 0, α >= 0, v >= 0 and at least one bootstrap resample")
        }
        let arms = log.armOfAction
        for decision in log.decisions {
            let count = decision.candidates?.count ?? log.actions.count
            guard abs(decision.propensity * Double(count) - 1) <= 1e-6 else {
                throw BanditError.unsuitableLog(source: log.source, detail: "line \(decision.line): propensity \(decision.propensity) is not 1/\(count); replay needs a uniformly random log")
            }
        }
        let dimension = log.contextNames.count
        var models = [_ReplayRidge](repeating: _ReplayRidge(dimension: dimension, regularization: settings.regularization),
                                    count: log.actions.count)
        var generator = SeededGenerator(seed: settings.seed)
        var keptRows: [Int] = [], rewards: [Double] = []
        let allArms = Array(0..<log.actions.count)
        for (row, decision) in log.decisions.enumerated() {
            let candidates = decision.candidates.map { $0.map { arms[$0]! } } ?? allArms
            let logged = arms[decision.action]!
            var chosen = candidates[0], best = -Double.infinity
            switch policy {
            case .random:
                chosen = candidates[generator.nextInt(below: candidates.count)]
            case .linucb, .thompson:
                for arm in candidates {
                    let (mean, variance) = models[arm].prediction(decision.context)
                    let score = policy == .linucb
                        ? mean + settings.explorationWidth * variance.squareRoot()
                        : mean + settings.posteriorScale * variance.squareRoot() * generator.nextNormal()
                    if score > best { best = score; chosen = arm }
                }
            }
            guard chosen == logged else { continue }
            keptRows.append(row)
            rewards.append(decision.reward)
            models[chosen].update(decision.context, reward: decision.reward)
        }
        var value: OffPolicyEstimate?
        if !rewards.isEmpty {
            var bootstrap = OffPolicyEvaluation.Settings()
            bootstrap.bootstrapResamples = settings.bootstrapResamples
            bootstrap.seed = settings.seed
            // With target = logging propensity 1 the IPS rows are the rewards: their bootstrap is the mean's.
            let rows = rewards.map { OffPolicyRow(reward: $0, loggingPropensity: 1, targetPropensity: 1) }
            value = try OffPolicyEvaluation.estimate(.inversePropensity, rows, settings: bootstrap)
        }
        return ReplayResult(policy: policy, rows: log.decisions.count, keptEvents: keptRows.count,
                            rewardTotal: rewards.reduce(0, +), value: value, keptRows: keptRows)
    }
}
