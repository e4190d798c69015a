extension CycleDayState {
    /// One user's history replayed into her `CycleDayState`, for the states of increasing days
    /// (a bulk forecast, training rows): each record is read once.
    public struct Replay: Sendable {
        private let history: UserHistory
        private var nextRecord = 0
        /// The state at the end of the last day advanced through.
        public private(set) var state: CycleDayState

        /// A replay of `history`, before its first day.
        public init(_ history: UserHistory) {
            self.history = history
            state = CycleDayState(declaredCycleType: history.profile.cycleType)
            _FeatureBuildCounter.record(.replay)
        }

        /// The state at the end of `day`: every record up to and including `day`, nothing after.
        /// A day earlier than the last one asked replays from the start.
        public mutating func advance(through day: CalendarDay) -> CycleDayState {
            if let today = state.today {
                if today == day { return state }
                if day < today {
                    state = CycleDayState(declaredCycleType: history.profile.cycleType)
                    nextRecord = 0
                }
            }
            let records = history.records
            while nextRecord < records.count, records[nextRecord].date <= day {
                state.advance(to: records[nextRecord].date, record: records[nextRecord])
                nextRecord += 1
            }
            if state.today != day { state.advance(to: day, record: nil) }
            return state
        }
    }

    /// `history`'s state at the end of `day` (later records are ignored).
    public init(history: UserHistory, through day: CalendarDay) {
        var replay = Replay(history)
        self = replay.advance(through: day)
    }
}
