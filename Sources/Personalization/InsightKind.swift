/// The kind of a stored insight (`insights.type`).
public enum InsightKind: String, CaseIterable, Sendable, Codable {
    case quickWin = "quick_win"
    case pattern
    case prediction
    case recommendation
}

/// The user's verdict on an insight (`insights.user_feedback`); absent until she gives one.
public enum InsightFeedback: String, CaseIterable, Sendable, Codable {
    case accurate
    case inaccurate
}
