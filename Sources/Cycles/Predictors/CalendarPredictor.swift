import Explanations

/// The calendar (`"calendar"`): the standard app method and the floor of every accuracy table.
///
/// On each cycle's first day it forecasts the next start at the last start + the median of her
/// last ≤ 6 cycle lengths (`CycleState.calendarCycleLength`; the population length 29 d until
/// she has a complete cycle) and keeps that date for the whole cycle; ovulation is the next
/// start − `AlertPolicy.ovulationToStartPriorDays` (the luteal prior + 1). Measured on the Marquette charting cohort (all 159 women, first
/// cycles unscored) it reaches alert accuracy ≈ 0.69, and ≈ 0.42 on the irregular women
/// (`Datasets/README.md`, "Real data").
public struct CalendarPredictor: CyclePredictor {
    /// `"calendar"`.
    public let name = "calendar"
    /// Days ahead the calendar forecasts the next start before any start is known (half the
    /// population cycle length, re-dated every day).
    public static let daysAheadBeforeFirstStart = CycleState.populationCycleLength / 2

    /// Creates the calendar.
    public init() {}

    public func predictions(for history: UserHistory, on days: [CalendarDay], language: String) throws -> [CyclePrediction] {
        let language = RuleText.code(language)
        var state = CycleState()
        var records = history.records[...]
        var cachedKey: [Int] = []
        var cachedReasoning = Reasoning(text: "", language: language)
        return days.map { day in
            if let today = state.today, day < today {
                state = CycleState()
                records = history.records[...]
            }
            while let record = records.first, record.date <= day {
                state.advance(to: record.date, record: record)
                records.removeFirst()
            }
            state.advance(to: day, record: nil)
            guard let next = state.calendarNextStart else {
                let next = day.advanced(by: CalendarPredictor.daysAheadBeforeFirstStart)
                let text = RuleText.sentence(next, reasons: [RuleText.noPeriodYet(language)], language)
                return CyclePrediction(asOf: day, nextPeriodStart: next, nextPeriodUncertaintyDays: 10,
                                       reasoning: Reasoning(text: text, language: language))
            }
            let length = state.calendarCycleLength, used = state.recentCycleLengths.count
            let key = [next.daysSinceEpoch, length, used]
            if key != cachedKey {
                let phrase = used == 0 ? RuleText.populationLength(length, language)
                                       : RuleText.medianCycle(length: length, cycles: used, language)
                cachedReasoning = Reasoning(
                    text: RuleText.sentence(next, reasons: [phrase], language), language: language,
                    factors: [.init(key: used == 0 ? "rule.population_cycle_length" : "calendar.median_cycle_length",
                                    phrase: phrase, contribution: Double(length - CycleState.populationCycleLength))])
                cachedKey = key
            }
            let ovulation = next.advanced(by: -AlertPolicy.ovulationToStartPriorDays)
            return CyclePrediction(asOf: day, nextPeriodStart: next, nextPeriodUncertaintyDays: state.cycleLengthDeviation ?? 3,
                                   ovulation: OvulationEstimate(date: ovulation, passedProbability: day >= ovulation ? 1 : 0),
                                   reasoning: cachedReasoning)
        }
    }
}
