import Explanations

/// The rule engine's forecast read off one user's `CycleDayState`: the rules keep no state of
/// their own, so they agree with the learned models on what a period start, a cycle, an
/// ovulation pain, a premenstrual day and a fertility signal are. Only the sentence is cached.
struct _RuleProjection {
    let engine: RuleEngine
    /// The cycle length she declared at onboarding, if plausible (`RuleEngine.declaredCycleLength`).
    let declaredLength: Int?
    let language: Language
    private var sentences = _ReasoningCache<_ReasoningKey>()

    /// Days back over which a symptom's level is read (`levelForecast`).
    static let levelLookbackDays = 90
    /// Weight of the newest logged value in a symptom's level (an exponentially weighted mean).
    static let levelSmoothing = 0.3

    init(engine: RuleEngine, profile: UserProfile, language: Language) {
        self.engine = engine
        self.declaredLength = RuleEngine.declaredCycleLength(in: profile)
        self.language = language
    }

    /// The rules' forecast at the end of `state`'s day.
    mutating func prediction(from state: CycleDayState) throws -> CyclePrediction {
        let day = state.today!
        let population = CycleState.populationCycleLength
        let language = self.language
        let declaredLength = self.declaredLength
        guard let lastStart = state.cycle.lastStart else {
            let next = day.advanced(by: CalendarPredictor.daysAheadBeforeFirstStart)
            let reasoning = try sentences.reasoning(for: _ReasoningKey(next: next.daysSinceEpoch)) {
                try CyclePhrases.periodStatement(next, facts: [.noPeriodYet], language: language)
            }
            return CyclePrediction(asOf: day, nextPeriodStart: next, nextPeriodUncertaintyDays: 10, reasoning: reasoning)
        }
        let (estimate, used, rejectedShift, rejectedCount, spread) = calendarEstimate(state.cycle.recentCycleLengths)
        let calendarLength = Int(estimate.rounded())
        var next = lastStart.advanced(by: calendarLength)
        var uncertainty = max(1.5, spread)
        var painShift = 0
        var ovulationDate = next.advanced(by: -AlertPolicy.ovulationToStartPriorDays)
        var ovulationPassed = day >= ovulationDate ? 0.7 : 0.2
        let pain = state.ovulationPainThisCycle
        if let pain {
            // Her own pain-to-start gap over her recent cycles, the luteal prior counting as one more.
            var total = Double(AlertPolicy.ovulationToStartPriorDays), count = 1.0
            for past in state.recentCycles {
                guard let painDay = past.ovulationPainDay else { continue }
                total += Double(painDay.distance(to: past.start.advanced(by: past.length)))
                count += 1
            }
            let painNext = pain.advanced(by: Int((total / count).rounded()))
            painShift = next.distance(to: painNext)
            next = painNext
            uncertainty = 1.5
            ovulationDate = pain
            ovulationPassed = 0.9
        }
        // Fertility signals: evidenced ovulation + her luteal length, or the calendar pushed past
        // a negative LH test (`CycleSignalState.anchoredNextStart`).
        let signals = state.signals
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
                                pain: pain?.daysSinceEpoch ?? 0, late: lateShift > 0,
                                signal: (evidence?.observed ?? pendingTest)?.daysSinceEpoch ?? 0, luteal: luteal)
        let painStart = evidence == nil ? pain : nil
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
        let inDip = cycleDayTomorrow <= 2 || (1...CycleDayState.premenstrualDays).contains(daysToNext) || daysToNext <= 0
        return CyclePrediction(asOf: day, nextPeriodStart: next, nextPeriodUncertaintyDays: uncertainty,
                               ovulation: OvulationEstimate(date: ovulationDate, passedProbability: ovulationPassed),
                               energyTomorrow: Self.levelForecast(of: .energy, in: state, inDip: inDip),
                               moodTomorrow: Self.levelForecast(of: .mood, in: state, inDip: inDip),
                               reasoning: text)
    }

    /// (estimate, cycles used, shift caused by outlier rejection, rejected count, spread) of the
    /// recent cycle `lengths`, oldest first.
    private func calendarEstimate(_ lengths: [Int]) -> (Double, Int, Double, Int, Double) {
        let prior = Double(declaredLength ?? CycleState.populationCycleLength)
        guard !lengths.isEmpty else { return (prior, 0, 0, 0, 4) }
        let median = CycleState.median(lengths)
        let mad = CycleState.median(lengths.map { abs(Double($0) - median) })
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
        let kept = lengths.map { ($0, abs(Double($0) - median) <= limit) }
        let (estimate, used) = weightedMean(kept)
        let rejected = kept.filter { !$0.1 }.count
        let shift = rejected > 0 ? estimate - weightedMean(lengths.map { ($0, true) }).0 : 0
        let keptLengths = kept.filter(\.1).map { Double($0.0) }
        var spread = 3.0
        if keptLengths.count >= 2 {
            let mean = keptLengths.reduce(0, +) / Double(keptLengths.count)
            spread = (keptLengths.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(keptLengths.count - 1)).squareRoot()
        }
        return (estimate, used, shift, rejected, spread)
    }

    /// Tomorrow's `kind` (energy or mood): its exponentially weighted level over the values logged
    /// in the last `levelLookbackDays` days (`levelSmoothing`), plus, when tomorrow is in her dip
    /// (cycle days 1–2 and the `CycleDayState.premenstrualDays` days before a start), her own dip
    /// over her recent complete cycles (the dip days' mean less the other days', shrunk towards 0).
    /// `nil` below 3 values logged.
    static func levelForecast(of kind: SymptomType, in state: CycleDayState, inDip: Bool) -> LevelForecast? {
        let values = state.values(of: kind)
        let first = max(0, values.count - levelLookbackDays)
        var level = 0.0, count = 0
        for value in values[first...] where !value.isNaN {
            level = count == 0 ? Double(value) : (1 - levelSmoothing) * level + levelSmoothing * Double(value)
            count += 1
        }
        guard count >= 3 else { return nil }
        if inDip {
            var dipSum = 0.0, dipCount = 0.0, otherSum = 0.0, otherCount = 0.0
            for past in state.recentCycles {
                let start = state.index(of: past.start), end = start + past.length
                for index in max(0, start)..<min(end, values.count) where !values[index].isNaN {
                    let dip = index - start < 2 || end - index <= CycleDayState.premenstrualDays
                    if dip { dipSum += Double(values[index]); dipCount += 1 } else { otherSum += Double(values[index]); otherCount += 1 }
                }
            }
            if dipCount >= 3, otherCount >= 3 {
                level += dipCount / (dipCount + 10) * (dipSum / dipCount - otherSum / otherCount)
            }
        }
        let value = min(max(level, 1), 10)
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
