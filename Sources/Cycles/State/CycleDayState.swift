import Foundation

/// What is known of one user at the end of a day, advanced causally one day at a time: the one
/// state both cycle models read their inputs from. The boosted trees' row
/// (`TabularFeatureBuilder`) and the LSTM's daily input (`DailyFeatureBuilder`) are projections
/// of it; neither re-derives a period start, a cycle statistic or a pain episode.
///
/// It holds:
/// - `cycle`: the period-start rule, her recent cycle lengths and the calendar (`CycleState`);
/// - `starts`: every known start, and `recentCycles`: a summary of each of the last
///   `CycleState.recentCycleCount` complete cycles (its ovulation-pain day, its well-being before
///   the next start and mid-cycle);
/// - the day-by-day log since the first day advanced to: flow, each built-in symptom by
///   `SymptomType`, the pain zone, whether anything or any symptom was logged, and the day's
///   well-being (`wellbeingKinds`);
/// - one-sided pain: the last such day, and the last one after this cycle's menses;
/// - the logging counters (last logged day, which of the last `loggingWindowDays` days had a
///   symptom).
///
/// - the fertility signals (`signals`, `CycleSignalState`): this cycle's LH tests, temperatures
///   and mucus, the ovulation they evidence, her luteal length from past cycles' evidence, and
///   which of the last `loggingWindowDays` days had a measurement.
///
/// Observations a day may carry are facts of the app's logs, never constants of a generator.
package struct CycleDayState: Sendable, Codable {
    /// A complete cycle, as it was known when the next start came.
    package struct CompletedCycle: Sendable, Codable {
        /// Its first day.
        package var start: CalendarDay
        /// Days from its start to the next start.
        package var length: Int
        /// Its last day with one-sided pain after the menses (`ovulationPainEarliestOffset`), if any.
        package var ovulationPainDay: CalendarDay?
        /// Mean well-being of the `premenstrualDays` days before the next start (`nan` when none was logged).
        package var wellbeingBeforeNextStart: Float
        /// Mean well-being of its days 6 … length − 8 (`nan` when none was logged).
        package var wellbeingMidCycle: Float
        /// The ovulation its fertility signals evidenced, in effect when the next start came.
        package var ovulationEvidence: OvulationEvidence?
    }

    /// The symptoms whose mean is a day's well-being (energy, mood and sleep dip together before
    /// menses), in the order they are added.
    package static let wellbeingKinds: [SymptomType] = [.energy, .mood, .sleep]
    /// The index in `SymptomType.builtIn` (and `symptomSeries`) of each of `wellbeingKinds`, in order.
    private static let wellbeingSeries = wellbeingKinds.map { SymptomType.builtIn.firstIndex(of: $0)! }
    /// Days before a start that count as premenstrual (`CompletedCycle.wellbeingBeforeNextStart`,
    /// `_PremenstrualLikelihood`).
    package static let premenstrualDays = 5
    /// Days from a start to the first day whose one-sided pain counts as ovulation pain (cycle
    /// day 6: the menses are skipped).
    package static let ovulationPainEarliestOffset = 5
    /// Days over which `symptomLoggingShare` is measured.
    package static let loggingWindowDays = 28

    /// The cycle type she declared at onboarding (`user_profile.cycle_type`).
    package var declaredCycleType: CycleType
    /// The period-start rule, recent cycle lengths and the calendar.
    package private(set) var cycle = CycleState()
    /// Every known period start, increasing.
    package private(set) var starts: [CalendarDay] = []
    /// The last (up to `CycleState.recentCycleCount`) complete cycles, oldest first.
    package private(set) var recentCycles: [CompletedCycle] = []
    /// The first day advanced to (index 0 of the day log).
    package private(set) var firstDay: CalendarDay?
    /// The last day with one-sided pain (pain logged in the left or right ovary).
    package private(set) var lastOneSidedPain: CalendarDay?
    /// This cycle's last one-sided pain from cycle day `ovulationPainEarliestOffset + 1` on.
    package private(set) var ovulationPainThisCycle: CalendarDay?
    /// The last day with any record.
    package private(set) var lastLoggedDay: CalendarDay?
    /// Bit `i` set when a symptom was logged `i` days before `today`.
    private(set) var symptomLogMask: UInt32 = 0
    /// Bit `i` set when a measurement (a fertility signal) was logged `i` days before `today`.
    private(set) var signalLogMask: UInt32 = 0
    /// The fertility signals: this cycle's readings, the ovulation they evidence, her luteal length.
    package private(set) var signals = CycleSignalState()
    /// Days advanced through (from `firstDay` to `today`).
    package private(set) var dayCount = 0
    /// The ovulation posterior's prior, renewed in `advance` when her past cycles change.
    private var ovulationPrior = _OvulationPrior(model: .unseen, lutealLengths: [])

    /// Per day: flow intensity (0 when a record has no flow), `nan` without a record.
    private(set) var flow: [Float] = []
    /// Per day: whether anything was logged.
    private(set) var logged: [Bool] = []
    /// Per day: whether a symptom was logged.
    private(set) var symptomLogged: [Bool] = []
    /// Per built-in symptom (`SymptomType.builtIn` order), per day: the logged value, `nan` if none.
    private(set) var symptomSeries: [[Float]] = SymptomType.builtIn.map { _ in [] }
    /// Per day: where the logged pain was felt.
    private(set) var painZone: [BodyZone?] = []
    /// Per day: the mean of the logged `wellbeingKinds`, `nan` if none.
    private(set) var wellbeing: [Float] = []

    /// A state that has seen nothing yet, of a user who declared `declaredCycleType`.
    package init(declaredCycleType: CycleType = .unknown) {
        self.declaredCycleType = declaredCycleType
    }

    /// A state that has seen nothing yet, of the woman `profile` describes: her declared cycle
    /// type, and her cycle-length model's prior and age (`CycleState.init(profile:)`).
    package init(profile: UserProfile) {
        self.declaredCycleType = profile.cycleType
        self.cycle = CycleState(profile: profile)
        self.ovulationPrior = _OvulationPrior(model: cycle.lengthModel, lutealLengths: [])
    }

    /// A state that has seen nothing yet, of the woman `profile` describes, that tracks no
    /// cycle-length model (`CycleState.init(lengthModel:)` with `nil`): for a reader of her logs,
    /// cycles and signals that never asks for the period-history distribution or the ovulation
    /// posterior (the rule engine), which then saves their work.
    package init(untrackedLengthModelOf profile: UserProfile) {
        self.declaredCycleType = profile.cycleType
        self.cycle = CycleState(lengthModel: nil)
    }

    private enum CodingKeys: String, CodingKey {
        case declaredCycleType, cycle, starts, recentCycles, firstDay, lastOneSidedPain, ovulationPainThisCycle, lastLoggedDay,
             symptomLogMask, signalLogMask, signals, dayCount, flow, logged, symptomLogged, symptomSeries, painZone, wellbeing
    }

    /// Encodes everything known; the day log's series as packed bytes.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(declaredCycleType, forKey: .declaredCycleType)
        try container.encode(cycle, forKey: .cycle)
        try container.encode(starts, forKey: .starts)
        try container.encode(recentCycles, forKey: .recentCycles)
        try container.encodeIfPresent(firstDay, forKey: .firstDay)
        try container.encodeIfPresent(lastOneSidedPain, forKey: .lastOneSidedPain)
        try container.encodeIfPresent(ovulationPainThisCycle, forKey: .ovulationPainThisCycle)
        try container.encodeIfPresent(lastLoggedDay, forKey: .lastLoggedDay)
        try container.encode(symptomLogMask, forKey: .symptomLogMask)
        try container.encode(signalLogMask, forKey: .signalLogMask)
        try container.encode(signals, forKey: .signals)
        try container.encode(dayCount, forKey: .dayCount)
        try container.encode(_PackedNumbers.data(flow), forKey: .flow)
        try container.encode(Data(logged.map { $0 ? 1 : 0 }), forKey: .logged)
        try container.encode(Data(symptomLogged.map { $0 ? 1 : 0 }), forKey: .symptomLogged)
        try container.encode(_PackedNumbers.data(symptomSeries.flatMap { $0 }), forKey: .symptomSeries)
        try container.encode(Data(painZone.map { zone in zone.flatMap { BodyZone.allCases.firstIndex(of: $0) }.map(UInt8.init) ?? .max }),
                             forKey: .painZone)
        try container.encode(_PackedNumbers.data(wellbeing), forKey: .wellbeing)
    }

    /// Decodes an encoded state; its ovulation posterior's prior is rebuilt from its cycles.
    /// - Throws: `DecodingError` when a day series does not hold `dayCount` days.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        declaredCycleType = try container.decode(CycleType.self, forKey: .declaredCycleType)
        cycle = try container.decode(CycleState.self, forKey: .cycle)
        starts = try container.decode([CalendarDay].self, forKey: .starts)
        recentCycles = try container.decode([CompletedCycle].self, forKey: .recentCycles)
        firstDay = try container.decodeIfPresent(CalendarDay.self, forKey: .firstDay)
        lastOneSidedPain = try container.decodeIfPresent(CalendarDay.self, forKey: .lastOneSidedPain)
        ovulationPainThisCycle = try container.decodeIfPresent(CalendarDay.self, forKey: .ovulationPainThisCycle)
        lastLoggedDay = try container.decodeIfPresent(CalendarDay.self, forKey: .lastLoggedDay)
        symptomLogMask = try container.decode(UInt32.self, forKey: .symptomLogMask)
        signalLogMask = try container.decode(UInt32.self, forKey: .signalLogMask)
        signals = try container.decode(CycleSignalState.self, forKey: .signals)
        let days = try container.decode(Int.self, forKey: .dayCount)
        guard days >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: .dayCount, in: container, debugDescription: "a negative day count")
        }
        dayCount = days
        func bytes(_ key: CodingKeys) throws -> [UInt8] {
            let data = try container.decode(Data.self, forKey: key)
            guard data.count == days else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\(data.count) days, expected \(days)")
            }
            return [UInt8](data)
        }
        func floats(_ key: CodingKeys, series: Int = 1) throws -> [Float] {
            try _PackedNumbers.values(try container.decode(Data.self, forKey: key), as: Float.self, count: days * series,
                                      codingPath: container.codingPath + [key])
        }
        flow = try floats(.flow)
        logged = try bytes(.logged).map { $0 != 0 }
        symptomLogged = try bytes(.symptomLogged).map { $0 != 0 }
        let series = try floats(.symptomSeries, series: SymptomType.builtIn.count)
        symptomSeries = SymptomType.builtIn.indices.map { Array(series[$0 * days ..< ($0 + 1) * days]) }
        painZone = try bytes(.painZone).map { Int($0) < BodyZone.allCases.count ? BodyZone.allCases[Int($0)] : nil }
        wellbeing = try floats(.wellbeing)
        ovulationPrior = _OvulationPrior(model: cycle.lengthModel, lutealLengths: signals.posteriorLutealLengths)
    }

    /// The last day advanced to.
    package var today: CalendarDay? { cycle.today }

    /// The day log's values of `kind` (index 0 is `firstDay`; `nan` when not logged). Empty for
    /// kinds outside `SymptomType.builtIn`.
    package func values(of kind: SymptomType) -> [Float] {
        SymptomType.builtIn.firstIndex(of: kind).map { symptomSeries[$0] } ?? []
    }

    /// Advances to `day` (after every day already seen) with the day's record and measurements,
    /// if any. Days skipped since the last one are logged as empty. With `summarizing: false`
    /// her cycle-length model and the ovulation prior built on it stay those of the cycles
    /// before until `summarize()`: a replay of many days summarizes once, at its end.
    package mutating func advance(to day: CalendarDay, record: DayRecord?, measurements: DayMeasurements? = nil,
                                  summarizing: Bool = true) {
        if let today = cycle.today {
            precondition(today < day, "CycleDayState advances forward: \(day) is not after \(today)")
            let gap = today.distance(to: day)
            let window = (UInt32(1) << UInt32(CycleDayState.loggingWindowDays)) - 1
            symptomLogMask = gap >= CycleDayState.loggingWindowDays ? 0 : (symptomLogMask << UInt32(gap)) & window
            signalLogMask = gap >= CycleDayState.loggingWindowDays ? 0 : (signalLogMask << UInt32(gap)) & window
            for _ in 1..<gap { appendDay(nil) }
        } else {
            firstDay = day
        }
        let started = cycle.advance(to: day, record: record, summarizing: summarizing)
        if started { startCycle(on: day) }
        let measured = measurements.flatMap { $0.isEmpty ? nil : $0 }
        signals.advance(to: day, measurements: measured, periodStarted: started)
        if summarizing { renewOvulationPrior() }
        if measured != nil { signalLogMask |= 1 }
        appendDay(record)
        guard let record else { return }
        lastLoggedDay = day
        if !record.symptoms.isEmpty { symptomLogMask |= 1 }
        if CycleDayState.isOneSidedPain(record) {
            lastOneSidedPain = day
            if let start = starts.last, start.distance(to: day) >= CycleDayState.ovulationPainEarliestOffset {
                ovulationPainThisCycle = day
            }
        }
    }

    /// Computes what `advance(to:record:measurements:summarizing:)` left stale: her cycle-length
    /// model's summaries and the ovulation prior built on them.
    package mutating func summarize() {
        let stale = cycle.lengthModel.needsSummary
        cycle.summarizeLengthModel()
        renewOvulationPrior(force: stale)
    }

    /// Rebuilds the ovulation prior when her cycles or her luteal lengths changed since it was
    /// built, or when `force` (her model was summarized anew).
    private mutating func renewOvulationPrior(force: Bool = false) {
        if cycle.tracksLengthModel,
           force || !ovulationPrior.isFor(cycleCount: cycle.lengthModel.cycleCount, lutealLengths: signals.posteriorLutealLengths) {
            ovulationPrior = _OvulationPrior(model: cycle.lengthModel, lutealLengths: signals.posteriorLutealLengths)
        }
    }

    /// `true` when `record` logs pain in the left or right ovary.
    package static func isOneSidedPain(_ record: DayRecord) -> Bool {
        record.symptoms[.pain] != nil && (record.painZone == .leftOvary || record.painZone == .rightOvary)
    }

    /// Day-log index of `today`.
    var todayIndex: Int { dayCount - 1 }

    /// Day-log index of `day` (negative before `firstDay`).
    func index(of day: CalendarDay) -> Int {
        firstDay.map { $0.distance(to: day) } ?? 0
    }

    /// Share of the last `loggingWindowDays` days (fewer before that many were seen) with a
    /// symptom logged: 0 for someone who logs periods only.
    package var symptomLoggingShare: Float {
        Float(symptomLogMask.nonzeroBitCount) / Float(min(dayCount, CycleDayState.loggingWindowDays))
    }

    /// `true` when no symptom was logged in the last `loggingWindowDays` days.
    package var hasNoRecentSymptomLog: Bool { symptomLogMask == 0 }

    /// `true` when the learned models give the signal-anchored forecast itself
    /// (`anchoredNextStart`: the period-history date until her signals evidence ovulation): no symptom
    /// in the last `loggingWindowDays` days and no temperature or mucus reading this cycle — a
    /// user who logs periods, perhaps LH tests, and nothing else. On such real charts (Marquette:
    /// periods and the monitor's LH peak) the models were below the anchored date. Temperatures and
    /// mucus are read through the ovulation posterior, which the anchor cannot do.
    package var givesAnchoredForecast: Bool {
        hasNoRecentSymptomLog && signals.temperatureCount == 0 && signals.mucusCount == 0
    }

    /// Share of the last `loggingWindowDays` days (fewer before that many were seen) with a
    /// fertility-signal measurement.
    package var signalLoggingShare: Float {
        Float(signalLogMask.nonzeroBitCount) / Float(min(dayCount, CycleDayState.loggingWindowDays))
    }

    /// The posterior over this cycle's ovulation day and the next start from her signals and her
    /// recent cycles (`OvulationPosterior`), `nil` before any start is known or in a state that
    /// tracks no cycle-length model (`init(untrackedLengthModelOf:)`).
    package var ovulationPosterior: OvulationPosterior? {
        guard cycle.tracksLengthModel else { return nil }
        return signals.ovulationPosterior(prior: ovulationPrior,
                                   startLogLikelihood: _PremenstrualLikelihood(self).startLogLikelihoods)
    }

    /// Her usual well-being: the mean (`level`) and SD of the days logged 90 … 6 days ago, leaving
    /// out each period's first 3 days and the 6 days before each known start; `nil` below 6 such days.
    func wellbeingReference() -> (level: Float, deviation: Float)? {
        let today = todayIndex
        var total: Float = 0, squares: Float = 0, count = 0
        let low = max(0, today - 90), high = today - 6
        if low <= high {
            var startIndex = 0
            for index in low...high {
                while startIndex < starts.count && self.index(of: starts[startIndex]) + 2 < index { startIndex += 1 }
                // Masked: within 3 days after a start, or within 6 days before the next known start.
                var masked = false
                if startIndex < starts.count {
                    let offset = self.index(of: starts[startIndex])
                    masked = (index >= offset && index <= offset + 2) || (index >= offset - 6 && index < offset)
                }
                let value = wellbeing[index]
                if masked || value.isNaN { continue }
                total += value; squares += value * value; count += 1
            }
        }
        guard count >= 6 else { return nil }
        let level = total / Float(count)
        return (level, max(0, squares / Float(count) - level * level).squareRoot())
    }

    /// Her premenstrual gap: the mean over `recentCycles` of the well-being of the
    /// `premenstrualDays` days before their end less `level`, and how many cycles had such days;
    /// `nil` when none had.
    func premenstrualGap(level: Float) -> (gap: Float, cycles: Int)? {
        var gap: Float = 0, gaps = 0
        for past in recentCycles where !past.wellbeingBeforeNextStart.isNaN {
            gap += past.wellbeingBeforeNextStart - level; gaps += 1
        }
        return gaps > 0 ? (gap / Float(gaps), gaps) : nil
    }

    /// The next start the signals give on top of the period-history forecast's date
    /// (`CycleSignalState.anchoredNextStart` from `CycleState.nextStartDistribution`'s likeliest
    /// date), `nil` before any start is known.
    package var anchoredNextStart: CalendarDay? {
        cycle.nextStartDistribution.map { signals.anchoredNextStart(calendar: $0.likeliestDate) }
    }

    /// Days from `today` until `anchoredNextStart` (≤ 0 once it has passed); the calendar's
    /// `calendarDaysRemaining` before any start is known.
    package var anchoredDaysRemaining: Int {
        guard let today = cycle.today, let next = anchoredNextStart else { return calendarDaysRemaining }
        return today.distance(to: next)
    }

    /// Days from `today` until the calendar's next start (`CycleState`): ≤ 0 once the
    /// calendar's date has passed, `CalendarPredictor.daysAheadBeforeFirstStart` before any start
    /// is known.
    package var calendarDaysRemaining: Int {
        guard let today = cycle.today, let next = cycle.calendarNextStart else {
            return CalendarPredictor.daysAheadBeforeFirstStart
        }
        return today.distance(to: next)
    }

    private mutating func appendDay(_ record: DayRecord?) {
        dayCount += 1
        guard let record else {
            flow.append(.nan)
            logged.append(false)
            symptomLogged.append(false)
            for kind in symptomSeries.indices { symptomSeries[kind].append(.nan) }
            painZone.append(nil)
            wellbeing.append(.nan)
            return
        }
        flow.append(Float(record.flowIntensity ?? 0))
        logged.append(true)
        symptomLogged.append(!record.symptoms.isEmpty)
        painZone.append(record.painZone)
        guard !record.symptoms.isEmpty else {
            for kind in symptomSeries.indices { symptomSeries[kind].append(.nan) }
            wellbeing.append(.nan)
            return
        }
        // Each built-in kind looked up once; the well-being kinds are among them.
        var total: Float = 0, count = 0
        for (kind, type) in SymptomType.builtIn.enumerated() {
            let value = record.symptoms[type].map(Float.init) ?? .nan
            symptomSeries[kind].append(value)
        }
        for kind in CycleDayState.wellbeingSeries {
            if let value = symptomSeries[kind].last, !value.isNaN { total += value; count += 1 }
        }
        wellbeing.append(count > 0 ? total / Float(count) : .nan)
    }

    /// A new start on `day` (today, not yet in the day log): the cycle before it is complete.
    private mutating func startCycle(on day: CalendarDay) {
        if let previous = starts.last {
            let end = index(of: day), start = index(of: previous)
            recentCycles.append(CompletedCycle(
                start: previous, length: previous.distance(to: day), ovulationPainDay: ovulationPainThisCycle,
                wellbeingBeforeNextStart: mean(of: wellbeing, from: end - CycleDayState.premenstrualDays, through: end - 1),
                wellbeingMidCycle: mean(of: wellbeing, from: start + 5, through: end - 8),
                ovulationEvidence: signals.evidence))
            if recentCycles.count > CycleState.recentCycleCount { recentCycles.removeFirst() }
        }
        starts.append(day)
        ovulationPainThisCycle = nil
    }

    /// Mean of the non-`nan` `values` at day-log indices `lower … upper` (clipped to the days
    /// seen), `nan` when there are none; added in index order.
    func mean(of values: [Float], from lower: Int, through upper: Int) -> Float {
        var total: Float = 0, count = 0
        let low = max(0, lower), high = min(values.count - 1, upper)
        guard low <= high else { return .nan }
        for index in low...high where !values[index].isNaN { total += values[index]; count += 1 }
        return count > 0 ? total / Float(count) : .nan
    }
}

