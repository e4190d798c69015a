import Cycles
import Foundation
import GRDB
@testable import Personalization
import CyclesLab
@testable import PersonalizationLab

/// App databases for the tests, made from the ShifAI DDL (`AppDatabase.shifaiSchema`, the file
/// `Sources/Personalization/Schema/shifai-schema.sql`).
enum AppDatabaseFixtures {
    /// A fresh directory under the system temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("odml-personalization-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let firstDay = CalendarDay(year: 2026, month: 1, day: 1)!
    static let utc = TimeZone.gmt

    /// One generated irregular user (fixed seed).
    static func irregularUser(months: Int = 8, seed: UInt64 = 5) -> UserHistory {
        SyntheticCycles.generate(config: .irregular, users: 1, months: months, seed: seed).users[0]
    }

    /// A new app database at `path` holding `history`'s profile and her records up to `through`.
    static func database(_ history: UserHistory, through last: CalendarDay? = nil, at path: String) throws -> AppDatabase {
        let database = try AppDatabase.create(path: path, profile: history.profile, timeZone: utc)
        for record in history.records where last.map({ record.date <= $0 }) ?? true {
            let start = history.lastPeriodStart(onOrBefore: record.date)
            try database.log(record, cycleDay: start.map { $0.distance(to: record.date) + 1 }, at: record.date.unixTimestamp(hour: 21, timeZone: utc))
        }
        return database
    }

    /// Noon of `day` (UTC).
    static func noon(_ day: CalendarDay) -> Date {
        Date(timeIntervalSince1970: TimeInterval(day.unixTimestamp(hour: 12, timeZone: utc)))
    }

    /// A day's batch written by hand: the four kinds and one insight, as of `day`.
    static func batch(day: CalendarDay, version: String = "test@1") -> DayBatch {
        let seconds = day.unixTimestamp(hour: 21, timeZone: utc)
        let predictions = StoredPredictionKind.allCases.enumerated().map { index, kind in
            PredictionRecord(id: OnDeviceLoop.rowID(table: "predictions", kind: kind.rawValue, day: day, version: version), kind: kind,
                             predictedDate: kind.isDate ? day.advanced(by: 10 + index) : day.advanced(by: 1),
                             predictedValue: kind.isDate ? nil : 5, confidence: 0.7, modelVersion: version, createdAt: seconds, asOf: day)
        }
        let insight = InsightRecord(id: OnDeviceLoop.rowID(table: "insights", kind: "prediction", day: day, version: version), date: day,
                                    kind: .prediction, title: "Règles", body: nil, confidence: 0.6, reasoning: "cycle moyen 28 j",
                                    source: "cycle-rules", createdAt: seconds)
        return DayBatch(day: day, predictions: predictions, insights: [insight])
    }

    /// An empty in-memory-like file database with the DDL executed verbatim, nothing else.
    static func bareDatabase(at path: String) throws -> DatabaseQueue {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: AppDatabase.shifaiSchema) }
        return queue
    }
}
