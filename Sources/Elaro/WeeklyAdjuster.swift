import Bandits
import Explanations
import TensorCore

/// Summarises the last 7 days and emits exactly one suggestion: Keep, Scale down or Scale up; and,
/// with the parent's decision log, reviews the policy that draws her suggestions.
///
/// Rules, in order: fewer than 3 offers → Keep (too little data); completion < 40 % or friction
/// index ≥ 0.6 → Scale down; completion ≥ 80 % with friction < 0.3 and average length < 20
/// minutes → Scale up; otherwise Keep.
///
/// The policy review (`reviewPolicy`) estimates, on every answered decision of the log, each
/// alternative's gain over the current policy with the doubly robust estimator (the logged scores
/// give each policy's probabilities, the logged success estimates, fitted on earlier days only,
/// are the reward model) and switches only when the best lower bound of the 95 % interval is
/// above zero; `WeeklySummary.whySummary` says what was decided and why.
package struct WeeklyAdjuster: Sendable {
    /// Answered decisions below which the policy is never switched.
    package var minimumDecisions = 30
    /// Estimator settings of the review (bootstrap resamples, seed).
    package var evaluation = OffPolicyEvaluation.Settings()

    package init() {}

    /// Compares `current` with each of `alternatives` on the answered `records` that carry scores
    /// and success estimates; `nil` when `alternatives` is empty.
    package func reviewPolicy(_ records: [DecisionRecord], current: ElaroPolicy, alternatives: [ElaroPolicy]) -> PolicyReview? {
        let usable = records.filter { $0.reward != nil && $0.scores != nil && $0.estimatedRewards != nil }
        let others = alternatives.filter { $0 != current }
        guard let first = others.first else { return nil }
        guard usable.count >= minimumDecisions else {
            return PolicyReview(current: current.identity, alternative: first.identity, gain: nil, decisions: usable.count, switches: false)
        }
        var generator = SeededGenerator(seed: evaluation.seed)
        let baseline = usable.map { Self.row($0, policy: current, using: &generator) }
        var best: (policy: ElaroPolicy, gain: OffPolicyEstimate)?
        for policy in others {
            let candidate = usable.map { Self.row($0, policy: policy, using: &generator) }
            guard let gain = try? OffPolicyEvaluation.difference(.doublyRobust, candidate: candidate, baseline: baseline,
                                                                   settings: evaluation) else { continue }
            if best == nil || gain.lower > best!.gain.lower { best = (policy, gain) }
        }
        guard let best else {
            return PolicyReview(current: current.identity, alternative: first.identity, gain: nil, decisions: usable.count, switches: false)
        }
        return PolicyReview(current: current.identity, alternative: best.policy.identity, gain: best.gain, decisions: usable.count,
                            switches: best.gain.lower > 0)
    }

    /// One logged pick as an off-policy row for `policy`: its probability of the logged action over
    /// the slot's logged candidates and scores, and the logged success estimates as `q̂`.
    static func row(_ record: DecisionRecord, policy: ElaroPolicy, using generator: inout SeededGenerator) -> OffPolicyRow {
        let scores = record.scores ?? [], estimates = record.estimatedRewards ?? []
        let allowed = Array(record.candidates.indices)
        let chosen = record.candidates.firstIndex(of: record.action) ?? 0
        let probabilities = policy.exploration.probabilities(scores: scores, deviations: record.scoreDeviations ?? [], allowed: allowed,
                                                             using: &generator).probabilities
        var direct = 0.0
        for (probability, estimate) in zip(probabilities, estimates) { direct += probability * estimate }
        return OffPolicyRow(reward: record.reward ?? 0, loggingPropensity: record.propensity, targetPropensity: probabilities[chosen],
                            estimatedReward: chosen < estimates.count ? estimates[chosen] : 0, targetExpectedReward: direct)
    }

    /// Summarises the instances of days `endDay − 6 ... endDay`, with the policy review if there is one.
    package func summarize(_ instances: [ActionInstance], endDay: Int, frictionIndex: Float, language: Language,
                          policyReview: PolicyReview? = nil) -> WeeklySummary {
        let window = instances.filter { $0.day > endDay - 7 && $0.day <= endDay }
        let done = window.filter(\.isDone)
        let rated = window.compactMap { $0.outcome == .rated ? $0.rating : nil }
        let offered = window.count
        let completion = offered == 0 ? 0 : Double(done.count) / Double(offered)
        let minutes = done.isEmpty ? 0 : Double(done.map(\.variantMinutes).reduce(0, +)) / Double(done.count)
        let percent = Int((completion * 100).rounded())
        let suggestion: WeeklySummary.Suggestion
        let rationale: String
        if offered < 3 {
            suggestion = .keep
            rationale = ElaroPhrases.text("weekly.few_offers", ["offered": .number(Double(offered))], language: language)
        } else if completion < 0.4 || frictionIndex >= SignalsCalculator.highFrictionThreshold {
            suggestion = .scaleDown
            rationale = ElaroPhrases.text("weekly.scale_down", ["percent": .number(Double(percent))], language: language)
        } else if completion >= 0.8 && frictionIndex < 0.3 && minutes < 20 {
            suggestion = .scaleUp
            rationale = ElaroPhrases.text("weekly.scale_up", ["percent": .number(Double(percent))], language: language)
        } else {
            suggestion = .keep
            rationale = ElaroPhrases.text("weekly.keep", ["percent": .number(Double(percent))], language: language)
        }
        return WeeklySummary(firstDay: endDay - 6, lastDay: endDay, offered: offered, done: done.count,
                             skipped: window.filter { $0.outcome == .skipped }.count,
                             snoozed: window.filter { $0.outcome == .snoozed }.count,
                             completionRate: completion, averageMinutes: minutes,
                             averageRating: rated.isEmpty ? nil : Double(rated.reduce(0, +)) / Double(rated.count),
                             suggestion: suggestion, rationale: rationale, policyReview: policyReview,
                             whySummary: policyReview.map { Self.whySummary($0, language: language) })
    }

    /// The review in one line: switched (with the gain and its lower bound), kept, or too little data.
    static func whySummary(_ review: PolicyReview, language: Language) -> String {
        func points(_ value: Double) -> PhraseArgument { .decimal(100 * value, digits: 1, signed: true) }
        guard let gain = review.gain else {
            return ElaroPhrases.text("weekly.policy_few", ["current": .text(review.current.name), "decisions": .number(Double(review.decisions))],
                                     language: language)
        }
        let arguments: [String: PhraseArgument] = ["current": .text(review.current.name), "alternative": .text(review.alternative.name),
                                                   "gain": points(gain.value), "lower": points(gain.lower)]
        return ElaroPhrases.text(review.switches ? "weekly.policy_switch" : "weekly.policy_keep", arguments, language: language)
    }
}
