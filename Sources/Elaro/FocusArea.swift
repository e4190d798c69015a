/// The six focus areas of the Elaro content library.
public enum FocusArea: String, Sendable, Codable, CaseIterable, Hashable {
    case connection, routines, emotions, play, autonomy
    case selfCare = "self-care"

    /// Position in `allCases` (the one-hot feature slot).
    public var index: Int { FocusArea.allCases.firstIndex(of: self)! }

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
