/// What `AppDatabase.reconcile()` filled: rows per prediction type, and how many of them were right.
public struct ReconcileSummary: Sendable, Equatable, Codable {
    /// Rows filled, by `predictions.type`.
    public var filled: [String: Int]
    /// Of those, rows with `accuracy_score` 1, by type.
    public var accurate: [String: Int]
    /// Rows still waiting for their truth, by type (`ovulation` stays open: the app's tables log
    /// no ovulation day).
    public var open: [String: Int]

    /// Creates one with every field.
    public init(filled: [String: Int] = [:], accurate: [String: Int] = [:], open: [String: Int] = [:]) {
        self.filled = filled
        self.accurate = accurate
        self.open = open
    }

    /// Rows filled, all types.
    public var filledCount: Int { filled.values.reduce(0, +) }
}
