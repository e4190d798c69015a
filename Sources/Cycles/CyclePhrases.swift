import Explanations
import Foundation

/// The cycle domain's words — headlines, feature and group phrases, the facts the rules and the
/// calendar state, report labels — in `Cycles/Phrases/phrases.json`, registered with the generic
/// `ReasoningGenerator`. Adding a phrase is one entry in that file (both languages side by side):
/// a feature's phrase key (`CycleFeature.Phrase.key`) under `factors`, a stated fact
/// (`StatedFact+Cycles.swift`) or a label under `texts`.
public enum CyclePhrases {
    /// The cycle phrase book shipped in the module.
    /// - Throws: `ExplanationError.invalidTemplateFile` when it is missing or malformed.
    public static func book() throws -> PhraseBook {
        guard let url = Bundle.module.url(forResource: "phrases", withExtension: "json", subdirectory: "Phrases") else {
            throw ExplanationError.invalidTemplateFile(file: "Cycles/Phrases/phrases.json", reason: "missing from the Cycles bundle")
        }
        return try PhraseBook(contentsOf: url)
    }

    /// A generator that speaks the cycle predictors' words.
    public static func generator(configuration: ReasoningGenerator.Configuration = .init()) throws -> ReasoningGenerator {
        try ReasoningGenerator(configuration: configuration, phraseBooks: [book()])
    }

    /// The generator with the default configuration, read once per process: every predictor's
    /// sentences and the CLI's labels go through it.
    public static var shared: ReasoningGenerator {
        get throws { try _shared.get() }
    }

    private static let _shared = Result { try generator() }

    /// The period headline with the facts a predictor states ("Règles prévues le 14 mars : cycle
    /// moyen 31 j sur les 3 derniers cycles"), with its confidence when `uncertaintyDays` is given.
    package static func periodStatement(_ next: CalendarDay, facts: [StatedFact], unstatedFacts: [StatedFact] = [],
                                        uncertaintyDays: Double? = nil, language: Language) throws -> Reasoning {
        let (year, month, day) = next.components
        return try shared.statement(for: .periodStart, value: .date(year: year, month: month, day: day),
                                    uncertainty: uncertaintyDays.map { .days($0) }, facts: facts,
                                    unstatedFacts: unstatedFacts, language: language)
    }
}
