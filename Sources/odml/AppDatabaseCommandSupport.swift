import Foundation
import OnDeviceML

/// Helpers shared by the commands that work inside the app's database (`predict --write`,
/// `reconcile`, `finetune --data app.sqlite`, `replay`).
enum AppDatabaseCommandSupport {
    /// `true` when `path` is an SQLite file in the app's layout (detected from its columns).
    static func isAppDatabase(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard (try? handle.read(upToCount: 16)) == Data("SQLite format 3\0".utf8) else { return false }
        #if SQLite
        return (try? AppDatabase.open(path: path)) != nil
        #else
        return false  // without the SQLite trait, loading the file says why it cannot be read
        #endif
    }

    /// The moment a command acts as of: now, or noon of `--date` (in the local time zone) when it
    /// names another day.
    static func moment(date day: CalendarDay?) -> Date {
        guard let day else { return Date() }
        let now = Date()
        if CalendarDay(unixTimestamp: Int64(now.timeIntervalSince1970), timeZone: .current) == day { return now }
        return Date(timeIntervalSince1970: TimeInterval(day.unixTimestamp(hour: 12, timeZone: .current)))
    }

    #if SQLite
    /// The model to run: `explicit` when given, else the active model `odml_model_log` records, else rules.
    static func model(_ explicit: String?, database: AppDatabase, password: String?) throws -> CycleModel {
        if let explicit { return try CycleModel.load(explicit, password: password) }
        return try CycleModel.load(try database.activeModelEntry()?.model ?? "rules", password: password)
    }
    #endif

    /// Pretty JSON of a predictions row.
    struct PredictionJSON: Encodable {
        let id: String
        let type: String
        let predictedDate: String
        let predictedValue: Int?
        let confidence: Double
        let modelVersion: String
        let createdAt: Int64

        init(_ record: PredictionRecord) {
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

    /// Pretty JSON of an insights row.
    struct InsightJSON: Encodable {
        let id: String
        let date: String
        let type: String
        let title: String?
        let body: String?
        let confidence: Double?
        let reasoning: String?
        let source: String?

        init(_ record: InsightRecord) {
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
}
