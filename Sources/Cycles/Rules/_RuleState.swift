import Explanations

/// The rule engine's incremental state for one user: fed the records day by day, it only ever
/// looks at what was logged up to the day asked for.
struct _RuleState {
    let engine: RuleEngine
    let records: [DayRecord]
    let starts: [CalendarDay]
    let declaredLength: Int?
    let language: Language
    /// Her fertility signals, advanced with the records (`CycleSignalState`).
    private var signals = CycleSignalState()
    private var cursor: _HistoryCursor

    /// The last day processed.
    private(set) var currentDay = CalendarDay(daysSinceEpoch: Int.min / 2)
    private var recordIndex = 0
    private var knownStarts = 0
    private var cycleLengths: [Int] = []
    private var painOffsets: [Double] = []
    private var painEpisodeStart: CalendarDay?
    private var painEpisodeLast: CalendarDay?
    private var cycleFirstRecord = 0
    private var energy = _SymptomTrend()
    private var mood = _SymptomTrend()
    private var sentences = _ReasoningCache<_ReasoningKey>()
    private var estimateCycles = -1
    private var estimate: (Double, Int, Double, Int, Double) = (0, 0, 0, 0, 0)

    init(engine: RuleEngine, history: UserHistory, language: Language) {
        self.engine = engine
        self.records = history.records
        self.starts = history.periodStarts
        self.declaredLength = RuleEngine.declaredCycleLength(in: history.profile)
        self.language = language
        self.cursor = _HistoryCursor(history)
    }

