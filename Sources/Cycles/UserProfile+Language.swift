import Foundation

extension UserProfile {
    /// The languages the reasoning sentences exist in.
    public static let supportedLanguages = ["fr", "en"]

    /// Her language for the sentences: `preferences.language` when it is a supported language
    /// (`"fr"`, `"en"`, or a regional form such as `"en-GB"`), else French (ShifAI is French-first).
    public var preferredLanguage: String {
        guard let object = try? JSONSerialization.jsonObject(with: Data(preferencesJSON.utf8)) as? [String: Any],
              let text = object["language"] as? String else { return "fr" }
        let code = String(text.lowercased().prefix { $0.isLetter })
        return UserProfile.supportedLanguages.contains(code) ? code : "fr"
    }
}
