import Bandits
import Elaro

extension ParentSimulator {
    /// Runs `logging` on every parent, then, for each of `targets`, writes the logged decisions as
    /// decision records carrying that target's probabilities (the target replayed along the log,
    /// learning from the logged choices only), with the target's true value on the logged
    /// contexts: what `odml bandit ope` should recover.
    /// - Parameter includeRewardEstimates: add the online reward model's estimates (else the
    ///   evaluator fits a reward model with cross-fitting).
    /// - Throws: `BanditError` if a bandit solve fails.
    public func decisionLogs(logging: SimulationPolicy, targets: [SimulationPolicy], includeRewardEstimates: Bool)
        throws -> (result: SimulationResult, logs: [(target: SimulationResult.TargetValue, records: [DecisionRecord])]) {
        let (result, log) = try run(policy: logging, collectLog: true)
        let evaluator = ElaroOffPolicyEvaluator(library: library)
        let logs = try targets.map { target in
            let steps = try evaluator.replay(log, policy: target, parents: parents, seed: seed)
            let truth = steps.reduce(0) { $0 + ($1.trueValue ?? 0) } / Double(max(steps.count, 1))
            return (SimulationResult.TargetValue(policy: target, trueValue: truth),
                    steps.map { $0.decisionRecord(loggingPolicy: logging, includeRewardEstimates: includeRewardEstimates) })
        }
        return (result, logs)
    }
}
