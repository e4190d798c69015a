import Foundation

/// A language the sentences are written in: French (ShifAI's first language) or English.
///
/// One parsing rule for every entry point (an app's preferences, the CLI's `--lang`, JSON):
/// the primary subtag of a BCP 47 tag, case-insensitive, with `-` or `_` before any region or
/// script (`"fr"`, `"fr-FR"`, `"fr_CA"`, `"en"`, `"EN-us"`, `"en-GB"`). Anything else is
/// `ExplanationError.unsupportedLanguage`, never a silent fallback to another language.
public enum Language: String, CaseIterable, Sendable, Codable, CustomStringConvertible {
    /// French.
    case fr
    /// English.
    case en

    /// The language of a BCP 47 tag (see the type's documentation).
    /// - Throws: `ExplanationError.unsupportedLanguage` for a tag of another language or a malformed one.
    public init(identifier: String) throws {
        let trimmed = identifier.trimmingCharacters(in: .whitespaces)
        let primary = trimmed.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)[0]
            .split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let rest = trimmed.dropFirst(primary.count)
        guard let language = Language(rawValue: primary.lowercased()),
              rest.isEmpty || (rest.count > 1 && rest.dropFirst().allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else {
            throw ExplanationError.unsupportedLanguage(identifier, available: Language.allCases.map(\.rawValue))
        }
        self = language
    }

    /// Decodes a tag with the parsing rule of `init(identifier:)` (`"fr-FR"` reads as French).
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do { try self.init(identifier: text) } catch let error as ExplanationError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Whether `count` takes the singular under this language's plural rule (CLDR: French "one"
    /// is 0 ≤ n < 2, English "one" is exactly 1).
    public func isSingular(_ count: Double) -> Bool {
        switch self {
        case .fr: abs(count) < 2
        case .en: count == 1
        }
    }

    /// The CLDR ordinal category of `number` under this language's rule, naming the form of an
    /// ordinal in the format file's `ordinals` (French: "one" for 1 — "1er" —, else "other";
    /// English: "one" 1st, 21st, "two" 2nd, "few" 3rd, "other" 4th, 11th–13th).
    public func ordinalCategory(_ number: Int) -> String {
        switch self {
        case .fr: return number == 1 ? "one" : "other"
        case .en:
            let units = number % 10, hundreds = number % 100
            if units == 1 && hundreds != 11 { return "one" }
            if units == 2 && hundreds != 12 { return "two" }
            if units == 3 && hundreds != 13 { return "few" }
            return "other"
        }
    }

    /// The language code (`"fr"`, `"en"`).
    public var description: String { rawValue }
}
