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

    /// Display name in `language`.
    public func name(in language: ElaroLanguage) -> String {
        switch (self, language) {
        case (.connection, .en): return "connection"
        case (.connection, .fr): return "lien"
        case (.routines, .en): return "routines"
        case (.routines, .fr): return "routines"
        case (.emotions, .en): return "emotions"
        case (.emotions, .fr): return "émotions"
        case (.play, .en): return "play"
        case (.play, .fr): return "jeu"
        case (.autonomy, .en): return "autonomy"
        case (.autonomy, .fr): return "autonomie"
        case (.selfCare, .en): return "self-care"
        case (.selfCare, .fr): return "prendre soin de soi"
        }
    }
}
