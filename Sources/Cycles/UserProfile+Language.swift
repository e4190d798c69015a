import Explanations
import Foundation

extension UserProfile {
    /// Her language for the sentences: `preferences.language` read with the one parsing rule
    /// (`Language(identifier:)`: `"fr"`, `"en-GB"`, …); French when she has none (ShifAI is
    /// French-first).
    /// - Throws: `DatasetError.invalidPreference` when `language` is there but is not a tag of a
    ///   supported language (never a silent switch to French).
    public func preferredLanguage() throws -> Language {
        guard let object = try? JSONSerialization.jsonObject(with: Data(preferencesJSON.utf8)) as? [String: Any],
              let field = object["language"] else { return .fr }
        let expected = "a language tag of \(Language.allCases.map(\.rawValue).joined(separator: " or ")) (e.g. fr, fr-FR, en-US)"
        guard let text = field as? String else {
            throw DatasetError.invalidPreference(user: id, field: "language", value: "\(field)", expected: expected)
        }
        do { return try Language(identifier: text) } catch {
            throw DatasetError.invalidPreference(user: id, field: "language", value: text, expected: expected)
        }
    }
}
