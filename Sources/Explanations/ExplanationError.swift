/// Errors of the Explanations module; `description` is one line a person can act on.
package enum ExplanationError: Error, Equatable, CustomStringConvertible {
    /// Two inputs that must have the same length do not.
    case lengthMismatch(what: String, expected: Int, found: Int)
    /// A parameter is outside its allowed range.
    case invalidParameter(name: String, expected: String, found: String)
    /// A language tag that is not one of `Language`'s (see `Language.init(identifier:)`).
    case unsupportedLanguage(String, available: [String])
    /// A template or phrase file could not be read or decoded.
    case invalidTemplateFile(file: String, reason: String)
    /// Two phrase books define the same entry (each phrase has one home).
    case duplicatePhrase(section: String, key: String, files: [String])
    /// No phrase book has a headline for a prediction kind (or its variant).
    case missingPredictionTemplate(language: String, key: String)
    /// No phrase book has a text of that key.
    case missingText(key: String)
    /// A text names a placeholder the caller gave no argument for.
    case missingArgument(text: String, placeholder: String)

    package var description: String {
        switch self {
        case let .lengthMismatch(what, expected, found):
            return "\(what): expected \(expected) values, found \(found)"
        case let .invalidParameter(name, expected, found):
            return "\(name): expected \(expected), found \(found)"
        case let .unsupportedLanguage(language, available):
            return "language \"\(language)\": expected one of \(available.joined(separator: ", ")), alone or with a region (fr-FR, en-US)"
        case let .invalidTemplateFile(file, reason):
            return "\(file): \(reason)"
        case let .duplicatePhrase(section, key, files):
            return "\"\(key)\" under \"\(section)\" is defined in \(files.joined(separator: " and ")): keep one"
        case let .missingPredictionTemplate(language, key):
            return "no phrase book has \"\(key)\" under \"predictions\" (\(language))"
        case let .missingText(key):
            return "no phrase book has \"\(key)\" under \"texts\""
        case let .missingArgument(text, placeholder):
            return "text \"\(text)\": no argument for \(placeholder)"
        }
    }
}
