import Cycles

/// Everything the app writes for one user at the end of one day: that day's predictions and
/// insights. `FeedbackStore.write(_:)` stores a batch in one transaction: all of it or none.
public struct DayBatch: Sendable, Equatable {
    /// The user.
    public var userID: String
    /// The day.
    public var day: CalendarDay
    /// Predictions made on `day` (their `userID` and `createdAt` are set to the batch's).
    public var predictions: [PredictionRecord]
    /// Insights created on `day`.
    public var insights: [InsightRecord]

    public init(userID: String, day: CalendarDay, predictions: [PredictionRecord] = [], insights: [InsightRecord] = []) {
        self.userID = userID
        self.day = day
        self.predictions = predictions
        self.insights = insights
    }
}
