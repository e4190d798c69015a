import Foundation

/// The JSON layout of a language's format file, `Templates/<language>.json` (see `ReasoningTemplates`).
struct _LanguageFormat: Decodable, Sendable, Equatable {
    struct UncertaintyPhrases: Decodable, Sendable, Equatable {
        var days: _PluralText
        var points: _PluralText
        var probability: _PluralText
        /// A date interval: `sameMonth` when both dates fall in one month (`{firstDay}`, `{last}`,
        /// `{first}`, `{lastDay}`, `{n}`), else `other` (`{first}`, `{last}`, `{n}`).
        var interval: IntervalPhrases
    }

    struct IntervalPhrases: Decodable, Sendable, Equatable {
        var sameMonth: String
        var other: String
    }

    var language: Language
    var sentence: String
    var fallback: String
    var separator: String
    var statement: String
    var statementSeparator: String
    var confidence: String
    var decimalSeparator: String
    var date: String
    var firstDayOfMonth: String?
    var months: [String]
    /// Ordinal forms by CLDR ordinal category (`Language.ordinalCategory`), with `{n}`; `other` is required.
    var ordinals: [String: String]
    var uncertainty: UncertaintyPhrases

    /// The format shipped for `language`.
    static func bundled(_ language: Language) throws -> _LanguageFormat {
        guard let url = bundledURL(language) else {
            throw ExplanationError.invalidTemplateFile(file: "Templates/\(language).json", reason: "missing from the Explanations bundle")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ExplanationError.invalidTemplateFile(file: url.path, reason: "cannot be read (\(error.localizedDescription))")
        }
        let format = try _LanguageFormat(data: data, file: url.lastPathComponent)
        guard format.language == language else {
            throw ExplanationError.invalidTemplateFile(file: url.lastPathComponent, reason: "field \"language\": expected \"\(language)\", found \"\(format.language)\"")
        }
        return format
    }

    static func bundledURL(_ language: Language) -> URL? {
        ModuleResources.url(forResource: language.rawValue, withExtension: "json", subdirectory: "Templates",
                            bundleName: "OnDeviceML_Explanations", fallback: { .module })
    }

    /// A format decoded from JSON `data`, its placeholders checked; `file` names the source in errors.
    init(data: Data, file: String) throws {
        do { self = try JSONDecoder().decode(_LanguageFormat.self, from: data) } catch let error as DecodingError {
            throw ExplanationError.invalidTemplateFile(file: file, reason: _describe(error))
        }
        guard months.count == 12 else {
            throw ExplanationError.invalidTemplateFile(file: file, reason: "field \"months\": expected 12 names, found \(months.count)")
        }
        guard ordinals["other"] != nil else {
            throw ExplanationError.invalidTemplateFile(file: file, reason: "field \"ordinals\": expected an \"other\" form")
        }
        for (field, text, placeholders) in [("sentence", sentence, ["{prediction}", "{factors}"]),
                                            ("fallback", fallback, ["{prediction}"]),
                                            ("statement", statement, ["{prediction}", "{facts}"]),
                                            ("confidence", confidence, ["{prediction}", "{confidence}"])] {
            for placeholder in placeholders where !text.contains(placeholder) {
                throw ExplanationError.invalidTemplateFile(file: file, reason: "field \"\(field)\": expected the placeholder \(placeholder), found \"\(text)\"")
            }
        }
    }
}
