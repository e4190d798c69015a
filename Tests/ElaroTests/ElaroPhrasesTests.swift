import Explanations
import Testing
@testable import Elaro

/// Elaro's phrase book through the generic engine: the reasons' phrases, the headlines, and every
/// text Elaro asks for exists in both languages.
struct ElaroPhrasesTests {
    let generator = try! ElaroPhrases.generator()

    func contribution(_ reason: Reason, _ value: Double?, _ contribution: Double) -> FeatureContribution {
        FeatureContribution(key: reason.rawValue, group: reason.explanationGroup, value: value, contribution: contribution)
    }

    @Test func reasonsArePhrasedInBothLanguages() throws {
        let attribution = Attribution(baselineValue: 0, outputValue: 1.1, contributions: [
            contribution(.focusMatch, nil, 0.45), contribution(.successProbability, 0.8, 0.3),
            contribution(.timeOfDayFit, nil, 0.25), contribution(.frictionRisk, 0.6, -0.2),
            contribution(.streakMomentum, 4, 0.2), contribution(.noveltyBoost, nil, 0.1),
        ])
        let sentences = try [Language.fr, .en].map {
            try generator.reasoning(for: .recommendation, value: .title("Câlin du matin"), attribution: attribution, language: $0).text
        }
        #expect(sentences == [
            "Nous proposons « Câlin du matin » car : votre objectif du moment + bon taux de réussite",
            "We suggest \"Câlin du matin\" because: fits your current focus + high success rate",
        ])
        #expect(try generator.reasoning(for: .recommendation, attribution: attribution, language: .fr).text
                == "Suggestion du jour car : votre objectif du moment + bon taux de réussite")
        let streak = Attribution(baselineValue: 0, outputValue: 1, contributions: [contribution(.streakMomentum, 1, 1)])
        #expect(try generator.reasoning(for: .recommendationColdStart, value: .title("Jeu"), attribution: streak, language: .fr).text
                == "Pour commencer : « Jeu » car : série de 1 jour")
    }

    @Test func longSentencesDropFactorsAndNeverCutWords() throws {
        let attribution = Attribution(baselineValue: 0, outputValue: 1.1, contributions: [
            contribution(.focusMatch, nil, 0.45), contribution(.bandwidthFit, nil, 0.3), contribution(.timeOfDayFit, nil, 0.25),
        ])
        let title = "Préparer ensemble le sac de l'école la veille au soir"
        let reasoning = try generator.reasoning(for: .recommendation, value: .title(title), attribution: attribution, language: .fr)
        #expect(reasoning.text == "Nous proposons « \(title) » car : votre objectif du moment")
        #expect(reasoning.factors.count == 1)
        let huge = String(repeating: "très ", count: 40) + "long"
        let shortened = try generator.reasoning(for: .recommendation, value: .title(huge), attribution: attribution, language: .en)
        #expect(shortened.text.count <= 120)
        #expect(shortened.text.hasSuffix("très…"))
        #expect(shortened.factors.isEmpty)
    }

    /// Every reason and every text Elaro asks for has its words (`ElaroPhrases.text` would otherwise show the key).
    @Test func everyKeyElaroUsesExists() throws {
        for language in Language.allCases {
            for reason in Reason.allCases {
                let phrased = FeatureContribution(key: reason.rawValue, group: reason.explanationGroup, value: 2, contribution: 1)
                #expect(generator.templates(for: language).phrase(for: phrased) != nil, "\(reason) \(language)")
            }
            for focus in FocusArea.allCases {
                #expect(try generator.text("focus.\(focus.rawValue)", language: language) == focus.name(in: language))
            }
            for key in ["weekly.few_offers", "weekly.scale_down", "weekly.scale_up", "weekly.keep"] {
                _ = try generator.text(key, ["offered": .number(2), "percent": .number(40)], language: language)
            }
            _ = try generator.text("empty.no_action", ["age": .number(4), "situations": .text("")], language: language)
            _ = try generator.text("empty.no_coping_action", ["age": .number(4), "situations": .text("")], language: language)
            _ = try generator.text("empty.situations", ["situations": .text("child-sick")], language: language)
        }
    }
}
