import Explanations

/// The calendar (`"calendar"`): the standard app method and the floor of every accuracy table.
///
/// On each cycle's first day it forecasts the next start at the last start + the median of her
/// last ≤ 6 cycle lengths (`CycleState.calendarCycleLength`; the population length 29 d until
/// she has a complete cycle) and keeps that date for the whole cycle; ovulation is the next
/// start − `AlertPolicy.ovulationToStartPriorDays` (the luteal prior + 1). Measured on the Marquette charting cohort (all 159 women, first
/// cycles unscored) it reaches alert accuracy ≈ 0.69, and ≈ 0.42 on the irregular women
/// (`Datasets/REFERENCE-STATISTICS.md`).
public struct CalendarPredictor: CyclePredictor {
    /// `"calendar"`.
    public var name: String { ModelKind.cycleCalendar.modelName }
    /// Days ahead the calendar forecasts the next start before any start is known (half the
    /// population cycle length, re-dated every day).
    package static let daysAheadBeforeFirstStart = CycleState.populationCycleLength / 2

    /// Creates the calendar.
    public init() {}

    public func predictions(for history: UserHistory, on days: [CalendarDay], language: Language) throws -> [CyclePrediction] {
        var state = CycleState(lengthModel: nil)
        var records = history.records[...]
        var sentences = _ReasoningCache<[Int]>()
        return try days.map { day in
            if let today = state.today, day < today {
                state = CycleState(lengthModel: nil)
                records = history.records[...]
            }
            while let record = records.first, record.date <= day {
                state.advance(to: record.date, record: record)
                records.removeFirst()
            }
            state.advance(to: day, record: nil)
            guard let next = state.calendarNextStart else {
                let next = day.advanced(by: CalendarPredictor.daysAheadBeforeFirstStart)
                let reasoning = try sentences.reasoning(for: [next.daysSinceEpoch]) {
                    try CyclePhrases.periodStatement(next, facts: [.noPeriodYet], language: language)
                }
                return CyclePrediction(asOf: day, nextPeriodStart: next, nextPeriodUncertaintyDays: 10, reasoning: reasoning)
            }
            let length = state.calendarCycleLength, used = state.recentCycleLengths.count
            let reasoning = try sentences.reasoning(for: [next.daysSinceEpoch, length, used]) {
                let contribution = Double(length - CycleState.populationCycleLength)
                let fact: StatedFact = used == 0 ? .populationLength(length, contribution: contribution)
                                                 : .medianCycle(length: length, cycles: used, contribution: contribution)
                return try CyclePhrases.periodStatement(next, facts: [fact], language: language)
            }
            let ovulation = next.advanced(by: -AlertPolicy.ovulationToStartPriorDays)
            return CyclePrediction(asOf: day, nextPeriodStart: next, nextPeriodUncertaintyDays: state.cycleLengthDeviation ?? 3,
                                   ovulation: OvulationEstimate(date: ovulation, passedProbability: day >= ovulation ? 1 : 0),
                                   reasoning: reasoning)
        }
    }
}
