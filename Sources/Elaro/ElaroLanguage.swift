/// The languages Elaro's content and explanations are written in.
public enum ElaroLanguage: String, Sendable, Codable, CaseIterable {
    case en, fr
}

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
    public func text(in language: ElaroLanguage) -> String { language == .en ? en : fr }
}
