import Cycles

/// One row of `predictions`: what was predicted for a user on a day, and, once the truth has
/// arrived, what happened and how accurate the prediction was.
public struct PredictionRecord: Sendable, Equatable {
    /// Row id; `nil` before the row is stored.
    public var id: Int64?
    /// The user.
    public var userID: String
    /// What is predicted.
    public var kind: PredictionKind
    /// The predicted date (period start, ovulation) or the day a value is predicted for (energy, mood).
    public var predictedDate: CalendarDay
    /// The predicted 1–10 value (energy, mood); `nil` for date predictions.
    public var predictedValue: Double?
    /// Confidence in 0…1.
    public var confidence: Double
    /// The true date, once known.
    public var actualDate: CalendarDay?
    /// The true value, once logged.
    public var actualValue: Double?
    /// Accuracy in 0…1 once the truth is known (see `PredictionRecord.accuracyScore`).
    public var accuracyScore: Double?
    /// The model that made the prediction, e.g. `"rules"` or `"gbt@1"`.
    public var modelVersion: String
    /// The day the prediction was made (its as-of day); only data up to it was used.
    public var createdAt: CalendarDay

    public init(id: Int64? = nil, userID: String, kind: PredictionKind, predictedDate: CalendarDay,
                predictedValue: Double? = nil, confidence: Double, actualDate: CalendarDay? = nil,
                actualValue: Double? = nil, accuracyScore: Double? = nil, modelVersion: String,
                createdAt: CalendarDay) {
        self.id = id
        self.userID = userID
        self.kind = kind
        self.predictedDate = predictedDate
        self.predictedValue = predictedValue
        self.confidence = confidence
        self.actualDate = actualDate
        self.actualValue = actualValue
        self.accuracyScore = accuracyScore
        self.modelVersion = modelVersion
        self.createdAt = createdAt
    }

    /// Accuracy of a prediction against the truth, in 0…1.
    ///
    /// Dates: `max(0, 1 − |error in days| / 5)` (1 when exact, 0.6 at ±2 days, 0 from 5 days off).
    /// Values on the 1–10 scale: `max(0, 1 − |error| / 9)`.
    public static func accuracyScore(kind: PredictionKind, predictedDate: CalendarDay, predictedValue: Double?,
                                     actualDate: CalendarDay?, actualValue: Double?) -> Double? {
        if kind.isDate {
            guard let actualDate else { return nil }
            return max(0, 1 - Double(abs(predictedDate.distance(to: actualDate))) / 5)
        }
        guard let predictedValue, let actualValue else { return nil }
        return max(0, 1 - abs(predictedValue - actualValue) / 9)
    }

    /// `true` once the truth is known and the score is below `threshold` (default 0.5: more than
    /// two days off for dates, more than 4.5 points off for values).
    public func isInaccurate(threshold: Double = 0.5) -> Bool {
        guard let accuracyScore else { return false }
        return accuracyScore < threshold
    }
}
