import Explanations

/// A text in English and French.
public struct LocalizedText: Sendable, Codable, Equatable, Hashable {
    /// English text.
    public var en: String
    /// French text.
    public var fr: String

    public init(en: String, fr: String) {
        self.en = en
        self.fr = fr
    }

    /// The text in `language`.
    public func text(in language: Language) -> String {
        switch language {
        case .en: en
        case .fr: fr
        }
    }
}
