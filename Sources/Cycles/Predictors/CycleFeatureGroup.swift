import Explanations

/// The group of a cycle model's feature, as stored in model files (`cycle_day`, `history`,
/// `pain_zone`, …): attributions can be summed by group, and a feature without a phrase of its
/// own is named by its group's phrase (`phraseGroup`).
package enum CycleFeatureGroup: String, Sendable, CaseIterable {
    /// Position in the cycle (cycle day, days since flow, whether a start is known).
    case cycleDay = "cycle_day"
    /// Past cycles and the calendar built on them (the boosted trees' name).
    case history
    /// Past cycles and the calendar built on them (the LSTM's name).
    case cycleHistory = "cycle_history"
    /// Menstrual flow.
    case flow
    /// Energy logs.
    case energy
    /// Mood logs.
    case mood
    /// Sleep logs.
    case sleep
    /// Stress logs.
    case stress
    /// Pain logs and one-sided (ovary) pain episodes.
    case pain
    /// Where today's pain was felt (the LSTM's flags).
    case painZone = "pain_zone"
    /// Energy, mood and sleep together.
    case wellbeing
    /// How much was logged.
    case logging
    /// Day of the week.
    case dayOfWeek = "day_of_week"
    /// Fertility signals (LH tests, temperatures, cervical mucus) and the ovulation they evidence.
    case signals

    /// The phrase group that phrases the group's features (`Cycles/Phrases/phrases.json`): the
    /// LSTM's `cycle_history`, `pain_zone` and `day_of_week` are phrased as `history`, `pain` and
    /// `weekday`; every other group keeps its name.
    package var phraseGroup: FeatureGroup {
        switch self {
        case .cycleHistory: .history
        case .painZone: .pain
        case .dayOfWeek: .weekday
        default: FeatureGroup(rawValue)
        }
    }
}
