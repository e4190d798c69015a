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

    /// "le 9" / "on the 9th" when `day` is in `forecast`'s month, else "le 28 septembre" /
    /// "on September 28".
    static func dayOfMonth(_ day: CalendarDay, forecast: CalendarDay, _ language: String) -> String {
        let (year, month, dayOfMonth) = day.components
        let (forecastYear, forecastMonth, _) = forecast.components
        guard year == forecastYear, month == forecastMonth else { return isEnglish(language) ? "on \(date(day, language))" : "le \(date(day, language))" }
        guard isEnglish(language) else { return dayOfMonth == 1 ? "le 1er" : "le \(dayOfMonth)" }
        let suffix = (11...13).contains(dayOfMonth % 100) ? "th" : (dayOfMonth % 10 == 1 ? "st" : (dayOfMonth % 10 == 2 ? "nd" : (dayOfMonth % 10 == 3 ? "rd" : "th")))
        return "on the \(dayOfMonth)\(suffix)"
    }

    /// The reading an ovulation evidence was read from: "test LH positif le 9" / "positive LH test on the 9th".
    static func evidenceReading(_ evidence: OvulationEvidence, forecast: CalendarDay, _ language: String) -> String {
        let on = dayOfMonth(evidence.observed, forecast: forecast, language)
        let english = isEnglish(language)
        switch evidence.source {
        case .lhPositive: return english ? "positive LH test \(on)" : "test LH positif \(on)"
        case .lhPeak: return english ? "LH peak \(on)" : "pic de LH \(on)"
        case .mucusPeak: return english ? "mucus peak \(on)" : "pic de glaire \(on)"
        case .basalTemperatureShift: return english ? "temperature rise (BBT) \(on)" : "montée de température (BBT) \(on)"
        case .wristTemperatureShift: return english ? "wrist temperature rise \(on)" : "montée de température au poignet \(on)"
        }
    }

    /// "test LH positif le 9 + phase lutéale ≈ 13 j" / "positive LH test on the 9th + luteal phase ≈ 13 d".
    static func ovulationEvidence(_ evidence: OvulationEvidence, luteal: Int, forecast: CalendarDay, _ language: String) -> String {
        let reading = evidenceReading(evidence, forecast: forecast, language)
        return isEnglish(language) ? "\(reading) + luteal phase ≈ \(luteal) d" : "\(reading) + phase lutéale ≈ \(luteal) j"
    }

    /// "test LH négatif le 12, ovulation encore à venir" / "negative LH test on the 12th, ovulation still ahead".
    static func negativeLHTest(_ day: CalendarDay, forecast: CalendarDay, _ language: String) -> String {
        let on = dayOfMonth(day, forecast: forecast, language)
        return isEnglish(language) ? "negative LH test \(on), ovulation still ahead" : "test LH négatif \(on), ovulation encore à venir"
    }

    package static func ovulationPending(_ language: String) -> String {
        isEnglish(language) ? "ovulation not yet passed" : "ovulation pas encore passée"
    }
}
