import Cycles

/// Runs fine-tuning strategies under the guardrail:
/// 1. hold out her most recent complete cycle(s) before the cut-off;
/// 2. fine-tune one candidate per strategy on the data up to the first held-out start;
/// 3. score the candidates and the current model on the held-out cycles (daily forecasts, alert rule);
/// 4. if the best candidate beats the current model, fine-tune its strategy again on everything
///    up to the cut-off and keep it; otherwise keep the current model and say why.
public struct Personalizer: Sendable {
    /// The strategies tried, in order of preference on equal scores.
    public var tuners: [any FineTuner]
    /// The acceptance rule.
    public var guardrail: Guardrail
    /// How feedback turns into training weights.
    public var weighting: FeedbackWeighting

    public init(tuners: [any FineTuner], guardrail: Guardrail = Guardrail(), weighting: FeedbackWeighting = FeedbackWeighting()) {
        precondition(!tuners.isEmpty, "at least one strategy")
        self.tuners = tuners
        self.guardrail = guardrail
        self.weighting = weighting
    }

    /// One strategy under the guardrail.
    public init(tuner: any FineTuner, guardrail: Guardrail = Guardrail(), weighting: FeedbackWeighting = FeedbackWeighting()) {
        self.init(tuners: [tuner], guardrail: guardrail, weighting: weighting)
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
        let currentScore = try score(current, history: data.history, starts: starts, from: firstHeldOut)
        var best: (tuner: any FineTuner, score: Guardrail.Score)?
        var failures: [String] = []
        for tuner in tuners {
            let candidate: any CyclePredictor
            do {
                candidate = try tuner.fineTune(current, on: trainingData)
            } catch let error as PersonalizationError {
                failures.append("\(tuner.name): \(error.description)")
                continue
            }
            let candidateScore = try score(candidate, history: data.history, starts: starts, from: firstHeldOut)
            if best == nil || guardrail.prefers(candidateScore, over: best!.score) { best = (tuner, candidateScore) }
        }
        guard let best else {
            return PersonalizationOutcome(model: current, kept: false, reason: "rolled back: " + failures.joined(separator: "; "),
                                          cutoff: cutoff, currentScore: currentScore, candidateScore: nil,
                                          validationCycleStarts: heldOutStarts)
        }
        let comparison = "alert hits \(best.score.alertHits)/\(best.score.cycles) vs \(currentScore.alertHits)/\(currentScore.cycles), "
            + "MAE \(Self.days(best.score.meanAbsoluteErrorDays)) vs \(Self.days(currentScore.meanAbsoluteErrorDays)) "
            + "on the last \(validationCount) held-out cycle\(validationCount == 1 ? "" : "s")"
        guard guardrail.prefers(best.score, over: currentScore) else {
            return PersonalizationOutcome(model: current, kept: false,
                                          reason: "rolled back: \(best.tuner.name) not better than \(current.name) (\(comparison))",
                                          cutoff: cutoff, currentScore: currentScore, candidateScore: best.score,
                                          validationCycleStarts: heldOutStarts)
        }
        let personal = try best.tuner.fineTune(current, on: data)
        return PersonalizationOutcome(model: personal, kept: true,
                                      reason: "kept: \(best.tuner.name) beats \(current.name) (\(comparison))",
                                      cutoff: cutoff, currentScore: currentScore, candidateScore: best.score,
                                      validationCycleStarts: heldOutStarts)
    }

    /// The guardrail score of `model` on the cycles from `starts[first]` to the last start.
    func score(_ model: any CyclePredictor, history: UserHistory, starts: [CalendarDay], from first: Int) throws -> Guardrail.Score {
        Guardrail.Score(try (first..<(starts.count - 1)).map {
            try CycleForecastScore.scoring(model, history: history, cycleStart: starts[$0], nextStart: starts[$0 + 1])
        })
    }

    static func days(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return "\(tenths) d"
    }
}
