/// Errors of the Explanations module; `description` is one line a person can act on.
public enum ExplanationError: Error, Equatable, CustomStringConvertible {
    /// Two inputs that must have the same length do not.
    case lengthMismatch(what: String, expected: Int, found: Int)
    /// A parameter is outside its allowed range.
    case invalidParameter(name: String, expected: String, found: String)
    /// No template file ships for the requested language.
    case unsupportedLanguage(String, available: [String])
    /// A template file could not be read or decoded.
    case invalidTemplateFile(file: String, reason: String)
    /// The templates have no sentence for a prediction kind (or its variant).
    case missingPredictionTemplate(language: String, key: String)

    public var description: String {
        switch self {
        case let .lengthMismatch(what, expected, found):
            return "\(what): expected \(expected) values, found \(found)"
        case let .invalidParameter(name, expected, found):
            return "\(name): expected \(expected), found \(found)"
        case let .unsupportedLanguage(language, available):
            return "language \"\(language)\" has no templates; use one of: \(available.joined(separator: ", "))"
        case let .invalidTemplateFile(file, reason):
            return "\(file): \(reason)"
        case let .missingPredictionTemplate(language, key):
            return "Templates/\(language).json: no entry \"\(key)\" under \"predictions\""
        }
    }
}
