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
    package static func book() throws -> PhraseBook {
        guard let url = ModuleResources.url(forResource: "phrases", withExtension: "json", subdirectory: "Phrases",
                                                bundleName: "OnDeviceML_Cycles", fallback: { .module }) else {
            throw ExplanationError.invalidTemplateFile(file: "Cycles/Phrases/phrases.json", reason: "missing from the Cycles bundle")
        }
        return try PhraseBook(contentsOf: url)
    }

    /// A generator that speaks the cycle predictors' words.
    package static func generator(configuration: ReasoningGenerator.Configuration = .init()) throws -> ReasoningGenerator {
        try ReasoningGenerator(configuration: configuration, phraseBooks: [book()])
    }

    /// The generator with the default configuration, read once per process: every predictor's
    /// sentences and the CLI's labels go through it.
    public static var shared: ReasoningGenerator {
        get throws { try _shared.get() }
    }

    private static let _shared = Result { try generator() }

    /// The period headline with the facts a predictor states ("Règles prévues le 14 mars : cycle
    /// moyen 31 j sur les 3 derniers cycles"), with its confidence when `uncertaintyDays` is given,
    /// or its `interval` ("Règles prévues le 14 mai (entre le 12 et le 16 mai, 80 %) : …").
    package static func periodStatement(_ next: CalendarDay, facts: [StatedFact], unstatedFacts: [StatedFact] = [],
                                        uncertaintyDays: Double? = nil, interval: ForecastInterval? = nil,
                                        language: Language) throws -> Reasoning {
        let (year, month, day) = next.components
        let uncertainty = interval.map { Uncertainty.interval(from: $0.first.predictedValue, through: $0.last.predictedValue,
                                                              probability: $0.level) }
            ?? uncertaintyDays.map { .days($0) }
        return try (interval == nil ? shared : sharedWithIntervals).statement(
            for: .periodStart, value: .date(year: year, month: month, day: day), uncertainty: uncertainty, facts: facts,
            unstatedFacts: unstatedFacts, language: language)
    }

    /// The next start's central intervals as one line ("Intervalles des prochaines règles : entre
    /// le 13 et le 15 mai, 50 % ; …"), `nil` without intervals.
    package static func intervalsLine(_ intervals: [ForecastInterval], language: Language) throws -> String? {
        guard !intervals.isEmpty else { return nil }
        let generator = try shared
        let phrases = intervals.map {
            generator.confidencePhrase(for: .interval(from: $0.first.predictedValue, through: $0.last.predictedValue,
                                                      probability: $0.level), language: language)
        }
        return try generator.text("history.intervals", ["intervals": .text(phrases.joined(separator: language == .fr ? " ; " : "; "))],
                                  language: language)
    }

    /// The generator of the sentences that state an interval: they may run to 150 characters.
    private static var sharedWithIntervals: ReasoningGenerator {
        get throws { try _sharedWithIntervals.get() }
    }

    private static let _sharedWithIntervals = Result { try generator(configuration: .init(maximumLength: 150)) }
}