extension CycleDayState: Equatable {
    /// Equal when everything known is the same; a value not logged (`nan`) equals itself.
    package static func == (lhs: CycleDayState, rhs: CycleDayState) -> Bool {
        lhs.declaredCycleType == rhs.declaredCycleType && lhs.cycle == rhs.cycle && lhs.starts == rhs.starts
            && lhs.recentCycles == rhs.recentCycles && lhs.firstDay == rhs.firstDay
            && lhs.lastOneSidedPain == rhs.lastOneSidedPain && lhs.ovulationPainThisCycle == rhs.ovulationPainThisCycle
            && lhs.lastLoggedDay == rhs.lastLoggedDay && lhs.symptomLogMask == rhs.symptomLogMask
            && lhs.signalLogMask == rhs.signalLogMask && lhs.signals == rhs.signals
            && lhs.dayCount == rhs.dayCount && _sameBits(lhs.flow, rhs.flow) && lhs.logged == rhs.logged
            && lhs.symptomLogged == rhs.symptomLogged && lhs.symptomSeries.elementsEqual(rhs.symptomSeries, by: _sameBits)
            && lhs.painZone == rhs.painZone && _sameBits(lhs.wellbeing, rhs.wellbeing)
    }
}

extension CycleDayState.CompletedCycle: Equatable {
    /// Equal when every fact is the same; a well-being not logged (`nan`) equals itself.
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.start == rhs.start && lhs.length == rhs.length && lhs.ovulationPainDay == rhs.ovulationPainDay
            && lhs.ovulationEvidence == rhs.ovulationEvidence
            && _sameBits([lhs.wellbeingBeforeNextStart, lhs.wellbeingMidCycle], [rhs.wellbeingBeforeNextStart, rhs.wellbeingMidCycle])
    }
}

/// `true` when `a` and `b` hold the same `Float` bit patterns.
private func _sameBits(_ a: [Float], _ b: [Float]) -> Bool {
    a.elementsEqual(b) { $0.bitPattern == $1.bitPattern }
}
