#if SQLite
import Cycles
import Foundation
import GRDB

extension AppDatabase {
    /// Her history: the one `user_profile` row with her `cycle_entries` and `symptom_logs`,
    /// validated like every dataset (`CycleDataset.read(from:name:lenient:timeZone:)`).
    /// - Throws: `DatasetError` naming table, row, column, value and expectation.
    public func history() throws -> UserHistory {
        try perform { try writer.read { db in try history(in: db) } }
    }

    func history(in db: Database) throws -> UserHistory {
        try CycleDataset.read(from: db, name: name, timeZone: timeZone).users[0]
    }

    /// Her predictions (optionally of one kind), by as-of time, then kind (period start,
    /// ovulation, energy, mood), then id. Rows of a type the loop
    /// does not know are left out.
    /// - Throws: `PersonalizationError.invalidRow` for a row whose values cannot be read.
    public func predictions(kind: StoredPredictionKind? = nil) throws -> [PredictionRecord] {
        try perform { try writer.read { db in try predictions(in: db, kinds: kind.map { [$0] } ?? StoredPredictionKind.allCases) } }
    }

    func predictions(in db: Database, kinds: [StoredPredictionKind], where condition: String = "1") throws -> [PredictionRecord] {
        let types = kinds.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        let rows = try Row.fetchAll(db, sql: """
            SELECT * FROM predictions WHERE type IN (\(types)) AND \(condition)
            ORDER BY created_at, CASE type \(kinds.indices.map { "WHEN '\(kinds[$0].rawValue)' THEN \($0)" }.joined(separator: " ")) END, id
            """)
        return try rows.map { try prediction(from: $0) }
    }

    /// Her insights of `kind`, by date then id.
    /// - Throws: `PersonalizationError.invalidRow` for a row whose values cannot be read.
    public func insights(kind: InsightKind = .prediction) throws -> [InsightRecord] {
        try perform {
            try writer.read { db in
                try Row.fetchAll(db, sql: "SELECT * FROM insights WHERE type = ? ORDER BY date, created_at, id", arguments: [kind.rawValue])
                    .map { try insight(from: $0) }
            }
        }
    }

    /// Her learning signals known on or before `cutoff`: reconciled `period_start` predictions
    /// (accurate when `accuracy_score` is 1, known on the logged start) and her verdicts on
    /// `prediction` insights.
    public func feedbackSignals(through cutoff: CalendarDay) throws -> [FeedbackSignal] {
        var signals = try predictions(kind: .periodStart).compactMap { record -> FeedbackSignal? in
            guard record.asOf <= cutoff, let actual = record.actualDate, actual <= cutoff, let accurate = record.isAccurate else { return nil }
            return FeedbackSignal(day: record.asOf, knownOn: actual, isAccurate: accurate, source: .prediction)
        }
        for insight in try insights(kind: .prediction) {
            guard let verdict = insight.userFeedback, insight.date <= cutoff else { continue }
            let created = insight.createdAt.map(day(of:)) ?? insight.date
            signals.append(FeedbackSignal(day: insight.date, knownOn: max(insight.date, created), isAccurate: verdict == .accurate, source: .insight))
        }
        return signals.sorted { ($0.day, $0.knownOn) < ($1.day, $1.knownOn) }
    }

    /// The last `odml_model_log` row (the active model), `nil` before the first fine-tune.
    package func activeModelEntry() throws -> ModelLogEntry? {
        try perform {
            try writer.read { db in
                guard try db.tableExists("odml_model_log") else { return nil }
                return try Row.fetchOne(db, sql: "SELECT * FROM odml_model_log ORDER BY id DESC LIMIT 1").map(ModelLogEntry.init(row:))
            }
        }
    }

    /// Every `odml_model_log` row, oldest first.
    package func modelLog() throws -> [ModelLogEntry] {
        try perform {
            try writer.read { db in
                guard try db.tableExists("odml_model_log") else { return [] }
                return try Row.fetchAll(db, sql: "SELECT * FROM odml_model_log ORDER BY id").map(ModelLogEntry.init(row:))
            }
        }
    }