    mutating func prediction(on day: CalendarDay) throws -> CyclePrediction {
        advance(through: day)
        let population = CycleState.populationCycleLength
        let language = self.language
        let declaredLength = self.declaredLength
        guard knownStarts > 0 else {
            let next = day.advanced(by: CalendarPredictor.daysAheadBeforeFirstStart)
            let reasoning = try sentences.reasoning(for: _ReasoningKey(next: next.daysSinceEpoch)) {
                try CyclePhrases.periodStatement(next, facts: [.noPeriodYet], language: language)
            }
            return CyclePrediction(asOf: day, nextPeriodStart: next, nextPeriodUncertaintyDays: 10, reasoning: reasoning)
        }
        let lastStart = starts[knownStarts - 1]
        if estimateCycles != cycleLengths.count {
            estimate = calendarEstimate()
            estimateCycles = cycleLengths.count
        }
        let (estimate, used, rejectedShift, rejectedCount, spread) = self.estimate
        let calendarLength = Int(estimate.rounded())
        var next = lastStart.advanced(by: calendarLength)
        var uncertainty = max(1.5, spread)
        var painShift = 0
        var ovulationDate = next.advanced(by: -AlertPolicy.ovulationToStartPriorDays)
        var ovulationPassed = day >= ovulationDate ? 0.7 : 0.2
        if let pain = painEpisodeStart {
            let offset = (painOffsets.reduce(Double(AlertPolicy.ovulationToStartPriorDays), +)) / Double(painOffsets.count + 1)
            let painNext = pain.advanced(by: Int(offset.rounded()))
            painShift = next.distance(to: painNext)
            next = painNext
            uncertainty = 1.5
            ovulationDate = pain
            ovulationPassed = 0.9
        }
        // Fertility signals: evidenced ovulation + her luteal length, or the calendar pushed past
        // a negative LH test (`CycleSignalState.anchoredNextStart`).
        let evidence = signals.evidence
        let luteal = signals.lutealLength
        var signalShift = 0
        var pendingTest: CalendarDay?
        let anchored = signals.anchoredNextStart(calendar: next)
        if let evidence {
            signalShift = next.distance(to: anchored)
            next = anchored
            uncertainty = 1.5
            ovulationDate = evidence.ovulation
            ovulationPassed = evidence.ovulation <= day ? 1 : 0.9
        } else if anchored > next {
            signalShift = next.distance(to: anchored)
            next = anchored
            pendingTest = signals.lastNegativeLHTest
            ovulationDate = next.advanced(by: -(luteal + 1))
            ovulationPassed = 0.1
        }
        var lateShift = 0
        if next <= day {
            lateShift = next.distance(to: day.advanced(by: 1))
            next = day.advanced(by: 1)
            uncertainty = max(uncertainty, 3)
        }
        let key = _ReasoningKey(kind: 1, next: next.daysSinceEpoch, length: calendarLength, used: used, rejected: rejectedCount,
                                pain: painEpisodeStart?.daysSinceEpoch ?? 0, late: lateShift > 0,
                                signal: (evidence?.observed ?? pendingTest)?.daysSinceEpoch ?? 0, luteal: luteal)
        let painStart = evidence == nil ? painEpisodeStart : nil
        let evidenceStart = next.advanced(by: -lateShift)
        let painOffset = painStart.map { $0.distance(to: next) - lateShift } ?? 0
        let text = try sentences.reasoning(for: key) {
            var calendarFacts: [StatedFact] = []
            if used == 0 {
                if let declared = declaredLength {
                    calendarFacts.append(.declaredLength(declared, contribution: Double(declared - population)))
                } else {
                    calendarFacts.append(.populationLength(population, contribution: 0))
                }
            } else {
                // The mean before outlier rejection: the rejection factor adds its own shift, so
                // the contributions add up to the forecast's distance from the population length.
                calendarFacts.append(.averageCycle(length: calendarLength, cycles: used,
                                                   contribution: Double(calendarLength - population) - (rejectedCount > 0 ? rejectedShift : 0)))
            }
            if rejectedCount > 0 { calendarFacts.append(.outliers(rejectedCount, contribution: rejectedShift)) }
            var facts: [StatedFact] = [], unstated: [StatedFact] = []
            if lateShift > 0 { facts.append(.late(contribution: Double(lateShift))) }
            if let evidence {
                // The evidence replaces the calendar and the pain in the sentence; the calendar's
                // factors stay listed (their shifts and the evidence's add up to the date), and
                // the evidence's shift is counted from the pain's date, which it overrides.
                facts.append(.ovulationEvidence(evidence, luteal: luteal, forecast: evidenceStart,
                                                contribution: Double(signalShift + painShift)))
                unstated = calendarFacts
            } else {
                if let test = pendingTest {
                    facts.append(.negativeLHTest(test, forecast: evidenceStart, contribution: Double(signalShift)))
                }
                if let pain = painStart { facts.append(.ovulationPain(pain, luteal: painOffset, contribution: Double(painShift))) }
                facts += calendarFacts
            }
            var reasoning = try CyclePhrases.periodStatement(next, facts: facts, unstatedFacts: unstated, language: language)
            reasoning.factors.sort { abs($0.contribution) > abs($1.contribution) }
            return reasoning
        }
        let tomorrow = day.advanced(by: 1)
        let cycleDayTomorrow = lastStart.distance(to: tomorrow) + 1
        let daysToNext = tomorrow.distance(to: next)
        let inDip = cycleDayTomorrow <= 2 || (1...5).contains(daysToNext) || daysToNext <= 0
        return CyclePrediction(asOf: day, nextPeriodStart: next, nextPeriodUncertaintyDays: uncertainty,
                               ovulation: OvulationEstimate(date: ovulationDate, passedProbability: ovulationPassed),
                               energyTomorrow: energy.forecast(inDip: inDip), moodTomorrow: mood.forecast(inDip: inDip),
                               reasoning: text)
    }

    /// (estimate, cycles used, shift caused by outlier rejection, rejected count, spread).
    private func calendarEstimate() -> (Double, Int, Double, Int, Double) {
        let prior = Double(declaredLength ?? CycleState.populationCycleLength)
        let recent = Array(cycleLengths.suffix(CycleState.recentCycleCount))
        guard !recent.isEmpty else { return (prior, 0, 0, 0, 4) }
        let sorted = recent.sorted()
        let median = Double(sorted[sorted.count / 2] + sorted[(sorted.count - 1) / 2]) / 2
        let deviations = recent.map { abs(Double($0) - median) }.sorted()
        let mad = (deviations[deviations.count / 2] + deviations[(deviations.count - 1) / 2]) / 2
        let limit = max(7, 3 * 1.4826 * mad)
        func weightedMean(_ lengths: [(Int, Bool)]) -> (Double, Int) {
            var sum = 0.0, weights = 0.0, used = 0
            var weight = 1.0
            for (length, keep) in lengths.reversed() {
                if keep {
                    sum += weight * Double(length)
                    weights += weight
                    used += 1
                }
                weight *= engine.recencyDecay
            }
            if used < 3 {
                sum += prior
                weights += 1
            }
            return (sum / weights, used)
        }
        let kept = recent.map { ($0, abs(Double($0) - median) <= limit) }
        let (estimate, used) = weightedMean(kept)
        let rejected = kept.filter { !$0.1 }.count
        let shift = rejected > 0 ? estimate - weightedMean(recent.map { ($0, true) }).0 : 0
        let keptLengths = kept.filter(\.1).map { Double($0.0) }
        var spread = 3.0
        if keptLengths.count >= 2 {
            let mean = keptLengths.reduce(0, +) / Double(keptLengths.count)
            spread = (keptLengths.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(keptLengths.count - 1)).squareRoot()
        }
        return (estimate, used, shift, rejected, spread)
    }

