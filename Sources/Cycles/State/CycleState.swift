/// What is known of one user's cycles at the end of a day, advanced causally one day at a time.
///
/// The one home of the period-start rule (a start is the first flow day after at least two
/// calendar days without logged flow; the first flow day ever is a start too), of her recent
/// cycle lengths and of the calendar forecast built from them. Every predictor and feature
/// builder reads cycle history through it, so they agree on what a cycle is.
package struct CycleState: Sendable, Equatable, Codable {
    /// How many recent complete cycles the calendar and the cycle statistics use.
    package static let recentCycleCount = 6
    /// Cycle length assumed before any cycle is complete (Bull et al. 2019, npj Digit Med 2:83:
    /// population mean 29.3 d).
    package static let populationCycleLength = 29
    /// Days from a flow day to the next flow day for the latter to start a new period
    /// (two days without flow in between).
    package static let periodSeparationDays = 3

    /// The last day advanced to.
    package private(set) var today: CalendarDay?
    /// The last day with logged flow.
    package private(set) var lastFlowDay: CalendarDay?
    /// The latest period start.
    package private(set) var lastStart: CalendarDay?
    /// Lengths of the last `recentCycleCount` complete cycles, oldest first.
    package private(set) var recentCycleLengths: [Int] = []
    /// Number of complete cycles seen so far.
    package private(set) var completedCycles = 0
    /// Her cycle-length model (every complete cycle, the recent ones weighing more), from which
    /// `nextStartDistribution` forecasts; it stays unseen in a state that does not track it.
    package private(set) var lengthModel: CycleLengthModel
    /// Whether `lengthModel` learns her cycles (the calendar, which never reads it, saves the work).
    package let tracksLengthModel: Bool

    /// A state that has seen nothing yet, whose cycle-length model starts from `lengthModel`
    /// (by default the standard prior's, for a woman of unknown age); `nil`: no cycle-length model
    /// is tracked and `nextStartDistribution` is `nil`.
    package init(lengthModel: CycleLengthModel? = .unseen) {
        self.lengthModel = lengthModel ?? .unseen
        self.tracksLengthModel = lengthModel != nil
    }

    /// A state that has seen nothing yet, of the woman `profile` describes
    /// (`CycleLengthModel.init(profile:)`).
    package init(profile: UserProfile) {
        self.init(lengthModel: CycleLengthModel(profile: profile))
    }

    /// `true` when flow on `day` starts a new period after the last flow day `previousFlow`.
    package static func startsPeriod(flowOn day: CalendarDay, previousFlow: CalendarDay?) -> Bool {
        guard let previousFlow else { return true }
        return previousFlow.distance(to: day) >= periodSeparationDays
    }

    /// Advances to `day` (after every day already seen) with the day's record, if any; returns
    /// `true` when a period starts on `day`. With `summarizing: false` a completed cycle leaves
    /// the cycle-length model's summaries stale until `summarizeLengthModel()` (a replay of many
    /// days summarizes once, at its end).
    @discardableResult
    package mutating func advance(to day: CalendarDay, record: DayRecord?, summarizing: Bool = true) -> Bool {
        today = day
        guard let record, record.hasFlow else { return false }
        let started = CycleState.startsPeriod(flowOn: day, previousFlow: lastFlowDay)
        if started {
            if let previous = lastStart {
                let length = previous.distance(to: day)
                recentCycleLengths.append(length)
                if recentCycleLengths.count > CycleState.recentCycleCount { recentCycleLengths.removeFirst() }
                completedCycles += 1
                if tracksLengthModel { lengthModel.add(length, summarizing: summarizing) }
            }
            lastStart = day
        }
        lastFlowDay = day
        return started
    }

    /// Computes the cycle-length model's summaries left stale by `advance(to:record:summarizing:)`.
    package mutating func summarizeLengthModel() {
        lengthModel.summarize()
    }

    /// Day of the current cycle (1 on a start day), `nil` before the first start.
    package var cycleDay: Int? {
        guard let lastStart, let today else { return nil }
        return lastStart.distance(to: today) + 1
    }

    /// The calendar's cycle length: the median of the recent complete cycles, rounded half up
    /// (the population length before any cycle is complete).
    package var calendarCycleLength: Int {
        guard !recentCycleLengths.isEmpty else { return CycleState.populationCycleLength }
        return Int(CycleState.median(recentCycleLengths).rounded())
    }

    /// The calendar's forecast of the next start: last start + `calendarCycleLength`; fixed for
    /// the whole cycle. `nil` before the first start.
    package var calendarNextStart: CalendarDay? {
        lastStart?.advanced(by: calendarCycleLength)
    }

    /// The period-history forecast of the next start at the end of `today`
    /// (`CycleLengthModel.distribution(cycleDay:asOf:)`), `nil` before the first start.
    package var nextStartDistribution: NextStartDistribution? {
        guard tracksLengthModel, let today, let cycleDay else { return nil }
        return lengthModel.distribution(cycleDay: cycleDay, asOf: today)
    }

    /// Mean of the recent cycle lengths, `nil` before any cycle is complete.
    package var meanCycleLength: Double? {
        guard !recentCycleLengths.isEmpty else { return nil }
        return Double(recentCycleLengths.reduce(0, +)) / Double(recentCycleLengths.count)
    }

    /// Sample SD of the recent cycle lengths, `nil` below two cycles.
    package var cycleLengthDeviation: Double? {
        guard recentCycleLengths.count >= 2, let mean = meanCycleLength else { return nil }
        let squares = recentCycleLengths.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) }
        return (squares / Double(recentCycleLengths.count - 1)).squareRoot()
    }

    /// The median of `values` (the mean of the two middle values for an even count).
    package static func median(_ values: [Int]) -> Double {
        median(values.map(Double.init))
    }

    /// The median of `values` (the mean of the two middle values for an even count).
    package static func median(_ values: [Double]) -> Double {
        precondition(!values.isEmpty, "median of no values")
        let sorted = values.sorted()
        return (sorted[sorted.count / 2] + sorted[(sorted.count - 1) / 2]) / 2
    }
}
