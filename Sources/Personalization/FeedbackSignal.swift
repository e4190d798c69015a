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

extension FeedbackStore {
    /// The user's signals known on or before `cutoff`: period-start predictions with a truth
    /// (inaccurate when `accuracy_score` < 0.5, i.e. more than two days off) and insights with a verdict.
    /// - Throws: `PersonalizationError.unknownUser` when the store has never seen the user.
    public func feedbackSignals(for userID: String, through cutoff: CalendarDay) throws -> [FeedbackSignal] {
        let predictions = try predictions(for: userID, kind: .periodStart, through: cutoff)
        var signals = predictions.compactMap { record -> FeedbackSignal? in
            guard let actual = record.actualDate, actual <= cutoff, record.accuracyScore != nil else { return nil }
            return FeedbackSignal(day: record.createdAt, knownOn: actual, isAccurate: !record.isInaccurate(), source: .prediction)
        }
        for insight in try insights(for: userID, through: cutoff) {
            guard let verdict = insight.userFeedback, insight.date <= cutoff else { continue }
            signals.append(FeedbackSignal(day: insight.date, knownOn: max(insight.date, insight.createdAt),
                                          isAccurate: verdict == .accurate, source: .insight))
        }
        return signals.sorted { ($0.day, $0.knownOn) < ($1.day, $1.knownOn) }
    }
}
