import Explanations

extension LSTMCyclePredictor {
    /// A plain sentence stating the forecast and the inputs it rests on most visibly (cycle day
    /// and the calendar's cycle length, the median of her recent cycles). Attribution-based
    /// reasons (Integrated Gradients) come from `Explanations`; this sentence claims no
    /// contributions, so `factors` stays empty.
    static func reasoning(nextStart: CalendarDay, uncertainty: Double, cycleDay: Int?, calendarCycleLength: Int,
                          language: String) -> Reasoning {
        let (_, month, dayOfMonth) = nextStart.components
        let spread = Int(uncertainty.rounded())
        if language == "en" {
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            var text = "Period expected \(months[month - 1]) \(dayOfMonth) (±\(spread) d)"
            if let cycleDay { text += ": cycle day \(cycleDay), median cycle \(calendarCycleLength) d" }
            return Reasoning(text: text, language: "en")
        }
        let months = ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."]
        var text = "Règles prévues le \(dayOfMonth) \(months[month - 1]) (±\(spread) j)"
        if let cycleDay { text += " : J\(cycleDay) du cycle, cycle médian \(calendarCycleLength) j" }
        return Reasoning(text: text, language: "fr")
    }
}
