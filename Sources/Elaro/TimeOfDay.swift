/// A part of the day when an action happens.
public enum TimeOfDay: String, Sendable, Codable, CaseIterable, Hashable {
    case morning, afternoon, evening

    /// Position in `allCases`.
    public var index: Int { TimeOfDay.allCases.firstIndex(of: self)! }
}

/// When an action works best: one part of the day, or any.
public enum PreferredTimeOfDay: String, Sendable, Codable, Hashable {
    case morning, afternoon, evening, any

    /// The matching part of the day, `nil` for `any`.
    public var timeOfDay: TimeOfDay? { TimeOfDay(rawValue: rawValue) }
}