    func prediction(from row: Row) throws -> PredictionRecord {
        let id = AppDatabase.text(row["id"])
        func fail(_ column: String, _ expected: String) -> PersonalizationError {
            .invalidRow(path: name, table: "predictions", id: id, column: column, found: AppDatabase.text(row[column]), expected: expected)
        }
        guard let kind = StoredPredictionKind(rawValue: AppDatabase.text(row["type"])) else { throw fail("type", "period_start, ovulation, energy or mood") }
        guard let predicted = CalendarDay(iso: AppDatabase.text(row["predicted_date"])) else { throw fail("predicted_date", "a date YYYY-MM-DD") }
        guard let created = AppDatabase.integer(row["created_at"]) else { throw fail("created_at", "a Unix timestamp in seconds (INTEGER)") }
        let actualText = AppDatabase.text(row["actual_date"])
        let actual = actualText.isEmpty ? nil : CalendarDay(iso: actualText)
        guard actualText.isEmpty || actual != nil else { throw fail("actual_date", "a date YYYY-MM-DD or NULL") }
        let value: DatabaseValue = row["predicted_value"], actualValue: DatabaseValue = row["actual_value"]
        guard value.isNull || AppDatabase.integer(value) != nil else { throw fail("predicted_value", "an integer 1–10 or NULL") }
        guard actualValue.isNull || AppDatabase.integer(actualValue) != nil else { throw fail("actual_value", "an integer 1–10 or NULL") }
        let score: Double? = row["accuracy_score"]
        let confidence: Double? = row["confidence"]
        return PredictionRecord(id: id, kind: kind, predictedDate: predicted, predictedValue: AppDatabase.integer(value).map { Int($0) },
                                confidence: confidence ?? 0, actualDate: actual, actualValue: AppDatabase.integer(actualValue).map { Int($0) },
                                accuracyScore: score, modelVersion: AppDatabase.text(row["model_version"]), createdAt: created,
                                asOf: day(of: created))
    }

    func insight(from row: Row) throws -> InsightRecord {
        let id = AppDatabase.text(row["id"])
        func fail(_ column: String, _ expected: String) -> PersonalizationError {
            .invalidRow(path: name, table: "insights", id: id, column: column, found: AppDatabase.text(row[column]), expected: expected)
        }
        guard let kind = InsightKind(rawValue: AppDatabase.text(row["type"])) else { throw fail("type", "quick_win, pattern, prediction or recommendation") }
        guard let date = CalendarDay(iso: AppDatabase.text(row["date"])) else { throw fail("date", "a date YYYY-MM-DD") }
        let feedbackText = AppDatabase.text(row["user_feedback"])
        let feedback = InsightFeedback(rawValue: feedbackText)
        guard feedbackText.isEmpty || feedback != nil else { throw fail("user_feedback", "accurate, inaccurate or NULL") }
        let created: DatabaseValue = row["created_at"]
        guard created.isNull || AppDatabase.integer(created) != nil else { throw fail("created_at", "a Unix timestamp in seconds (INTEGER) or NULL") }
        return InsightRecord(id: id, date: date, kind: kind, title: row["title"], body: row["body"], confidence: row["confidence"],
                             reasoning: row["reasoning"], source: row["source"], userFeedback: feedback,
                             createdAt: AppDatabase.integer(created))
    }

    /// A value as text (NULL is empty).
    static func text(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: return ""
        case .int64(let number): return String(number)
        case .double(let number): return String(number)
        case .string(let text): return text
        case .blob(let data): return String(decoding: data, as: UTF8.self)
        }
    }

    /// An INTEGER value (or an integral REAL), `nil` otherwise.
    static func integer(_ value: DatabaseValue) -> Int64? {
        switch value.storage {
        case .int64(let number): return number
        case .double(let number) where number == number.rounded() && abs(number) < 1e15: return Int64(number)
        default: return nil
        }
    }
}
#endif
