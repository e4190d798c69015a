import Cycles

/// One row of the app's `insights` table: a forecast shown to her, why, and her verdict.
public struct InsightRecord: Sendable, Equatable {
    /// TEXT UUID (name-based for the rows the loop writes).
    public var id: String
    /// The day the insight is about.
    public var date: CalendarDay
    /// Its kind (`insights.type`).
    public var kind: InsightKind
    /// Short title (the forecast's headline), if any.
    public var title: String?
    /// Text shown under the title, if any.
    public var body: String?
    /// Confidence in 0…1, if given.
    public var confidence: Double?
    /// Why it was shown: the sentence, in her language.
    public var reasoning: String?
    /// What produced it: the model kind (`cycle-gbt`, `cycle-rules`, …) for the loop's rows.
    public var source: String?
    /// Her verdict, once given.
    public var userFeedback: InsightFeedback?
    /// When it was written (Unix seconds), if known.
    public var createdAt: Int64?

    /// Creates one with every field.
    public init(id: String, date: CalendarDay, kind: InsightKind, title: String? = nil, body: String? = nil,
                confidence: Double? = nil, reasoning: String? = nil, source: String? = nil,
                userFeedback: InsightFeedback? = nil, createdAt: Int64? = nil) {
        self.id = id
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
