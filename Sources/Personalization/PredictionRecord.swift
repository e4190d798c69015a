import Cycles

/// One row of the app's `predictions` table: what was forecast on a day, and, once the truth is
/// logged, what happened and whether the forecast was right.
public struct PredictionRecord: Sendable, Equatable {
    /// TEXT UUID (name-based: the same type, day and model version give the same id).
    public var id: String
    /// What is forecast.
    public var kind: StoredPredictionKind
    /// The forecast date (period start, ovulation), or the day a value is forecast for (energy,
    /// mood: the day after the as-of day).
    public var predictedDate: CalendarDay
    /// The forecast 1–10 value as the app displays it (rounded), for energy and mood.
    public var predictedValue: Int?
    /// Confidence in 0…1 (see `ForecastConfidence`).
    public var confidence: Double
    /// The true date, once logged.
    public var actualDate: CalendarDay?
    /// The logged 1–10 value, for energy and mood.
    public var actualValue: Int?
    /// 1 when the forecast was right, 0 when not, `nil` until reconciled (see `accuracyScore(…)`).
    public var accuracyScore: Double?
    /// The model that made it (`CycleModel.version`).
    public var modelVersion: String
    /// When it was written (Unix seconds).
    public var createdAt: Int64
    /// The as-of day: the day of `createdAt` in the database's time zone; only data logged up to
    /// it was used.
    public var asOf: CalendarDay

    /// Creates one with every field.
    public init(id: String, kind: StoredPredictionKind, predictedDate: CalendarDay, predictedValue: Int? = nil, confidence: Double,
                actualDate: CalendarDay? = nil, actualValue: Int? = nil, accuracyScore: Double? = nil, modelVersion: String,
                createdAt: Int64, asOf: CalendarDay) {
        self.id = id
        self.kind = kind
        self.predictedDate = predictedDate
        self.predictedValue = predictedValue
        self.confidence = confidence
        self.actualDate = actualDate
        self.actualValue = actualValue
        self.accuracyScore = accuracyScore
        self.modelVersion = modelVersion
        self.createdAt = createdAt
        self.asOf = asOf
    }

    /// `accuracy_score` with the project's metric definitions (`AlertPolicy`, `CycleMetric`),
    /// so that the mean over rows is the metric:
    /// - `period_start`, `ovulation`: 1 when the forecast date is within ±2 days
    ///   (`AlertPolicy.toleranceDays`) of the true date, else 0 — the hit rule of alert
    ///   accuracy and of "accuracy ±2 d"; the alert of a cycle is its first forecast made at most
    ///   3 days ahead (`AlertPolicy.isAlert`);
    /// - `energy`, `mood`: 1 when the forecast's class (low 1–3, medium 4–7, high 8–10,
    ///   `SymptomLevel`) is the logged value's, else 0 — the 3-class accuracy.
    /// `nil` while the truth is unknown.
    public static func accuracyScore(kind: StoredPredictionKind, predictedDate: CalendarDay, predictedValue: Int?,
                                     actualDate: CalendarDay?, actualValue: Int?) -> Double? {
        if kind.isDate {
            guard let actualDate else { return nil }
            return AlertPolicy.isHit(alertedStart: predictedDate, start: actualDate) ? 1 : 0
        }
        guard let predictedValue, let actualValue else { return nil }
        return SymptomLevel(value: Double(predictedValue)) == SymptomLevel(value: Double(actualValue)) ? 1 : 0
    }

    /// `true`/`false` once reconciled (score 1 / 0), `nil` before.
    public var isAccurate: Bool? { accuracyScore.map { $0 >= 1 } }
}
