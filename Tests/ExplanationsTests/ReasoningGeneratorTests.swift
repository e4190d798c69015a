import Foundation
import Testing
@testable import Explanations

/// The generic engine with a stand-in domain's phrase book (`TestVocabulary.swift`): the
/// languages' formats, factor choice, plurals, length limits, stated facts and errors.
struct ReasoningGeneratorTests {
    let generator: ReasoningGenerator

    init() throws { generator = try weatherGenerator() }

    func sentences(_ kind: PredictionKind, _ value: PredictedValue, _ attribution: Attribution,
                   uncertainty: Uncertainty? = nil, minimumContribution: Double? = nil) throws -> [String] {
        try Language.allCases.map {
            try generator.reasoning(for: kind, value: value, uncertainty: uncertainty, attribution: attribution,
                                    language: $0, minimumContribution: minimumContribution).text
        }
    }

    @Test func factorsAgreeingWithThePredictionAreNamedStrongestFirst() throws {
        let attribution = Attribution(baselineValue: 5, outputValue: 7, contributions: [
            FeatureContribution(key: "cloud_cover", group: .cloud, value: 1, baselineValue: 5, contribution: 0.9),
            FeatureContribution(key: "wind_speed", group: .wind, value: 12.25, baselineValue: 20, contribution: 1.2),
            FeatureContribution(key: "humidity_today", group: .humidity, value: 80, baselineValue: 60, contribution: -0.4),
            FeatureContribution(key: "pressure_today", group: .pressure, value: 1020, contribution: 0.5),
            FeatureContribution(key: "weekday", group: .weekday, value: 2, contribution: 0.2),
        ])
        #expect(try sentences(.warmth, .level(.high), attribution) == [
            "Journée chaude demain car : vent de 12,3 km/h + ciel dégagé + pression en hausse",
            "Warm day tomorrow because: 12.3 km/h wind + clear sky + rising pressure",
        ])
    }

    @Test func datesConfidenceAndTheFallback() throws {
        let unchanged = Attribution(baselineValue: 28, outputValue: 28, contributions: [])
        #expect(try sentences(.rainStart, .date(year: 2027, month: 3, day: 1), unchanged, uncertainty: .days(3.4)) == [
            "Pluie prévue le 1er mars (±3 j) : peu de signaux",
            "Rain expected March 1 (±3 d): few signals",
        ])
        let weak = Attribution(baselineValue: 5.5, outputValue: 5.6, contributions: [
            FeatureContribution(key: "cloud_cover", group: .cloud, value: 7, contribution: 0.06),
        ])
        #expect(try sentences(.sunny, .probability(0.86), weak, minimumContribution: 0.25) == [
            "Soleil probable (86 %) : peu de signaux", "Sun likely (86%): few signals",
        ])
    }

    @Test func pluralsFollowTheLanguagesRule() throws {
        func sentences(days: Double) throws -> [String] {
            let attribution = Attribution(baselineValue: 0, outputValue: 1, contributions: [
                FeatureContribution(key: "rainy_days", group: .rainfall, value: days, contribution: 1),
            ])
            return try self.sentences(.sunny, .probability(0.2), attribution)
        }
        // CLDR: French "one" is 0 ≤ n < 2, English "one" is exactly 1.
        #expect(try sentences(days: 0) == ["Soleil peu probable (20 %) car : 0 jour de pluie", "Sun unlikely (20%) because: 0 rainy days"])
        #expect(try sentences(days: 1) == ["Soleil peu probable (20 %) car : 1 jour de pluie", "Sun unlikely (20%) because: 1 rainy day"])
        #expect(try sentences(days: 3) == ["Soleil peu probable (20 %) car : 3 jours de pluie", "Sun unlikely (20%) because: 3 rainy days"])
    }

    @Test func missingValuesFallBackToTheGroupsMissingPhrase() throws {
        let attribution = Attribution(baselineValue: 5.5, outputValue: 4.9, contributions: [
            FeatureContribution(key: "wind_speed", group: .wind, value: nil, contribution: -0.35),
            FeatureContribution(key: "cloud_cover", group: .cloud, value: nil, contribution: -0.25),
        ])
        #expect(try sentences(.warmth, .level(.medium), attribution) == [
            "Journée douce demain car : vent non relevé + nuages non relevés",
            "Mild day tomorrow because: wind not recorded + clouds not recorded",
        ])
    }

    @Test func longSentencesDropFactorsAndNeverCutWords() throws {
        let attribution = Attribution(baselineValue: 0, outputValue: 1.1, contributions: [
            FeatureContribution(key: "season", group: .season, contribution: 0.45),
            FeatureContribution(key: "sunshine_hours", group: .sunshine, contribution: 0.3),
            FeatureContribution(key: "frost_nights", group: .frost, contribution: 0.25),
        ])
        let title = String(repeating: "balade ", count: 8) + "au parc"
        let reasoning = try generator.reasoning(for: .outing, value: .title(title), attribution: attribution, language: .fr)
        #expect(reasoning.text == "Nous proposons « \(title) » car : saison + ensoleillement")
        #expect(reasoning.factors.map(\.key) == ["season", "sunshine_hours"])
        let huge = String(repeating: "très ", count: 40) + "long"
        let shortened = try generator.reasoning(for: .outing, value: .title(huge), attribution: attribution, language: .en)
        #expect(shortened.text.count <= 120 && shortened.text.hasSuffix("très…") && shortened.factors.isEmpty)
    }

    /// The facts a predictor states: headline, then the facts in order; those that do not fit are
    /// left out from the last; only facts with a contribution are listed as factors.
    @Test func statementsListTheStatedFacts() throws {
        let facts = [StatedFact(key: "rule.readings", text: "readings", arguments: ["count": .number(3), "date": .date(year: 2027, month: 5, day: 2)],
                                contribution: 1.5, group: "station"),
                     StatedFact(key: "rule.mean_rain", text: "mean_rain", arguments: ["amount": .decimal(2.5, digits: 2)]),
                     StatedFact(key: "front", text: "front")]
        let french = try generator.statement(for: .rainStart, value: .date(year: 2027, month: 5, day: 9), uncertainty: .days(2),
                                             facts: facts, language: .fr)
        #expect(french.text == "Pluie prévue le 9 mai (±2 j) : 3 relevés depuis le 2 mai, pluie moyenne 2,50 mm, front froid en approche")
        #expect(french.factors.map(\.key) == ["rule.readings"] && french.factors[0].contribution == 1.5)
        #expect(french.headline == "Pluie prévue le 9 mai" && french.confidence == "±2 j")
        let english = try generator.statement(for: .rainStart, value: .date(year: 2027, month: 5, day: 9), facts: Array(facts.prefix(1)),
                                              language: .en)
        #expect(english.text == "Rain expected May 9: 3 readings since May 2")
        let short = try weatherGenerator(.init(maximumLength: 50))
        #expect(try short.statement(for: .rainStart, value: .date(year: 2027, month: 5, day: 9), facts: facts, language: .fr).text
                == "Pluie prévue le 9 mai : 3 relevés depuis le 2 mai")
    }

    @Test func textsNameWhatIsMissing() throws {
        #expect(try generator.text("readings", ["count": .number(1), "date": .date(year: 2027, month: 1, day: 1)], language: .en)
                == "1 reading since January 1")
        #expect(throws: ExplanationError.missingText(key: "nothing")) { try generator.text("nothing", language: .fr) }
        #expect(throws: ExplanationError.missingArgument(text: "readings", placeholder: "{count}")) {
            try generator.text("readings", ["date": .date(year: 2027, month: 1, day: 1)], language: .fr)
        }
        #expect(throws: ExplanationError.missingArgument(text: "mean_rain", placeholder: "{amount}")) {
            try generator.text("mean_rain", language: .en)
        }
    }

    /// A text inside a text, each with its own arguments, in the sentence's language.
    @Test func phrasesNest() throws {
        let reading: PhraseArgument = .phrase("readings", ["count": .number(2), "date": .date(year: 2027, month: 6, day: 1)])
        let facts = [StatedFact(key: "nested", text: "nested", arguments: ["inner": reading])]
        let nested = try PhraseBook(data: Data(#"{"texts": {"nested": {"fr": "d'après {inner}", "en": "from {inner}"}}}"#.utf8), file: "nested.json")
        let generator = try ReasoningGenerator(phraseBooks: [PhraseBook(data: Data(weatherPhrases.utf8), file: "weather.json"), nested])
        #expect(try generator.statement(for: .rainStart, value: .date(year: 2027, month: 6, day: 9), facts: facts, language: .fr).text
                == "Pluie prévue le 9 juin : d'après 2 relevés depuis le 1er juin")
        #expect(try generator.text("nested", ["inner": reading], language: .en) == "from 2 readings since June 1")
        #expect(throws: ExplanationError.missingText(key: "nowhere")) {
            try generator.text("nested", ["inner": .phrase("nowhere", [:])], language: .en)
        }
    }

    @Test func unknownKindGivesAOneLineError() throws {
        let attribution = Attribution(baselineValue: 0, outputValue: 1, contributions: [])
        #expect(throws: ExplanationError.missingPredictionTemplate(language: "fr", key: "snow")) {
            try generator.reasoning(for: PredictionKind("snow"), attribution: attribution, language: .fr)
        }
        #expect(ExplanationError.missingPredictionTemplate(language: "fr", key: "snow").description
                == #"no phrase book has "snow" under "predictions" (fr)"#)
    }

    @Test func structuredFormRoundTrips() throws {
        let attribution = Attribution(baselineValue: 29, outputValue: 31, contributions: [
            FeatureContribution(key: "station_day", group: .station, value: 12, contribution: 2),
        ])
        let reasoning = try generator.reasoning(for: .rainStart, value: .date(year: 2027, month: 3, day: 14),
                                                uncertainty: .days(2), attribution: attribution, language: .en)
        let json = try reasoning.jsonString()
        #expect(json == #"{"confidence":"±2 d","factors":[{"contribution":2,"group":"station","key":"station_day","phrase":"recording day 12"}],"headline":"Rain expected March 14","kind":"rain_start","language":"en","text":"Rain expected March 14 (±2 d) because: recording day 12"}"#)
        #expect(try JSONDecoder().decode(Reasoning.self, from: Data(json.utf8)) == reasoning)
        let regional = json.replacingOccurrences(of: #""language":"en""#, with: #""language":"en-GB""#)
        #expect(try JSONDecoder().decode(Reasoning.self, from: Data(regional.utf8)).language == .en)
        let german = json.replacingOccurrences(of: #""language":"en""#, with: #""language":"de""#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Reasoning.self, from: Data(german.utf8)) }
    }

    @Test func confidencePhrases() {
        #expect(generator.confidencePhrase(for: .days(2.4), language: .fr) == "±2 j")
        #expect(generator.confidencePhrase(for: .days(2.6), language: .en) == "±3 d")
        #expect(generator.confidencePhrase(for: .points(1.25), language: .fr) == "±1,3 point")
        #expect(generator.confidencePhrase(for: .points(2), language: .fr) == "±2 points")
        #expect(generator.confidencePhrase(for: .points(1), language: .en) == "±1 point")
        #expect(generator.confidencePhrase(for: .probability(0.666), language: .en) == "67% confidence")
    }

    @Test func numberAndDateFormatsFollowTheLanguage() throws {
        let french = generator.templates(for: .fr), english = generator.templates(for: .en)
        #expect(french.formatted(29.46) == "29,5" && english.formatted(29.46) == "29.5")
        #expect(french.formatted(-0.25) == "-0,3" && french.formatted(12.0) == "12" && french.formatted(11.96) == "12")
        #expect(french.formatted(0.5, digits: 2, signed: true) == "+0,50" && english.formatted(-2.104, digits: 1) == "-2.1")
        #expect(english.formatted(-0.04, digits: 1) == "0.0" && english.formatted(3, digits: 0) == "3")
        #expect(french.formattedDate(year: 2027, month: 3, day: 1) == "1er mars" && french.formattedDate(year: 2027, month: 8, day: 3) == "3 août")
        #expect(english.formattedDate(year: 2027, month: 12, day: 25) == "December 25")
        #expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(english.formattedOrdinal)
                == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "31st"])
        #expect([1, 2, 9, 31].map(french.formattedOrdinal) == ["1er", "2", "9", "31"])
        #expect(try french.formatted(.ordinal(1)) == "1er" && english.formatted(.ordinal(9)) == "9th")
    }

    @Test func badConfigurationsAreRejected() {
        #expect(throws: ExplanationError.invalidParameter(name: "maximumLength", expected: "≥ 20", found: "10")) {
            try weatherGenerator(.init(maximumLength: 10))
        }
    }
}
