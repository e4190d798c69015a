import Explanations

/// The facts the rules, the calendar, the references and the models' plain sentences state, each
/// phrased by a `texts` entry of `Cycles/Phrases/phrases.json`.
extension StatedFact {
    /// "cycle moyen 31 j sur les 3 derniers cycles" / "dernier cycle 31 j" (rules).
    static func averageCycle(length: Int, cycles: Int, contribution: Double) -> StatedFact {
        StatedFact(key: "rule.mean_cycle_length", text: "rules.average_cycle",
                   arguments: ["length": .number(Double(length)), "cycles": .number(Double(cycles))], contribution: contribution)
    }

    /// "cycle médian 29 j sur les 2 derniers cycles" (calendar).
    static func medianCycle(length: Int, cycles: Int, contribution: Double) -> StatedFact {
        StatedFact(key: "calendar.median_cycle_length", text: "calendar.median_cycle",
                   arguments: ["length": .number(Double(length)), "cycles": .number(Double(cycles))], contribution: contribution)
    }

    /// "cycle déclaré de 30 j".
    static func declaredLength(_ length: Int, contribution: Double) -> StatedFact {
        StatedFact(key: "rule.declared_cycle_length", text: "rules.declared_cycle",
                   arguments: ["length": .number(Double(length))], contribution: contribution)
    }

    /// "cycle habituel de 29 j (aucun cycle enregistré)".
    static func populationLength(_ length: Int, contribution: Double) -> StatedFact {
        StatedFact(key: "rule.population_cycle_length", text: "rules.population_cycle",
                   arguments: ["length": .number(Double(length))], contribution: contribution)
    }

    /// "1 cycle atypique écarté".
    static func outliers(_ count: Int, contribution: Double) -> StatedFact {
        StatedFact(key: "rule.outlier_rejection", text: "rules.outliers", arguments: ["count": .number(Double(count))],
                   contribution: contribution)
    }

    /// "douleur d'ovulation le 2 mars + 13 j".
    static func ovulationPain(_ day: CalendarDay, luteal: Int, contribution: Double) -> StatedFact {
        StatedFact(key: "rule.ovulation_pain", text: "rules.ovulation_pain",
                   arguments: ["date": day.phraseArgument, "luteal": .number(Double(luteal))], contribution: contribution)
    }

    /// "test LH positif le 9 + phase lutéale ≈ 13 j" / "positive LH test on the 9th + luteal phase ≈ 13 d"
    /// (the reading's day said without its month when it is in `forecast`'s month).
    /// A BBT rise names the rule that confirmed it, not its day (the sentence would outgrow the
    /// generator's length; `FertilityFindings` has the days): "montée de température confirmée
    /// (règle d'exception 1) + phase lutéale ≈ 13 j".
    static func ovulationEvidence(_ evidence: OvulationEvidence, luteal: Int, forecast: CalendarDay, contribution: Double) -> StatedFact {
        var arguments = ["on": day(evidence.observed, forecast: forecast)]
        if let rule = evidence.temperatureRule { arguments["rule"] = .phrase(rule.phraseKey, [:]) }
        let reading = PhraseArgument.phrase("signals.\(evidence.source.key)", arguments)
        return StatedFact(key: "rule.ovulation_evidence", text: "rules.ovulation_evidence",
                          arguments: ["reading": reading, "luteal": .number(Double(luteal))], contribution: contribution)
    }

    /// "test LH négatif le 12, ovulation encore à venir" / "negative LH test on the 12th, ovulation still ahead".
    static func negativeLHTest(_ test: CalendarDay, forecast: CalendarDay, contribution: Double) -> StatedFact {
        StatedFact(key: "rule.negative_lh_test", text: "rules.negative_lh_test",
                   arguments: ["on": day(test, forecast: forecast)], contribution: contribution)
    }

    /// "le 9" / "on the 9th" for a day in `forecast`'s month, else "le 28 septembre" / "on September 28".
    private static func day(_ day: CalendarDay, forecast: CalendarDay) -> PhraseArgument {
        let (year, month, dayOfMonth) = day.components
        let (forecastYear, forecastMonth, _) = forecast.components
        return year == forecastYear && month == forecastMonth ? .phrase("signals.on_day", ["day": .ordinal(dayOfMonth)])
                                                             : .phrase("signals.on_date", ["date": day.phraseArgument])
    }

    /// "règles en retard, attendues d'un jour à l'autre".
    static func late(contribution: Double) -> StatedFact {
        StatedFact(key: "rule.late", text: "rules.late", contribution: contribution)
    }

    /// "aucunes règles enregistrées".
    static let noPeriodYet = StatedFact(key: "calendar.no_period", text: "calendar.no_period_yet")

    /// "ovulation le 2 mars + phase lutéale de 13 j" (references).
    package static func ovulationKnown(_ day: CalendarDay, luteal: Int, key: String? = nil, contribution: Double? = nil) -> StatedFact {
        StatedFact(key: key ?? "ovulation.known", text: "ovulation.known",
                   arguments: ["date": day.phraseArgument, "luteal": .number(Double(luteal))], contribution: contribution)
    }

    /// "ovulation pas encore passée" (references).
    package static func ovulationPending(key: String? = nil, contribution: Double? = nil) -> StatedFact {
        StatedFact(key: key ?? "ovulation.pending", text: "ovulation.pending", contribution: contribution)
    }

    /// "J12 du cycle" (a model's plain sentence; claims no contribution).
    static func cycleDay(_ day: Int) -> StatedFact {
        StatedFact(key: "cycle_day", text: "model.cycle_day", arguments: ["day": .number(Double(day))])
    }

    /// "cycle médian 29 j" (a model's plain sentence; claims no contribution).
    static func calendarLength(_ length: Int) -> StatedFact {
        StatedFact(key: "calendar_cycle_length", text: "model.median_cycle", arguments: ["length": .number(Double(length))])
    }

    /// "estimation par arbres de décision sur vos cycles et saisies récents" (the trees' plain sentence).
    static let boostedTreesMethod = StatedFact(key: "gbt", text: "gbt.method")
}

/// The facts of the period-history forecast (`PeriodHistoryPredictor`).
extension StatedFact {
    /// "dernières règles le 16 avril" / "last period April 16".
    static func lastStart(_ day: CalendarDay) -> StatedFact {
        StatedFact(key: "history.last_start", text: "history.last_start", arguments: ["date": day.phraseArgument])
    }

    /// "cycle habituel 29 j ± 2 j sur 8 cycles" / "usual cycle 29 ± 2 d over 8 cycles".
    static func usualCycle(length: Int, spread: Int, cycles: Int) -> StatedFact {
        StatedFact(key: "history.usual_cycle", text: "history.usual_cycle",
                   arguments: ["length": .number(Double(length)), "spread": .number(Double(spread)),
                               "cycles": .number(Double(cycles))])
    }

    /// "5 jours de plus que votre cycle habituel" / "5 days past your usual cycle".
    static func pastUsualCycle(days: Int) -> StatedFact {
        StatedFact(key: "history.late", text: "history.late", arguments: ["days": .number(Double(days))])
    }
}
