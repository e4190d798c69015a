import Explanations
/// The six focus areas of the Elaro content library.
public enum FocusArea: String, Sendable, Codable, CaseIterable, Hashable {
    case connection, routines, emotions, play, autonomy
    case selfCare = "self-care"

    /// Position in `allCases` (the one-hot feature slot).
    public var index: Int {
        switch self {
        case .connection: return 0
        case .routines: return 1
        case .emotions: return 2
        case .play: return 3
        case .autonomy: return 4
        case .selfCare: return 5
        }
    }

    /// Display name in `language` (`focus.<name>` in Elaro's phrase book).
    public func name(in language: Language) -> String {
        ElaroPhrases.text("focus.\(rawValue)", language: language)
    }
}
