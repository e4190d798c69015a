import Explanations
/// Summarises the last 7 days and emits exactly one suggestion: Keep, Scale down or Scale up.
///
/// Rules, in order: fewer than 3 offers → Keep (too little data); completion < 40 % or friction
/// index ≥ 0.6 → Scale down; completion ≥ 80 % with friction < 0.3 and average length < 20
/// minutes → Scale up; otherwise Keep.
public struct WeeklyAdjuster: Sendable {
    public init() {}

    /// Summarises the instances of days `endDay − 6 ... endDay`.
    public func summarize(_ instances: [ActionInstance], endDay: Int, frictionIndex: Float, language: Language) -> WeeklySummary {
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
                             suggestion: suggestion, rationale: rationale)
    }
}
