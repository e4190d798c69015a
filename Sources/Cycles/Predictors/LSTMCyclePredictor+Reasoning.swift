import Explanations

extension LSTMCyclePredictor {
    /// A plain sentence stating the forecast, its spread and the inputs it rests on most visibly
    /// (cycle day and the calendar's cycle length, the median of her recent cycles), through the
    /// cycle phrase book: "Règles prévues le 14 mars (±2 j) : J12 du cycle, cycle médian 29 j".
    /// Attribution-based reasons (Integrated Gradients) come from `explainedPrediction`; this
    /// sentence claims no contributions, so `factors` stays empty.
    static func reasoning(nextStart: CalendarDay, uncertainty: Double, cycleDay: Int?, calendarCycleLength: Int,
                          language: Language) throws -> Reasoning {
        let facts: [StatedFact] = cycleDay.map { [.cycleDay($0), .calendarLength(calendarCycleLength)] } ?? []
        return try CyclePhrases.periodStatement(nextStart, facts: facts, uncertaintyDays: uncertainty, language: language)
    }
}
