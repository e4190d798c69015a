#if SQLite
import Cycles
import Foundation
import GRDB

/// The app's own SQLite database (the ShifAI tables, `SQLiteLayout.app`) as the on-device loop
/// uses it: her logs are read from `user_profile`, `cycle_entries` and `symptom_logs`; forecasts
/// go to `predictions` and `insights`; her verdicts come back in `insights.user_feedback`; the
/// toolkit's only own table is `odml_model_log` (which model is active, see `ModelLogEntry`).
///
/// Every write is one transaction (all rows or none); ids are name-based UUIDs, so that the same
/// forecast written twice is the same row. The app hands over its open connection (it opens its
/// SQLCipher file itself); the CLI opens plain files with `open(path:timeZone:)`.
public struct AppDatabase: Sendable {
    /// The connection the app handed over.
    package let writer: any DatabaseWriter
    /// What errors call the database (its file name, or what the app chose).
    public let name: String
    /// The zone in which INTEGER Unix timestamps are read as days and days written as timestamps.
    public let timeZone: TimeZone
    /// Her kept day as last read or stored through this value or its copies, decoded.
    let decodedKeptDay = _DecodedKeptDay()

    /// Wraps an open database and checks that it is an app database with the loop's tables.
    /// - Throws: `DatasetError.sqlite` when `user_profile` or `cycle_entries` is missing,
    ///   `PersonalizationError.notAppDatabase` for the multi-user dataset layout or a missing
    ///   `predictions`/`insights` table.
    public init(_ writer: any DatabaseWriter, name: String, timeZone: TimeZone = .current) throws {
        self.writer = writer
        self.name = name
        self.timeZone = timeZone
        try perform {
            try writer.read { db in
                guard try SQLiteLayout.detect(in: db, path: name) == .app else {
                    throw PersonalizationError.notAppDatabase(path: name, detail: "cycle_entries has a user_id column: this is the multi-user dataset layout")
                }
                for table in ["predictions", "insights"] where try !db.tableExists(table) {
                    throw PersonalizationError.notAppDatabase(path: name, detail: "table \(table) is missing")
                }
            }
        }
    }

    /// Opens the plain SQLite file at `path` (it must exist) with `synchronous = FULL`, so that a
    /// committed transaction survives a crash or a kill.
    public static func open(path: String, timeZone: TimeZone = .current) throws -> AppDatabase {
        guard FileManager.default.fileExists(atPath: path) else { throw DatasetError.missingFile(path: path) }
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        do {
            return try AppDatabase(try DatabaseQueue(path: path, configuration: configuration), name: path, timeZone: timeZone)
        } catch let error as DatabaseError {
            throw AppDatabase.translate(error, path: path)
        }
    }

    /// Creates a new app database file at `path` (replacing any) with the ShifAI tables
    /// (`AppDatabase.shifaiSchema`) and her one `user_profile` row: for replays and tests: the
    /// app creates its own database. `writeAheadLog` puts the file in WAL mode (one fsync per
    /// commit instead of the rollback journal's several; the mode stays with the file).
    public static func create(path: String, profile: UserProfile, timeZone: TimeZone = .current,
                              writeAheadLog: Bool = false) throws -> AppDatabase {
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        do {
            let queue = try DatabaseQueue(path: path)
            if writeAheadLog { try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") } }
            try queue.write { db in
                try db.execute(sql: shifaiSchema)
                try db.execute(sql: """
                    INSERT INTO user_profile (id, created_at, onboarding_completed, cycle_type, conditions, preferences)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """, arguments: [profile.id, profile.createdAt.unixTimestamp(timeZone: timeZone), profile.onboardingCompleted ? 1 : 0,
                                     profile.cycleType.rawValue, AppDatabase.jsonList(profile.conditions), profile.preferencesJSON])
            }
            try queue.close()
        } catch let error as DatabaseError {
            throw AppDatabase.translate(error, path: path)
        }
        return try open(path: path, timeZone: timeZone)
    }

    /// Runs SQLite's `integrity_check`.
    /// - Throws: `PersonalizationError.corruptStore` naming the first problem found.
    public func checkIntegrity() throws {
        let problems = try perform { try writer.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") } }
        if let first = problems.first(where: { $0 != "ok" }) {
            throw PersonalizationError.corruptStore(path: name, detail: first)
        }
    }

    /// The day on which the Unix timestamp `seconds` falls here.
    public func day(of seconds: Int64) -> CalendarDay { CalendarDay(unixTimestamp: seconds, timeZone: timeZone) }

    /// Runs `body`, turning GRDB errors into `PersonalizationError`s.
    package func perform<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw AppDatabase.translate(error, path: name)
        }
    }

    static func translate(_ error: DatabaseError, path: String) -> PersonalizationError {
        let message = error.message ?? "SQLite error \(error.resultCode.rawValue)"
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT, .SQLITE_FORMAT:
            return .corruptStore(path: path, detail: message)
        case .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_IOERR, .SQLITE_FULL, .SQLITE_PERM, .SQLITE_BUSY, .SQLITE_LOCKED:
            return .writeFailed(path: path, detail: message)
        case .SQLITE_CONSTRAINT:
            return .invalidValue(field: "row", found: message, expected: "values allowed by the schema")
        default:
            return .corruptStore(path: path, detail: message)
        }
    }

    /// `["sopk","endo"]`.
    static func jsonList(_ values: [String]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: values)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
#endif
