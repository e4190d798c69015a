/// French (default) and English phrases for the rule engine's and the oracle's reasoning.
///
/// Sentences follow "Règles prévues le 14 mars : cycle moyen 31 j sur les 3 derniers cycles" /
/// "Period expected on March 14: average cycle 31 d over the last 3 cycles".
package enum RuleText {
    static let frenchMonths = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
                               "septembre", "octobre", "novembre", "décembre"]
    static let englishMonths = ["January", "February", "March", "April", "May", "June", "July", "August",
                                "September", "October", "November", "December"]

    /// `true` for English; anything else is French.
    static func isEnglish(_ language: String) -> Bool { language.lowercased().hasPrefix("en") }

    /// The language code a sentence is written in.
    package static func code(_ language: String) -> String { isEnglish(language) ? "en" : "fr" }

    /// "14 mars" / "March 14".
    static func date(_ day: CalendarDay, _ language: String) -> String {
        let (_, month, dayOfMonth) = day.components
        if isEnglish(language) { return "\(englishMonths[month - 1]) \(dayOfMonth)" }
        return dayOfMonth == 1 ? "1er \(frenchMonths[month - 1])" : "\(dayOfMonth) \(frenchMonths[month - 1])"
    }

    /// "Règles prévues le 14 mars" / "Period expected on March 14".
    static func headline(_ day: CalendarDay, _ language: String) -> String {
        isEnglish(language) ? "Period expected on \(date(day, language))" : "Règles prévues le \(date(day, language))"
    }

    /// Joins the headline and the reasons: "headline : a, b" / "headline: a, b".
    package static func sentence(_ day: CalendarDay, reasons: [String], _ language: String) -> String {
        let separator = isEnglish(language) ? ": " : " : "
        return headline(day, language) + separator + reasons.joined(separator: ", ")
    }

    static func averageCycle(length: Int, cycles: Int, _ language: String) -> String {
        if isEnglish(language) {
            return cycles == 1 ? "last cycle \(length) d" : "average cycle \(length) d over the last \(cycles) cycles"
        }
        return cycles == 1 ? "dernier cycle \(length) j" : "cycle moyen \(length) j sur les \(cycles) derniers cycles"
    }

    static func medianCycle(length: Int, cycles: Int, _ language: String) -> String {
        if isEnglish(language) {
            return cycles == 1 ? "last cycle \(length) d" : "median cycle \(length) d over the last \(cycles) cycles"
        }
        return cycles == 1 ? "dernier cycle \(length) j" : "cycle médian \(length) j sur les \(cycles) derniers cycles"
    }

    static func declaredLength(_ length: Int, _ language: String) -> String {
        isEnglish(language) ? "the \(length) d cycle you declared" : "cycle déclaré de \(length) j"
    }

    static func populationLength(_ length: Int, _ language: String) -> String {
        isEnglish(language) ? "usual cycle of \(length) d (no cycle logged yet)" : "cycle habituel de \(length) j (aucun cycle enregistré)"
    }

    static func outliers(_ count: Int, _ language: String) -> String {
        if isEnglish(language) { return count == 1 ? "1 unusual cycle ignored" : "\(count) unusual cycles ignored" }
        return count == 1 ? "1 cycle atypique écarté" : "\(count) cycles atypiques écartés"
    }

    static func ovulationPain(_ day: CalendarDay, luteal: Int, _ language: String) -> String {
        isEnglish(language) ? "ovulation pain on \(date(day, language)) + \(luteal) d"
                            : "douleur d'ovulation le \(date(day, language)) + \(luteal) j"
    }

    static func late(_ language: String) -> String {
        isEnglish(language) ? "period late, expected any day" : "règles en retard, attendues d'un jour à l'autre"
    }

    static func noPeriodYet(_ language: String) -> String {
        isEnglish(language) ? "no period logged yet" : "aucunes règles enregistrées"
    }

    package static func ovulationKnown(_ day: CalendarDay, luteal: Int, _ language: String) -> String {
        isEnglish(language) ? "ovulation on \(date(day, language)) + \(luteal) d luteal phase"
                            : "ovulation le \(date(day, language)) + phase lutéale de \(luteal) j"
    }

    package static func ovulationPending(_ language: String) -> String {
        isEnglish(language) ? "ovulation not yet passed" : "ovulation pas encore passée"
    }
}
