import Cycles

/// One row of `insights`: a sentence shown to the user, why it was shown, and her verdict.
public struct InsightRecord: Sendable, Equatable {
    /// Row id; `nil` before the row is stored.
    public var id: Int64?
    /// The user.
    public var userID: String
    /// The day the insight is about.
    public var date: CalendarDay
    /// Its kind.
    public var kind: InsightKind
    /// Short title.
    public var title: String
    /// The sentence shown.
    public var body: String
    /// Confidence in 0…1.
    public var confidence: Double
    /// Why it was shown (the reasoning string).
    public var reasoning: String
    /// What produced it, e.g. `"rule_based"` or `"ml_model_v1"`.
    public var source: String
    /// Her verdict, once given.
    public var userFeedback: InsightFeedback?
    /// The day it was created.
    public var createdAt: CalendarDay

    public init(id: Int64? = nil, userID: String, date: CalendarDay, kind: InsightKind, title: String, body: String,
                confidence: Double, reasoning: String, source: String, userFeedback: InsightFeedback? = nil,
                createdAt: CalendarDay) {
        self.id = id
        self.userID = userID
        self.date = date
        self.kind = kind
        self.title = title
        self.body = body
        self.confidence = confidence
        self.reasoning = reasoning
        self.source = source
        self.userFeedback = userFeedback
        self.createdAt = createdAt
    }
}