    /// Feeds every record and measurement dated on or before `day`.
    private mutating func advance(through day: CalendarDay) {
        currentDay = day
        while let next = cursor.next(through: day) {
            guard let record = next.record else {
                signals.advance(to: next.day, measurements: next.measurements, periodStarted: false)
                continue
            }
            let startsPeriod = knownStarts < starts.count && starts[knownStarts] == record.date
            if knownStarts < starts.count, starts[knownStarts] == record.date {
                if knownStarts > 0 {
                    let previous = starts[knownStarts - 1]
                    cycleLengths.append(previous.distance(to: record.date))
                    if let pain = painEpisodeStart { painOffsets.append(Double(pain.distance(to: record.date))) }
                    for index in cycleFirstRecord..<recordIndex {
                        let past = records[index]
                        let dip = previous.distance(to: past.date) < 2 || past.date.distance(to: record.date) <= 5
                        energy.learn(past.symptoms[.energy], inDip: dip)
                        mood.learn(past.symptoms[.mood], inDip: dip)
                    }
                }
                knownStarts += 1
                cycleFirstRecord = recordIndex
                painEpisodeStart = nil
                painEpisodeLast = nil
            }
            if knownStarts > 0, let zone = record.painZone, zone == .leftOvary || zone == .rightOvary,
               (record.symptoms[.pain] ?? 0) >= 2, starts[knownStarts - 1].distance(to: record.date) >= 7 {
                if let last = painEpisodeLast, last.distance(to: record.date) <= 3 {
                    painEpisodeLast = record.date
                } else {
                    painEpisodeStart = record.date
                    painEpisodeLast = record.date
                }
            }
            energy.observe(record.symptoms[.energy])
            mood.observe(record.symptoms[.mood])
            recordIndex += 1
            signals.advance(to: record.date, measurements: next.measurements, periodStarted: startsPeriod)
        }
        if signals.today.map({ $0 < day }) ?? true {
            signals.advance(to: day, measurements: nil, periodStarted: false)
        }
    }
}

/// A symptom's exponentially weighted level and the user's own dip around menses.
struct _SymptomTrend {
    private var level = 0.0
    private var count = 0
    private var dipSum = 0.0, dipCount = 0.0
    private var otherSum = 0.0, otherCount = 0.0

    mutating func observe(_ value: Int?) {
        guard let value else { return }
        level = count == 0 ? Double(value) : 0.7 * level + 0.3 * Double(value)
        count += 1
    }

    mutating func learn(_ value: Int?, inDip: Bool) {
        guard let value else { return }
        if inDip { dipSum += Double(value); dipCount += 1 } else { otherSum += Double(value); otherCount += 1 }
    }

    func forecast(inDip: Bool) -> LevelForecast? {
        guard count >= 3 else { return nil }
        var value = level
        if inDip, dipCount >= 3, otherCount >= 3 {
            let shrink = dipCount / (dipCount + 10)
            value += shrink * (dipSum / dipCount - otherSum / otherCount)
        }
        value = min(max(value, 1), 10)
        return LevelForecast(value: value, level: SymptomLevel(value: value))
    }
}

/// What the rule engine's sentence depends on; the sentence is rebuilt only when it changes
/// (`_ReasoningCache`).
struct _ReasoningKey: Equatable {
    var kind = 0
    var next = 0
    var length = 0
    var used = 0
    var rejected = 0
    var pain = 0
    var late = false
    /// The day of the signal reading named (evidence or a negative LH test), 0 without.
    var signal = 0
    var luteal = 0
}
