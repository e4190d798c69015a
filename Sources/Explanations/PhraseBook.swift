import Foundation

/// One domain's words, in every language, read from one JSON file that the domain ships and
/// registers with a `ReasoningGenerator` (the cycle predictors' `Cycles/Phrases/phrases.json`,
/// Elaro's `Elaro/Phrases/phrases.json`). The generic engine knows no domain word.
///
/// The file has up to three sections, each a map from a key to its forms by language code
/// (every `Language` must be there: adding a phrase is one entry in one file):
/// - `predictions`: headlines by prediction kind and variant (`"period_start"`,
///   `"energy_tomorrow.high"`, `"recommendation.titled"`), with `{date}`, `{percent}`,
///   `{value}`, `{title}`;
/// - `factors`: phrases of attributed features, looked up as `<key>.<direction>`,
///   `<key>.<up|down>`, `<key>`, then the same with the feature's group
///   (`ReasoningTemplates.phrase(for:)`), with `{value}`;
/// - `texts`: phrases with named placeholders (`{length}`, `{date}`): the facts predictors state
///   (`StatedFact`), report labels, whole lines.
///
/// A form is a string or a plural object `{"one": …, "other": …}`, optionally with `"count"`:
/// the argument whose number chooses the form (default `value`), e.g.
/// `"days_since_flow": {"fr": {"one": "{value} jour depuis le dernier saignement", "other": …}, "en": …}`.
package struct PhraseBook: Sendable, Equatable {
    /// A section of a phrase file.
    package enum Section: String, CaseIterable, Sendable {
        /// Headlines by prediction kind.
        case predictions
        /// Phrases of attributed features and groups.
        case factors
        /// Phrases with named placeholders.
        case texts
    }

    /// The file name, for errors.
    package let file: String
    let _entries: [Section: [String: [Language: _PluralText]]]

    /// The phrases of a JSON file.
    package init(contentsOf url: URL) throws {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ExplanationError.invalidTemplateFile(file: url.path, reason: "cannot be read (\(error.localizedDescription))")
        }
        try self.init(data: data, file: url.lastPathComponent)
    }

    /// The phrases decoded from JSON `data`; `file` names the source in errors.
    package init(data: Data, file: String) throws {
        let decoded: [String: [String: [String: _PluralText]]]
        do { decoded = try JSONDecoder().decode([String: [String: [String: _PluralText]]].self, from: data) } catch let error as DecodingError {
            throw ExplanationError.invalidTemplateFile(file: file, reason: _describe(error))
        }
        var entries: [Section: [String: [Language: _PluralText]]] = [:]
        for (name, keyed) in decoded {
            guard let section = Section(rawValue: name) else {
                throw ExplanationError.invalidTemplateFile(
                    file: file, reason: "unknown section \"\(name)\"; expected \(Section.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            var sectionEntries: [String: [Language: _PluralText]] = [:]
            for (key, forms) in keyed {
                var byLanguage: [Language: _PluralText] = [:]
                for (code, text) in forms {
                    guard let language = Language(rawValue: code) else {
                        throw ExplanationError.invalidTemplateFile(
                            file: file, reason: "\(name).\"\(key)\": unknown language \"\(code)\"; expected \(Language.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    byLanguage[language] = text
                }
                for language in Language.allCases where byLanguage[language] == nil {
                    throw ExplanationError.invalidTemplateFile(file: file, reason: "\(name).\"\(key)\": no \"\(language)\" form")
                }
                sectionEntries[key] = byLanguage
            }
            entries[section] = sectionEntries
        }
        self.file = file
        _entries = entries
    }

    /// The keys of `section`, sorted.
    package func keys(in section: Section) -> [String] { (_entries[section] ?? [:]).keys.sorted() }
}
