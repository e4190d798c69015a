#if SQLite
import Cycles

/// Everything the loop writes at the end of one day: that day's predictions and its insight.
/// `AppDatabase.write(_:)` stores a batch in one transaction: all of it or none.
public struct DayBatch: Sendable, Equatable {
    /// The as-of day.
    public var day: CalendarDay
    /// Predictions made on `day`.
    public var predictions: [PredictionRecord]
    /// Insights created on `day`.
    public var insights: [InsightRecord]

    /// Creates one with every field.
    public init(day: CalendarDay, predictions: [PredictionRecord] = [], insights: [InsightRecord] = []) {
        self.day = day
        self.predictions = predictions
        self.insights = insights
    }
}
#endif
