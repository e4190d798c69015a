import Bandits
import Elaro

extension ElaroOffPolicyEvaluator.Step {
    /// The step as a decision-log line for `odml bandit ope`: the logging policy's choice and
    /// propensity, the target policy's probabilities over the candidates and, when
    /// `includeRewardEstimates`, the online reward model's estimates (else the evaluator fits one).
    public func decisionRecord(loggingPolicy: SimulationPolicy, includeRewardEstimates: Bool) -> DecisionRecord {
        var context: [String: Double] = [
            "weekend": record.isWeekend ? 1 : 0,
            "friction_index": Double(record.frictionIndex),
            "novelty_load": Double(record.noveltyLoad),
            "child_age": Double(record.childAge),
        ]
        for area in FocusArea.allCases { context["focus_\(area.rawValue)"] = area == record.activeFocus ? 1 : 0 }
        return DecisionRecord(decisionID: "\(record.parent)-\(record.day)", position: 0, day: record.day,
                              policy: DecisionRecord.Policy(name: loggingPolicy.rawValue, version: 1), context: context,
                              candidates: candidates, action: candidates[chosenIndex], propensity: record.propensity,
                              estimatedRewards: includeRewardEstimates ? rewardEstimates : nil,
                              targetProbabilities: targetProbabilities, outcome: record.outcome.rawValue, reward: record.reward)
    }
}
