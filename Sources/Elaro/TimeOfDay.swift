/// A part of the day when an action happens.
public enum TimeOfDay: String, Sendable, Codable, CaseIterable, Hashable {
    case morning, afternoon, evening

    /// Position in `allCases`.
    public var index: Int {
        switch self {
        case .morning: return 0
        case .afternoon: return 1
        case .evening: return 2
        }
    }
}

/// When an action works best: one part of the day, or any.
public enum PreferredTimeOfDay: String, Sendable, Codable, Hashable {
    case morning, afternoon, evening, any

    /// The matching part of the day, `nil` for `any`.
    public var timeOfDay: TimeOfDay? {
        switch self {
        case .morning: return .morning
        case .afternoon: return .afternoon
        case .evening: return .evening
        case .any: return nil
        }
    }
}
