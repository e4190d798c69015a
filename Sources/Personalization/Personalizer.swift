import Cycles

/// Runs a fine-tuning strategy under the guardrail:
/// 1. hold out her most recent complete cycle(s) before the cut-off;
/// 2. fine-tune a candidate on the data up to the first held-out start;
/// 3. score candidate and current model on the held-out cycles (daily forecasts, alert rule);
/// 4. if the candidate wins, fine-tune again on everything up to the cut-off and keep it;
///    otherwise keep the current model and say why.
public struct Personalizer: Sendable {
    /// The strategy.
    public var tuner: any FineTuner
    /// The acceptance rule.
    public var guardrail: Guardrail
    /// How feedback turns into training weights.
    public var weighting: FeedbackWeighting

    public init(tuner: any FineTuner, guardrail: Guardrail = Guardrail(), weighting: FeedbackWeighting = FeedbackWeighting()) {
        self.tuner = tuner
        self.guardrail = guardrail
        self.weighting = weighting
    }

    /// Personalises `current` for `history`'s user with the data and feedback known at the end of `cutoff`.
    /// - Throws: `PersonalizationError.noHistory` when she has no logged data on or before `cutoff`.
    public func personalize(_ current: any CyclePredictor, history: UserHistory, cutoff: CalendarDay,
                            signals: [FeedbackSignal] = []) throws -> PersonalizationOutcome {
        let data = PersonalData(history: history, cutoff: cutoff, signals: signals, weighting: weighting)
        guard !data.history.records.isEmpty else {
            throw PersonalizationError.noHistory(user: history.userID, detail: "no day logged on or before \(cutoff)")
        }
        let starts = data.history.periodStarts
        let validationCount = min(guardrail.validationCycles, data.completeCycleCount - guardrail.minimumTrainingCycles)
        guard validationCount >= 1 else {
            let needed = guardrail.minimumTrainingCycles + 1
            return PersonalizationOutcome(
                model: current, kept: false,
                reason: "rolled back: needs \(needed) complete cycles up to \(cutoff), found \(data.completeCycleCount)",
                cutoff: cutoff, currentScore: nil, candidateScore: nil, validationCycleStarts: [])
        }
        let firstHeldOut = starts.count - 1 - validationCount
        let heldOutStarts = Array(starts[firstHeldOut..<(starts.count - 1)])
        let trainingData = PersonalData(history: history, cutoff: starts[firstHeldOut], signals: signals, weighting: weighting)
        let candidate: any CyclePredictor
        do {
            candidate = try tuner.fineTune(current, on: trainingData)
        } catch let error as PersonalizationError {
            return PersonalizationOutcome(model: current, kept: false, reason: "rolled back: \(error.description)",
                                          cutoff: cutoff, currentScore: nil, candidateScore: nil,
                                          validationCycleStarts: heldOutStarts)
        }
        var currentOutcomes: [CycleForecastScore] = []
        var candidateOutcomes: [CycleForecastScore] = []
        for index in firstHeldOut..<(starts.count - 1) {
            currentOutcomes.append(try .scoring(current, history: data.history, cycleStart: starts[index], nextStart: starts[index + 1]))
            candidateOutcomes.append(try .scoring(candidate, history: data.history, cycleStart: starts[index], nextStart: starts[index + 1]))
        }
        let currentScore = Guardrail.Score(currentOutcomes)
        let candidateScore = Guardrail.Score(candidateOutcomes)
        let comparison = "alert hits \(candidateScore.alertHits)/\(candidateScore.cycles) vs \(currentScore.alertHits)/\(currentScore.cycles), "
            + "MAE \(Self.days(candidateScore.meanAbsoluteErrorDays)) vs \(Self.days(currentScore.meanAbsoluteErrorDays)) "
            + "on the last \(validationCount) held-out cycle\(validationCount == 1 ? "" : "s")"
        guard guardrail.prefers(candidateScore, over: currentScore) else {
            return PersonalizationOutcome(model: current, kept: false,
                                          reason: "rolled back: \(tuner.name) not better than \(current.name) (\(comparison))",
                                          cutoff: cutoff, currentScore: currentScore, candidateScore: candidateScore,
                                          validationCycleStarts: heldOutStarts)
        }
        let personal = try tuner.fineTune(current, on: data)
        return PersonalizationOutcome(model: personal, kept: true,
                                      reason: "kept: \(tuner.name) beats \(current.name) (\(comparison))",
                                      cutoff: cutoff, currentScore: currentScore, candidateScore: candidateScore,
                                      validationCycleStarts: heldOutStarts)
    }

    static func days(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return "\(tenths) d"
    }
}
