import Explanations

extension CyclePhrases {
    /// The method's findings in plain sentences, one per finding in `findings`, in this order:
    /// the temperature rise and the rule that confirmed it ("Montée de température confirmée
    /// (règle d'exception 1) le 18 mars : …"), the mucus and cervix peaks, the double check, the
    /// fertile window, the posterior's probabilities, and that these findings are not
    /// contraception. The sentences state what the method finds; none calls a day safe.
    package static func fertilitySentences(_ findings: FertilityFindings, language: Language) throws -> [String] {
        let phrases = try shared
        func text(_ key: String, _ arguments: [String: PhraseArgument]) throws -> String {
            try phrases.text("fertility.\(key)", arguments, language: language)
        }
        var sentences: [String] = []
        if let shift = findings.temperatureShift {
            sentences.append(try text("temperature_shift", [
                "rule": .phrase(shift.rule.phraseKey, [:]), "confirmed": shift.confirmed.phraseArgument,
                "first": shift.firstHigherReading.phraseArgument, "coverline": .decimal(shift.coverline, digits: 2),
            ]))
        }
        if let peak = findings.mucusPeak {
            var arguments: [String: PhraseArgument] = ["quality": .text(peak.quality.symbol), "day": peak.day.phraseArgument]
            if let confirmed = peak.confirmed { arguments["confirmed"] = confirmed.phraseArgument }
            sentences.append(try text(peak.confirmed == nil ? "mucus_peak_pending" : "mucus_peak", arguments))
        }
        if let peak = findings.cervixPeak {
            var arguments: [String: PhraseArgument] = ["day": peak.day.phraseArgument]
            if let confirmed = peak.confirmed { arguments["confirmed"] = confirmed.phraseArgument }
            sentences.append(try text(peak.confirmed == nil ? "cervix_peak_pending" : "cervix_peak", arguments))
        }
        if let check = findings.doubleCheck {
            sentences.append(try text("double_check", ["day": check.completed.phraseArgument,
                                                        "symptom": .phrase("fertility.symptom.\(check.symptom.rawValue)", [:])]))
        }
        let window = findings.fertileWindow
        var windowArguments: [String: PhraseArgument] = [
            "opens": window.opens.phraseArgument, "opening": .phrase("fertility.opening.\(window.openedBy.rawValue)", [:]),
        ]
        if let closes = window.closes { windowArguments["closes"] = closes.phraseArgument }
        sentences.append(try text(window.closes == nil ? "window_open" : "window_closed", windowArguments))
        if let passed = findings.ovulationPassedProbability, let interval = findings.ovulationInterval {
            sentences.append(try text("posterior", ["percent": .decimal(passed * 100, digits: 0),
                                                    "from": interval.lowerBound.phraseArgument, "to": interval.upperBound.phraseArgument,
                                                    "mass": .decimal(FertilityFindings.ovulationIntervalMass * 100, digits: 0)]))
        }
        sentences.append(try text("not_contraception", [:]))
        return sentences
    }
}
