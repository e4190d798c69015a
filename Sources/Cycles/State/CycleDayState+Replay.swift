extension CycleDayState {
    /// One user's history replayed into her `CycleDayState`, for the states of increasing days
    /// (a bulk forecast, training rows): each record is read once.
    package struct Replay: Sendable {
        private let history: UserHistory
        private let initial: CycleDayState
        private var cursor: _HistoryCursor
        /// The state at the end of the last day advanced through.
        package private(set) var state: CycleDayState

        /// A replay of `history`, before its first day; `tracksLengthModel: false` replays a
        /// state without her cycle-length model (`CycleDayState.init(untrackedLengthModelOf:)`).
        package init(_ history: UserHistory, tracksLengthModel: Bool = true) {
            self.history = history
            cursor = _HistoryCursor(history)
            initial = tracksLengthModel ? CycleDayState(profile: history.profile)
                                        : CycleDayState(untrackedLengthModelOf: history.profile)
            state = initial
            #if DEBUG
            _FeatureBuildCounter.record(.replay)
            #endif
        }

        /// The state at the end of `day`: every record and measurement up to and including `day`,
        /// nothing after.
        /// A day earlier than the last one asked replays from the start.
        package mutating func advance(through day: CalendarDay) -> CycleDayState {
            if let today = state.today {
                if today == day { return state }
                if day < today {
                    state = initial
                    cursor = _HistoryCursor(history)
                }
            }
            // The cycle-length model and the ovulation prior are summarized once, on `day`.
            while let next = cursor.next(through: day) {
                state.advance(to: next.day, record: next.record, measurements: next.measurements, summarizing: false)
            }
            if state.today != day { state.advance(to: day, record: nil, summarizing: false) }
            state.summarize()
            return state
        }
    }

    /// `history`'s state at the end of `day` (later records are ignored).
    package init(history: UserHistory, through day: CalendarDay) {
        var replay = Replay(history)
        self = replay.advance(through: day)
    }
}
