/// A rise of the basal body temperature confirmed by the symptothermal method's temperature rules
/// (Sensiplan), as `TemperatureShift.first(in:)` reads them off one cycle's readings
/// (`docs/symptothermal-rules.md`):
/// - **regular rule**: three consecutive readings all higher than the six readings before the
///   first of them, the third at least 0.2 °C above the highest of those six (the coverline);
/// - **first exception**: when the third is higher but less than 0.2 °C above the coverline, a
///   fourth reading above the coverline (by any amount) completes the evaluation;
/// - **second exception**: one of the second and third readings on or below the coverline is left
///   out; the next reading, the third one counted, must be at least 0.2 °C above it;
/// - the two exceptions are never combined.
///
/// Readings are taken on the method's 0.05 °C grid (`steps(celsius:)`). Disturbed readings are
/// bracketed and a day without a reading is skipped the same way: the rules count readings, the
/// six lower ones are the six readings before the first higher one wherever they fall.
public struct TemperatureShift: Sendable, Equatable, Codable {
    /// The rule that confirmed the rise.
    public enum Rule: String, Sendable, CaseIterable, Codable {
        /// Three higher readings, the third ≥ 0.2 °C above the coverline.
        case regular
        /// A fourth higher reading, the third being < 0.2 °C above the coverline.
        case firstException = "first_exception"
        /// One of the higher readings on or below the coverline, left out.
        case secondException = "second_exception"

        /// The rule's phrase key in the cycle phrase book (`signals.rule.<rawValue>`).
        public var phraseKey: String { "signals.rule.\(rawValue)" }
    }

    /// The first higher reading's day (the reading above the six lower ones).
    public var firstHigherReading: CalendarDay
    /// The coverline: the highest of the six lower readings, °C on the 0.05 °C grid.
    public var coverline: Double
    /// The rule that confirmed it.
    public var rule: Rule
    /// The day of the reading that completed the evaluation: the rise is known from its evening.
    public var confirmed: CalendarDay
    /// Under the second exception, the higher reading on or below the coverline that was left out.
    public var leftOut: CalendarDay?

    /// A confirmed rise.
    public init(firstHigherReading: CalendarDay, coverline: Double, rule: Rule, confirmed: CalendarDay, leftOut: CalendarDay? = nil) {
        self.firstHigherReading = firstHigherReading
        self.coverline = coverline
        self.rule = rule
        self.confirmed = confirmed
        self.leftOut = leftOut
    }
}
