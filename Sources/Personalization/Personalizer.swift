import Cycles

/// Runs fine-tuning strategies under the guardrail:
/// 1. hold out her most recent complete cycle(s) before the cut-off;
/// 2. for each strategy and each held-out cycle, fine-tune a candidate on the data up to that
///    cycle's first day and let it forecast the cycle (rolling origin: every candidate is scored
///    on a cycle it never saw, and every held-out cycle counts);
/// 3. compare the summed scores with the current model's on the same cycles (daily forecasts, alert rule);
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
        let currentScore = try score(current, history: data.history, starts: starts, from: firstHeldOut)
        var best: (tuner: any FineTuner, score: Guardrail.Score)?
        var failures: [String] = []
        for tuner in tuners {
            do {
                let candidateScore = try rollingScore(tuner, current: current, history: history, starts: starts, from: firstHeldOut, signals: signals)
                if best == nil || guardrail.prefers(candidateScore, over: best!.score) { best = (tuner, candidateScore) }
            } catch let error as PersonalizationError {
                failures.append("\(tuner.name): \(error.description)")
            }
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

    /// Rolling-origin score of `tuner`: for each held-out cycle, a candidate fine-tuned on the data
    /// up to that cycle's first day forecasts that cycle; the outcomes are summed.
    func rollingScore(_ tuner: any FineTuner, current: any CyclePredictor, history: UserHistory, starts: [CalendarDay], from first: Int,
                      signals: [FeedbackSignal]) throws -> Guardrail.Score {
        let visible = history.truncated(through: starts[starts.count - 1])
        return Guardrail.Score(try (first..<(starts.count - 1)).map { index in
            let training = PersonalData(history: history, cutoff: starts[index], signals: signals, weighting: weighting)
            let candidate = try tuner.fineTune(current, on: training)
            return try CycleForecastScore.scoring(candidate, history: visible, cycleStart: starts[index], nextStart: starts[index + 1])
        })
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
