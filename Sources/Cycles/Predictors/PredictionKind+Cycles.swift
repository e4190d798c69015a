import Explanations

extension PredictionKind {
    /// Next period start (value: a date; uncertainty: days).
    package static let periodStart = PredictionKind("period_start")
    /// Ovulation day of the current cycle (value: a date; uncertainty: days).
    public static let ovulation = PredictionKind("ovulation")
    /// Whether ovulation has passed (value: a probability).
    package static let ovulationPassed = PredictionKind("ovulation_passed")
    /// Energy tomorrow (value: a level).
    public static let energyTomorrow = PredictionKind("energy_tomorrow")
    /// Mood tomorrow (value: a level).
    public static let moodTomorrow = PredictionKind("mood_tomorrow")
}
