#if SQLite
import Cycles

/// The JSON form of a day written into the app's database by `OnDeviceLoop.predict(at:)`: what
/// `odml predict --write --json` prints and what the C API's `odml_database_predict` returns.
public struct DayWriteReport: Encodable, Sendable {
    /// A `predictions` row.
    public struct PredictionRow: Encodable, Sendable {
        /// The row id.
        public let id: String
        /// `predictions.type` (`period_start`, `ovulation`, `energy`, `mood`).
        public let type: String
        /// The forecast date.
        public let predictedDate: String
        /// The forecast level (energy, mood), if any.
        public let predictedValue: Int?
        /// The forecast's confidence, 0–1.
        public let confidence: Double
        /// The model version that wrote it.
        public let modelVersion: String
        /// Unix seconds.
        public let createdAt: Int64

        /// The JSON form of `record`.
        public init(_ record: PredictionRecord) {
            id = record.id
            type = record.kind.rawValue
            predictedDate = record.predictedDate.iso
            predictedValue = record.predictedValue
            confidence = record.confidence
            modelVersion = record.modelVersion
            createdAt = record.createdAt
        }

        enum CodingKeys: String, CodingKey {
            case id, type, confidence
            case predictedDate = "predicted_date", predictedValue = "predicted_value", modelVersion = "model_version", createdAt = "created_at"
        }
    }

    /// An `insights` row.
    public struct InsightRow: Encodable, Sendable {
        /// The row id.
        public let id: String
        /// The day it is about.
        public let date: String
        /// `insights.type`.
        public let type: String
        /// Its title, if any.
        public let title: String?
        /// Its body, if any.
        public let body: String?
        /// Its confidence, if any.
        public let confidence: Double?
        /// The reasoning sentence, if any.
        public let reasoning: String?
        /// The model kind that wrote it.
        public let source: String?

        /// The JSON form of `record`.
        public init(_ record: InsightRecord) {
            id = record.id
            date = record.date.iso
            type = record.kind.rawValue
            title = record.title
            body = record.body
            confidence = record.confidence
            reasoning = record.reasoning
            source = record.source
        }
    }

    /// The database's path.
    public let database: String
    /// The day written.
    public let day: CalendarDay
    /// The version of the model that wrote the rows.
    public let modelVersion: String
    /// The model's kind.
    public let source: String
    /// Rows written now: 0 when the day was already written for this model version.
    public let inserted: Int
    /// The day's `predictions` rows.
    public let predictions: [PredictionRow]
    /// The day's `insights` rows.
    public let insights: [InsightRow]

    /// The report of `outcome`, written by `model` into the database at `path`.
    public init(outcome: OnDeviceLoop.PredictOutcome, model: CycleModel, path: String) {
        database = path
        day = outcome.day
        modelVersion = model.version
        source = model.kind
        inserted = outcome.inserted
        predictions = outcome.batch.predictions.map(PredictionRow.init)
        insights = outcome.batch.insights.map(InsightRow.init)
    }

    enum CodingKeys: String, CodingKey {
        case database, day, source, inserted, predictions, insights
        case modelVersion = "model_version"
    }
}
#endif
