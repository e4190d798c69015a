import Explanations
import Foundation

/// Elaro's words — recommendation headlines, the reasons' phrases, the weekly rationales, the
/// empty-day lines and the focus areas' names — in `Elaro/Phrases/phrases.json` (both languages
/// side by side), registered with the generic `ReasoningGenerator`.
package enum ElaroPhrases {
    /// The Elaro phrase book shipped in the module.
    /// - Throws: `ExplanationError.invalidTemplateFile` when it is missing or malformed.
    package static func book() throws -> PhraseBook {
        guard let url = ModuleResources.url(forResource: "phrases", withExtension: "json", subdirectory: "Phrases",
                                                bundleName: "OnDeviceML_Elaro", fallback: { .module }) else {
            throw ExplanationError.invalidTemplateFile(file: "Elaro/Phrases/phrases.json", reason: "missing from the Elaro bundle")
        }
        return try PhraseBook(contentsOf: url)
    }

    /// A generator that speaks Elaro's words; the summaries name at most two reasons.
    package static func generator(configuration: ReasoningGenerator.Configuration = .init(maximumFactors: 2)) throws -> ReasoningGenerator {
        try ReasoningGenerator(configuration: configuration, phraseBooks: [book()])
    }

    /// The generator, read once per process (`nil` only when the shipped phrase book is broken,
    /// which `ElaroPhrasesTests` rules out).
    static let shared: ReasoningGenerator? = try? generator()

    /// The `texts` entry `key` in `language` (the key itself should the shipped book lack it,
    /// which `ElaroPhrasesTests` rules out for every key Elaro uses).
    static func text(_ key: String, _ arguments: [String: PhraseArgument] = [:], language: Language) -> String {
        (try? shared?.text(key, arguments, language: language)) ?? key
    }
}
