import Cycles

/// One learning signal from the user: a stored prediction whose truth arrived, or her verdict
/// on an insight. Fine-tuning uses only the signals known on or before its cut-off.
public struct FeedbackSignal: Sendable, Equatable, Codable {
    /// Where the signal comes from.
    public enum Source: String, Sendable, Codable {
        /// A prediction scored against the later-logged truth.
        case prediction
        /// An explicit "accurate" / "inaccurate" on an insight.
        case insight
    }

    /// The day the signal is about: the as-of day of the prediction, or the insight's day.
    public var day: CalendarDay
    /// The first day the signal could be known (the truth's date, or the insight's day).
    public var knownOn: CalendarDay
    /// `false` when the prediction missed or she said "inaccurate".
    public var isAccurate: Bool
    /// Where it comes from.
    public var source: Source

    public init(day: CalendarDay, knownOn: CalendarDay, isAccurate: Bool, source: Source) {
        self.day = day
        self.knownOn = knownOn
        self.isAccurate = isAccurate
        self.source = source
    }
}
