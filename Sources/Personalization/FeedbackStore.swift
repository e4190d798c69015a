import Cycles
import Foundation
import GRDB

/// The app's learning memory on the phone: every prediction shown, what really happened, and
/// the user's verdict on insights, in SQLite (tables `predictions`, `insights`, `users`).
///
/// The database runs in WAL mode with `synchronous = FULL`; each day's batch is one write
/// transaction, so a crash (or a kill) mid-write leaves either the whole batch or none of it.
/// Schema changes go through `DatabaseMigrator` (see `FeedbackStore+Schema.swift`).
public final class FeedbackStore: Sendable {
    /// The database file.
    public let path: String
    let pool: DatabasePool

    /// Opens (creating if needed) the store at `path` and brings its schema up to date.
    /// - Throws: `PersonalizationError.corruptStore` when the file is not a valid store (the
    ///   file is left untouched), `.writeFailed` when it cannot be created.
    public init(path: String) throws {
        self.path = path
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            try FeedbackStore.migrator.migrate(pool)
        } catch {
            throw FeedbackStore.translate(error, path: path)
        }
    }

    /// Writes one day's batch for one user in a single transaction (all rows or none) and
    /// returns the ids of the stored predictions and insights, in order.
    @discardableResult
    public func write(_ batch: DayBatch) throws -> (predictions: [Int64], insights: [Int64]) {
        for prediction in batch.predictions {
            guard (0...1).contains(prediction.confidence) else {
                throw PersonalizationError.invalidValue(field: "predictions.confidence", found: "\(prediction.confidence)", expected: "a value in 0…1")
            }
        }
        for insight in batch.insights {
            guard (0...1).contains(insight.confidence) else {
                throw PersonalizationError.invalidValue(field: "insights.confidence", found: "\(insight.confidence)", expected: "a value in 0…1")
            }
        }
        return try perform {
            try pool.write { db in
                try db.execute(sql: "INSERT OR IGNORE INTO users (user_id, created_at) VALUES (?, ?)",
                               arguments: [batch.userID, batch.day.iso])
                var predictionIDs: [Int64] = []
                for prediction in batch.predictions {
                    try db.execute(sql: """
                        INSERT INTO predictions (user_id, type, predicted_date, predicted_value, confidence,
                            actual_date, actual_value, accuracy_score, model_version, created_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """, arguments: [batch.userID, prediction.kind.rawValue, prediction.predictedDate.iso,
                                         prediction.predictedValue, prediction.confidence, prediction.actualDate?.iso,
                                         prediction.actualValue, prediction.accuracyScore, prediction.modelVersion,
                                         batch.day.iso])
                    predictionIDs.append(db.lastInsertedRowID)
                }
                var insightIDs: [Int64] = []
                for insight in batch.insights {
                    try db.execute(sql: """
                        INSERT INTO insights (user_id, date, type, title, body, confidence, reasoning, source,
                            user_feedback, created_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """, arguments: [batch.userID, insight.date.iso, insight.kind.rawValue, insight.title, insight.body,
                                         insight.confidence, insight.reasoning, insight.source,
                                         insight.userFeedback?.rawValue ?? "", batch.day.iso])
                    insightIDs.append(db.lastInsertedRowID)
                }
                return (predictionIDs, insightIDs)
            }
        }
    }

    /// The users the store knows, sorted.
    public func userIDs() throws -> [String] {
        try perform { try pool.read { db in try String.fetchAll(db, sql: "SELECT user_id FROM users ORDER BY user_id") } }
    }

    /// The user's predictions (optionally of one kind, optionally made on or before `through`),
    /// ordered by as-of day then id.
    /// - Throws: `PersonalizationError.unknownUser` when the store has never seen the user.
    public func predictions(for userID: String, kind: PredictionKind? = nil, through: CalendarDay? = nil) throws -> [PredictionRecord] {
        try requireUser(userID)
        return try perform {
            try pool.read { db in
                var sql = "SELECT * FROM predictions WHERE user_id = ?"
                var arguments: StatementArguments = [userID]
                if let kind { sql += " AND type = ?"; arguments += [kind.rawValue] }
                if let through { sql += " AND created_at <= ?"; arguments += [through.iso] }
                sql += " ORDER BY created_at, id"
                return try Row.fetchAll(db, sql: sql, arguments: arguments).map(FeedbackStore.prediction(from:))
            }
        }
    }

    /// The user's insights (optionally created on or before `through`), ordered by day then id.
    /// - Throws: `PersonalizationError.unknownUser` when the store has never seen the user.
    public func insights(for userID: String, through: CalendarDay? = nil) throws -> [InsightRecord] {
        try requireUser(userID)
        return try perform {
            try pool.read { db in
                var sql = "SELECT * FROM insights WHERE user_id = ?"
                var arguments: StatementArguments = [userID]
                if let through { sql += " AND created_at <= ?"; arguments += [through.iso] }
                sql += " ORDER BY created_at, id"
                return try Row.fetchAll(db, sql: sql, arguments: arguments).map(FeedbackStore.insight(from:))
            }
        }
    }

    /// Runs SQLite's `integrity_check` and `foreign_key_check`.
    /// - Throws: `PersonalizationError.corruptStore` naming the first problem found.
    public func checkIntegrity() throws {
        let problems: [String] = try perform {
            try pool.read { db in
                let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
                let foreignKeys = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").map { "foreign key: \($0)" }
                return integrity + foreignKeys
            }
        }
        if let first = problems.first {
            throw PersonalizationError.corruptStore(path: path, detail: first)
        }
    }

    func requireUser(_ userID: String) throws {
        let known = try perform {
            try pool.read { db in
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM users WHERE user_id = ?)", arguments: [userID]) ?? false
            }
        }
        guard known else { throw PersonalizationError.unknownUser(id: userID, source: path) }
    }

    /// Runs `body`, turning GRDB errors into `PersonalizationError`s.
    func perform<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PersonalizationError {
            throw error
        } catch {
            throw FeedbackStore.translate(error, path: path)
        }
    }

    static func translate(_ error: any Error, path: String) -> PersonalizationError {
        guard let databaseError = error as? DatabaseError else {
            return .corruptStore(path: path, detail: "\(error)")
        }
        let message = databaseError.message ?? "SQLite error \(databaseError.resultCode.rawValue)"
        switch databaseError.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT, .SQLITE_FORMAT:
            return .corruptStore(path: path, detail: message)
        case .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_IOERR, .SQLITE_FULL, .SQLITE_PERM:
            return .writeFailed(path: path, detail: message)
        case .SQLITE_CONSTRAINT:
            return .invalidValue(field: "store row", found: message, expected: "values allowed by the schema")
        default:
            return .corruptStore(path: path, detail: message)
        }
    }
}
