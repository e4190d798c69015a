import Explanations

/// The one-line `whySummary` of a pick (≤ 120 characters), phrased by the generic
/// `ReasoningGenerator` with Elaro's phrase book (`ElaroPhrases`, at most two reasons) from the pick's reasons.
///
/// Each reason is passed as a contribution relative to the day's average candidate
/// (`contribution − mean over candidates`), so the sentence names what sets this pick apart,
/// strongest first: `We suggest "Body check" because: high success rate + fits your current focus`.
/// The headline says when the parent has no history (`Starting point: …`, and the bandit's
/// estimate reads "not tried yet") or when the coping kit is on (`Easy pick for a hard week: …`).
/// When the pick scores below the average candidate (an exploratory first pick), only the
/// reasons in its favour are passed, so the sentence never argues against its own pick.
///
/// - Parameters:
///   - reasons: the pick's contributions, in `Reason.allCases` order.
///   - averages: each reason's mean contribution over the day's candidates, same order.
///   - streak: the current streak in days (shown by `StreakMomentum`).
func _whySummary(title: String, reasons: [ReasonContribution], averages: [Double], streak: Int,
                 coldStart: Bool, copingKit: Bool, language: Language) -> String {
    guard let generator = ElaroPhrases.shared else { return title }
    let kind: PredictionKind
    switch (coldStart, copingKit) {
    case (_, true): kind = .recommendationCopingKit
    case (true, false): kind = .recommendationColdStart
    case (false, false): kind = .recommendation
    }
    var contributions: [FeatureContribution] = []
    contributions.reserveCapacity(reasons.count)
    var difference = 0.0
    for (reason, average) in zip(reasons, averages) {
        let relative = reason.contribution - average
        difference += relative
        let group = reason.reason.explanationGroup
        let direction: FeatureDirection = coldStart && reason.reason == .successProbability ? .missing : .typical
        let value: Double? = reason.reason == .streakMomentum ? Double(streak) : nil
        contributions.append(FeatureContribution(key: group.rawValue, group: group, value: value, direction: direction,
                                                 contribution: relative))
    }
    if difference <= 0 {
        contributions.removeAll { $0.contribution <= 0 }
        difference = contributions.reduce(0) { $0 + $1.contribution }
    }
    let attribution = Attribution(baselineValue: 0, outputValue: difference, contributions: contributions)
    let reasoning = try? generator.reasoning(for: kind, value: .title(title), attribution: attribution,
                                             language: language, minimumContribution: 0.005)
    return reasoning?.text ?? title
}
