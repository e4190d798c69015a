import Explanations

/// The period-history forecast (`"period-history"`): the next start from her period logs alone,
/// by her cycle-length model (`CycleLengthModel`), updated every day on "no period logged so far".
///
/// Each day the forecast date is the likeliest ±2-day window of the distribution
/// (`NextStartDistribution.likeliestDate`), its confidence the probability of that window, and it
/// states its 50/80/95 % intervals. The sentence says what it rests on, in her terms: the
/// interval, her last start, her usual length and spread and how many cycles it has seen, and how
/// late she is when the cycle has run past her usual length. Its ovulation estimate is the
/// forecast date less the luteal prior (`AlertPolicy.ovulationToStartPriorDays`), passed with the
/// probability of a start within that many days. Before her first logged start it
/// forecasts half a population cycle ahead, re-dated every day, with a flat distribution over
/// the next population cycle.
public struct PeriodHistoryPredictor: CyclePredictor {
    /// `"period-history"`.
    public var name: String { ModelKind.cyclePeriodHistory.modelName }

    /// Creates the predictor.
    public init() {}

    public func predictions(for history: UserHistory, on days: [CalendarDay], language: Language) throws -> [CyclePrediction] {
        var state = CycleState(profile: history.profile)
        var records = history.records[...]
        var sentences = _ReasoningCache<[Int]>()
        return try days.map { day in
            if let today = state.today, day < today {
                state = CycleState(profile: history.profile)
                records = history.records[...]
            }
            while let record = records.first, record.date <= day {
                state.advance(to: record.date, record: record)
                records.removeFirst()
            }
            state.advance(to: day, record: nil)
            return try PeriodHistoryPredictor.prediction(state: state, language: language, sentences: &sentences)
        }
    }

    /// The forecast of `state`'s day (`state.today`, which must be set), its sentence rebuilt only
    /// when what it says changes (`sentences`).
    static func prediction(state: CycleState, language: Language, sentences: inout _ReasoningCache<[Int]>) throws -> CyclePrediction {
        let day = state.today!
        guard let distribution = state.nextStartDistribution, let lastStart = state.lastStart else {
            let population = CycleState.populationCycleLength
            let next = day.advanced(by: CalendarPredictor.daysAheadBeforeFirstStart)
            let flat = NextStartDistribution(asOf: day, weights: [Double](repeating: 1, count: population))!
            let reasoning = try sentences.reasoning(for: [next.daysSinceEpoch]) {
                try CyclePhrases.periodStatement(next, facts: [.noPeriodYet], language: language)
            }
            return CyclePrediction(asOf: day, nextPeriodStart: next, nextPeriodUncertaintyDays: Double(population) / 4,
                                   nextPeriodConfidence: flat.hitProbability(of: next),
                                   nextPeriodIntervals: flat.centralIntervals, reasoning: reasoning)
        }
        return try prediction(distribution: distribution, model: state.lengthModel, lastStart: lastStart,
                              language: language, sentences: &sentences)
    }

    /// The forecast `distribution` gives, with the sentence of `model`'s summary and `lastStart`.
    static func prediction(distribution: NextStartDistribution, model: CycleLengthModel, lastStart: CalendarDay,
                           language: Language, sentences: inout _ReasoningCache<[Int]>) throws -> CyclePrediction {
        let day = distribution.asOf
        let next = distribution.likeliestDate
        let confidence = distribution.hitProbability(of: next)
        let intervals = distribution.centralIntervals
        let shown = intervals.first { $0.level == 0.8 } ?? intervals[0]
        let length = Int(model.usualLength.rounded()), spread = max(1, Int(model.usualDeviation.rounded()))
        let cycleDay = lastStart.distance(to: day) + 1
        let late = cycleDay - 1 - length
        let key = [next.daysSinceEpoch, shown.first.daysSinceEpoch, shown.last.daysSinceEpoch, lastStart.daysSinceEpoch,
                   length, spread, model.cycleCount, max(late, 0)]
        let reasoning = try sentences.reasoning(for: key) {
            var facts: [StatedFact] = [.lastStart(lastStart)]
            facts.append(model.cycleCount == 0 ? .populationLength(length, contribution: 0)
                                               : .usualCycle(length: length, spread: spread, cycles: model.cycleCount))
            if late > 0 { facts.insert(.pastUsualCycle(days: late), at: 0) }
            return try CyclePhrases.periodStatement(next, facts: facts, interval: shown, language: language)
        }
        // Ovulation: the luteal prior before the forecast start; passed when the start is within it.
        let toStart = AlertPolicy.ovulationToStartPriorDays
        let passed = distribution.probability(from: day.advanced(by: 1), through: day.advanced(by: toStart))
        return CyclePrediction(asOf: day, nextPeriodStart: next, nextPeriodUncertaintyDays: distribution.halfWidth68,
                               nextPeriodConfidence: confidence, nextPeriodIntervals: intervals,
                               ovulation: OvulationEstimate(date: next.advanced(by: -toStart), passedProbability: passed),
                               reasoning: reasoning)
    }
}
