import Foundation
import Testing
import Cycles
import Explanations

/// The cycle phrase book through the generic engine: hand-made attributions and the exact
/// sentences they must give, in both languages.
struct CyclePhrasesTests {
    let generator: ReasoningGenerator

    init() throws { generator = try CyclePhrases.generator() }

    func sentences(_ kind: PredictionKind, _ value: PredictedValue, _ attribution: Attribution,
                   uncertainty: Uncertainty? = nil, minimumContribution: Double? = nil) throws -> [String] {
        try [Language.fr, .en].map {
            try generator.reasoning(for: kind, value: value, uncertainty: uncertainty, attribution: attribution,
                                    language: $0, minimumContribution: minimumContribution).text
        }
    }

    @Test func energyWithSleepCycleDayAndStress() throws {
        let attribution = Attribution(baselineValue: 5.5, outputValue: 7.4, contributions: [
            FeatureContribution(key: "sleep_mean_7d", group: .sleep, value: 8, baselineValue: 6.5, contribution: 0.9),
            FeatureContribution(key: "cycle_day", group: .cycleDay, value: 12, baselineValue: 15, contribution: 0.6),
            FeatureContribution(key: "stress_today", group: .stress, value: 2, baselineValue: 4.5, contribution: 0.5),
            FeatureContribution(key: "pain_today", group: .pain, value: 4, baselineValue: 2, contribution: -0.3),
            FeatureContribution(key: "weekday", group: .weekday, value: 2, contribution: 0.2),
        ])
        #expect(try sentences(.energyTomorrow, .level(.high), attribution) == [
            "Énergie haute prévue demain car : sommeil stable + J12 du cycle + stress bas",
            "High energy expected tomorrow because: good sleep + cycle day 12 + low stress",
        ])
    }

    @Test func periodStartFromRulesWithConfidenceAndDecimalComma() throws {
        let attribution = Attribution(method: .rules, baselineValue: 29.3, outputValue: 29.3 + 2.2 + 1 - 0.1, contributions: [
            FeatureContribution(key: "mean_cycle_length", group: .history, value: 31.5, baselineValue: 29.3, contribution: 2.2),
            FeatureContribution(key: "ovulation_pain", group: .pain, value: 5, baselineValue: 0, contribution: 1),
            FeatureContribution(key: "rule.weekday", group: .other, contribution: -0.1),
        ])
        let reasoning = try generator.reasoning(for: .periodStart, value: .date(year: 2027, month: 3, day: 14),
                                                uncertainty: .days(1.6), attribution: attribution, language: .fr)
        #expect(reasoning.text == "Règles prévues le 14 mars (±2 j) car : cycles de 31,5 j en moyenne + douleur d'ovulation")
        #expect(reasoning.headline == "Règles prévues le 14 mars")
        #expect(reasoning.confidence == "±2 j")
        #expect(reasoning.factors.map(\.key) == ["mean_cycle_length", "ovulation_pain"])
        #expect(try sentences(.periodStart, .date(year: 2027, month: 3, day: 14), attribution, uncertainty: .days(1.6))[1]
                == "Period expected March 14 (±2 d) because: 31.5-day average cycle + ovulation pain")
    }

    /// The rule engine's own keys (no values attached): phrased from the key and the shift's sign.
    @Test func ruleEngineKeys() throws {
        let attribution = Attribution(method: .rules, baselineValue: 29, outputValue: 32.5, contributions: [
            FeatureContribution(key: "rule.mean_cycle_length", group: .other, contribution: 3),
            FeatureContribution(key: "rule.outlier_rejection", group: .other, contribution: 1),
            FeatureContribution(key: "rule.ovulation_pain", group: .other, contribution: -0.5),
        ])
        #expect(try sentences(.periodStart, .date(year: 2027, month: 5, day: 2), attribution, uncertainty: .days(2)) == [
            "Règles prévues le 2 mai (±2 j) car : cycles plus longs que la moyenne + cycle atypique écarté",
            "Period expected May 2 (±2 d) because: cycles longer than average + unusual cycle ignored",
        ])
        let late = Attribution(method: .rules, baselineValue: 29, outputValue: 31, contributions: [
            FeatureContribution(key: "rule.mean_cycle_length", group: .other, contribution: -2),
            FeatureContribution(key: "rule.late", group: .other, contribution: 4),
        ])
        #expect(try sentences(.periodStart, .date(year: 2027, month: 5, day: 2), late) == [
            "Règles prévues le 2 mai car : règles en retard",
            "Period expected May 2 because: period late",
        ])
    }

    @Test func earlierPeriodNamesOnlyFactorsThatPullEarlier() throws {
        let attribution = Attribution(baselineValue: 29, outputValue: 26.5, contributions: [
            FeatureContribution(key: "cycle_length_sd", group: .history, value: 1.2, baselineValue: 3, contribution: 0.4),
            FeatureContribution(key: "last_cycle_length", group: .history, value: 26, baselineValue: 29, contribution: -2.1),
            FeatureContribution(key: "left_ovary_pain", group: .pain, value: 6, baselineValue: 0, contribution: -0.8),
        ])
        #expect(try sentences(.periodStart, .date(year: 2027, month: 1, day: 1), attribution, uncertainty: .days(0.3)) == [
            "Règles prévues le 1er janvier (±1 j) car : dernier cycle de 26 j + douleur côté gauche",
            "Period expected January 1 (±1 d) because: last cycle 26 days + left-side pain",
        ])
    }

    @Test func moodWithPainAndPoorSleep() throws {
        let attribution = Attribution(baselineValue: 6, outputValue: 3.2, contributions: [
            FeatureContribution(key: "pain_today", group: .pain, value: 8, baselineValue: 2, contribution: -1.4),
            FeatureContribution(key: "sleep_today", group: .sleep, value: 3, baselineValue: 6.5, contribution: -0.9),
            FeatureContribution(key: "cycle_day", group: .cycleDay, value: 2, baselineValue: 15, contribution: -0.5),
            FeatureContribution(key: "stress_today", group: .stress, value: 3, baselineValue: 4.5, contribution: 0.2),
        ])
        #expect(try sentences(.moodTomorrow, .level(.low), attribution, uncertainty: .probability(0.71)) == [
            "Humeur basse prévue demain (confiance 71 %) car : douleurs + sommeil agité + J2 du cycle",
            "Low mood expected tomorrow (71% confidence) because: pain + poor sleep + cycle day 2",
        ])
    }

    @Test func missingDataIsNamedAsSuch() throws {
        let attribution = Attribution(baselineValue: 5.5, outputValue: 4.9, contributions: [
            FeatureContribution(key: "sleep_today", group: .sleep, value: nil, baselineValue: 6.5, contribution: -0.35),
            FeatureContribution(key: "missing_share_14d", group: .logging, value: nil, contribution: -0.25),
            FeatureContribution(key: "energy_today", group: .energy, value: 5, baselineValue: 5, contribution: 0.1),
        ])
        #expect(try sentences(.energyTomorrow, .level(.medium), attribution) == [
            "Énergie moyenne prévue demain car : sommeil non noté + peu de données récentes",
            "Medium energy expected tomorrow because: sleep not logged + little recent data",
        ])
    }

    @Test func fewSignalsWhenNothingStandsOut() throws {
        let attribution = Attribution(baselineValue: 5.5, outputValue: 5.6, contributions: [
            FeatureContribution(key: "sleep_today", group: .sleep, value: 7, baselineValue: 6.5, contribution: 0.06),
            FeatureContribution(key: "stress_today", group: .stress, value: 4, baselineValue: 4.5, contribution: 0.04),
        ])
        #expect(try sentences(.energyTomorrow, .level(.medium), attribution, minimumContribution: 0.25) == [
            "Énergie moyenne prévue demain : peu de signaux",
            "Medium energy expected tomorrow: few signals",
        ])
        let unchanged = Attribution(baselineValue: 28, outputValue: 28, contributions: [])
        #expect(try sentences(.ovulation, .date(year: 2027, month: 8, day: 3), unchanged, uncertainty: .days(3.4)) == [
            "Ovulation estimée le 3 août (±3 j) : peu de signaux",
            "Ovulation estimated August 3 (±3 d): few signals",
        ])
    }

    @Test func ovulationPassedAndPlurals() throws {
        let attribution = Attribution(baselineValue: 0.5, outputValue: 0.86, contributions: [
            FeatureContribution(key: "days_since_period_start", group: .cycleDay, value: 1, contribution: 0.05),
            FeatureContribution(key: "cycle_count", group: .history, value: 1, contribution: 0.06),
            FeatureContribution(key: "ovulation_pain", group: .pain, value: 5, baselineValue: 0, contribution: 0.25),
        ])
        #expect(try sentences(.ovulationPassed, .probability(0.86), attribution) == [
            "Ovulation probablement passée (86 %) car : douleur d'ovulation + 1 cycle connu + 1 jour depuis les règles",
            "Ovulation likely passed (86%) because: ovulation pain + 1 known cycle + 1 day since period",
        ])
        var plural = attribution
        plural.contributions[0].value = 3
        plural.contributions[1].value = 0
        #expect(try sentences(.ovulationPassed, .probability(0.86), plural) == [
            "Ovulation probablement passée (86 %) car : douleur d'ovulation + 0 cycle connu + 3 jours depuis les règles",
            "Ovulation likely passed (86%) because: ovulation pain + 0 known cycles + 3 days since period",
        ])
    }

    @Test func structuredFormRoundTrips() throws {
        let attribution = Attribution(baselineValue: 29, outputValue: 31, contributions: [
            FeatureContribution(key: "cycle_day", group: .cycleDay, value: 12, contribution: 2),
        ])
        let reasoning = try generator.reasoning(for: .periodStart, value: .date(year: 2027, month: 3, day: 14),
                                                uncertainty: .days(2), attribution: attribution, language: .en)
        let json = try reasoning.jsonString()
        #expect(json == #"{"confidence":"±2 d","factors":[{"contribution":2,"group":"cycle_day","key":"cycle_day","phrase":"cycle day 12"}],"headline":"Period expected March 14","kind":"period_start","language":"en","text":"Period expected March 14 (±2 d) because: cycle day 12"}"#)
        #expect(try JSONDecoder().decode(Reasoning.self, from: Data(json.utf8)) == reasoning)
    }

    @Test func unknownKindGivesAOneLineError() throws {
        let attribution = Attribution(baselineValue: 0, outputValue: 1, contributions: [])
        do {
            _ = try generator.reasoning(for: PredictionKind("sleep_tomorrow"), attribution: attribution, language: .fr)
            Issue.record("expected an error")
        } catch let error as ExplanationError {
            #expect(error.description == #"no phrase book has "sleep_tomorrow" under "predictions" (fr)"#)
        }
    }
}

/// Every cycle group has a phrase in both languages (a feature without a phrase of its own falls
/// back to its group's), and the book's entries exist in both languages (`PhraseBook` checks it).
@Test func everyCycleGroupHasAPhrase() throws {
    let generator = try CyclePhrases.generator()
    for language in Language.allCases {
        for group in [FeatureGroup.sleep, .stress, .cycleDay, .pain, .energy, .mood, .flow, .history, .logging, .weekday] {
            let contribution = FeatureContribution(key: "unnamed", group: group, value: 3, contribution: 1)
            #expect(generator.templates(for: language).phrase(for: contribution) != nil, "\(group) \(language)")
        }
    }
}
