#if SQLite
import Cycles

/// The JSON form of a day written into the app's database by `OnDeviceLoop.predict(at:)`: what
/// `odml predict --write --json` prints and what the C API's `odml_database_predict` returns.
package struct DayWriteReport: Encodable, Sendable {
    /// A `predictions` row.
    package struct PredictionRow: Encodable, Sendable {
        /// The row id.
        package let id: String
        /// `predictions.type` (`period_start`, `ovulation`, `energy`, `mood`).
        package let type: String
        /// The forecast date.
        package let predictedDate: String
        /// The forecast level (energy, mood), if any.
        package let predictedValue: Int?
        /// The forecast's confidence, 0–1.
        package let confidence: Double
        /// The model version that wrote it.
        package let modelVersion: String
        /// Unix seconds.
        package let createdAt: Int64

        /// The JSON form of `record`.
        package init(_ record: PredictionRecord) {
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
    package struct InsightRow: Encodable, Sendable {
        /// The row id.
        package let id: String
        /// The day it is about.
        package let date: String
        /// `insights.type`.
        package let type: String
        /// Its title, if any.
        package let title: String?
        /// Its body, if any.
        package let body: String?
        /// Its confidence, if any.
        package let confidence: Double?
        /// The reasoning sentence, if any.
        package let reasoning: String?
        /// The model kind that wrote it.
        package let source: String?

        /// The JSON form of `record`.
        package init(_ record: InsightRecord) {
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
    package let database: String
    /// The day written.
    package let day: CalendarDay
    /// The version of the model that wrote the rows.
    package let modelVersion: String
    /// The model's kind.
    package let source: String
    /// Rows written now: 0 when the day was already written for this model version.
    package let inserted: Int
    /// The day's `predictions` rows.
    package let predictions: [PredictionRow]
    /// The day's `insights` rows.
    package let insights: [InsightRow]

    /// The report of `outcome`, written by `model` into the database at `path`.
    package init(outcome: OnDeviceLoop.PredictOutcome, model: CycleModel, path: String) {
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
