import Cycles

/// What a fine-tuner may see: one user's history truncated at the cut-off, the feedback known
/// by then, and per-day training labels. Built only through `init`, which drops everything
/// after `cutoff`, so a fine-tuner cannot see the future.
public struct PersonalData: Sendable {
    /// One training day: the forecast day, the next period start that followed, and its weight.
    public struct LabeledDay: Sendable, Equatable {
        /// The day a forecast would be made on.
        public var day: CalendarDay
        /// The period start that followed it (on or before the cut-off).
        public var nextStart: CalendarDay
        /// The index of the cycle the day belongs to (0 = her first complete cycle).
        public var cycleIndex: Int
        /// Training weight (feedback weighting).
        public var weight: Double
    }

    /// The last day whose data is visible.
    public let cutoff: CalendarDay
    /// The history as known at the end of `cutoff`.
    public let history: UserHistory
    /// Feedback signals known on or before `cutoff`.
    public let signals: [FeedbackSignal]
    /// Every day from her first period start whose next start is known by `cutoff`, in order.
    public let labeledDays: [LabeledDay]

    /// Truncates `history` and `signals` at `cutoff` and labels the days.
    public init(history: UserHistory, cutoff: CalendarDay, signals: [FeedbackSignal] = [], weighting: FeedbackWeighting = .none) {
        self.cutoff = cutoff
        self.history = history.truncated(through: cutoff)
        self.signals = signals.filter { $0.knownOn <= cutoff && $0.day <= cutoff }
        let starts = self.history.periodStarts
        var days: [CalendarDay] = []
        var nextStarts: [CalendarDay] = []
        var cycles: [Int] = []
        for index in starts.indices.dropLast() {
            for day in starts[index]..<starts[index + 1] {
                days.append(day)
                nextStarts.append(starts[index + 1])
                cycles.append(index)
            }
        }
        let weights = weighting.weights(for: days, signals: self.signals)
        labeledDays = days.indices.map {
            LabeledDay(day: days[$0], nextStart: nextStarts[$0], cycleIndex: cycles[$0], weight: weights[$0])
        }
    }

    /// The user id.
    public var userID: String { history.userID }
    /// Number of complete cycles (start to next start) visible by the cut-off.
    public var completeCycleCount: Int { max(0, history.periodStarts.count - 1) }
}
