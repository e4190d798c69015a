#if SQLite
import Cycles
import Foundation
import GRDB
import TensorCore

extension AppDatabase {
    /// The toolkit's table keeping her day state between days (`KeptCycleDay`), created on the
    /// first forecast that keeps one (`CREATE TABLE IF NOT EXISTS`): one row, the state at the end
    /// of `through_day`, the `format` it was encoded in, the log tables whose edits it watches
    /// (`tracked_tables`) and `edited_from`, the earliest day of a log row inserted, changed or
    /// deleted on or before `through_day` since it was kept (set by triggers; the kept day is
    /// then rebuilt from her whole history). `token` is random, new at every store and at any
    /// other change of the row (`keptDayTokenTrigger`): a loop that still holds the kept day it
    /// decoded under the same token does not read `state` again (`_DecodedKeptDay`).
    package static let keptDaySchema = """
        CREATE TABLE IF NOT EXISTS odml_kept_day (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            through_day TEXT NOT NULL,
            format TEXT NOT NULL,
            tracked_tables TEXT NOT NULL,
            edited_from TEXT,
            state BLOB NOT NULL,
            token INTEGER
        )
        """

    /// Gives the kept day's row a new `token` whenever it changes without getting one (an edit
    /// mark, or any writer but `store`).
    static let keptDayTokenTrigger = """
        CREATE TRIGGER IF NOT EXISTS odml_kept_day_token AFTER UPDATE ON odml_kept_day WHEN NEW.token IS OLD.token
        BEGIN UPDATE odml_kept_day SET token = random() WHERE id = NEW.id; END
        """

    /// Days the kept day stays behind the day forecast: a log of the past week, late or
    /// corrected, is read as a new row rather than an edit that forces a rebuild.
    package static let keptDayLagDays = 7

    /// The dated log tables whose edits invalidate a kept day, when present.
    static let trackedLogTables = ["cycle_entries", "symptom_logs", "measurements"]

    /// Her state at the end of `day` for a forecast, from the kept day advanced by what she
    /// logged since, or from her whole history when there is no valid kept day; and the kept
    /// day to store with the forecast (`keptDayLagDays` behind `day`, at her last logged day
    /// then: `KeptCycleDay.advance(throughLoggedDaysUpTo:records:measurements:)`).
    struct AdvancedDay {
        /// Her state at the end of `day`.
        var today: KeptCycleDay
        /// What to keep for the next forecast; `nil` when the stored kept day is still it.
        var toKeep: KeptCycleDay?
        /// Her profile.
        var profile: UserProfile
        /// Why her history was replayed (`nil` when the kept day was advanced).
        var rebuildReason: String?
    }

    /// See `AdvancedDay`, read in `db`'s transaction. The kept day is a cache: one that cannot be used (none yet, another
    /// format, a past day edited, a log table added, unreadable bytes) is rebuilt, never an error.
    /// - Throws: `DatasetError` for bad logs (the same checks and row numbers as `history()`).
    func advancedDay(in db: Database, through day: CalendarDay, keepsDailyRows: Bool) throws -> AdvancedDay {
        let format = AppDatabase.keptDayFormat(keepsDailyRows: keepsDailyRows)
        let kept = day.advanced(by: -AppDatabase.keptDayLagDays)
        var reason = "no kept day"
        if try db.tableExists("odml_kept_day"),
           let row = try Row.fetchOne(try db.cachedStatement(sql: """
               SELECT through_day, format, tracked_tables, edited_from, \(try AppDatabase.hasKeptDayToken(db) ? "token" : "NULL")
               FROM odml_kept_day
               """)) {
            let through: String = row[0], storedFormat: String = row[1], tracked: String = row[2]
            let editedFrom: String? = row[3], token: Int64? = row[4]
            if storedFormat != format {
                reason = "kept in another format (\(storedFormat))"
            } else if let editedFrom {
                reason = "a log dated \(editedFrom) was edited"
            } else if tracked != (try AppDatabase.trackedTables(db)) {
                reason = "the log tables changed"
            } else if let throughDay = CalendarDay(iso: through), throughDay <= day,
                      var state = try keptDay(in: db, token: token),
                      state.day == throughDay {
                let logs = try CycleDataset.read(from: db, name: name, timeZone: timeZone, datedAfter: throughDay).users[0]
                if kept > throughDay {
                    try state.advance(throughLoggedDaysUpTo: kept, records: logs.records, measurements: logs.measurements)
                }
                var today = state
                try today.advance(through: day, records: logs.records, measurements: logs.measurements)
                // Rewritten only when it moved (a day she logged nothing leaves it as stored).
                return AdvancedDay(today: today, toKeep: state.day == throughDay ? nil : state, profile: logs.profile,
                                   rebuildReason: nil)
            } else {
                reason = "the kept day cannot be advanced to \(day)"
            }
        }
        let history = try self.history(in: db)
        var toKeep = KeptCycleDay(profile: history.profile, keepsDailyRows: keepsDailyRows)
        try toKeep.advance(throughLoggedDaysUpTo: kept, records: history.records, measurements: history.measurements)
        var today = toKeep
        try today.advance(through: day, records: history.records, measurements: history.measurements)
        return AdvancedDay(today: today, toKeep: toKeep, profile: history.profile, rebuildReason: reason)
    }

    /// The stored kept day, decoded (`nil` when its bytes are not a kept day): the one decoded
    /// before under the row's `token`, or its `state` read and decoded, then kept for the next read.
    private func keptDay(in db: Database, token: Int64?) throws -> KeptCycleDay? {
        if let token, let kept = decodedKeptDay.kept(token: token) { return kept }
        guard let bytes = try Data.fetchOne(try db.cachedStatement(sql: "SELECT state FROM odml_kept_day")),
              let kept = try? KeptCycleDay(encoded: bytes) else { return nil }
        if let token { decodedKeptDay.keep(kept, token: token) }
        return kept
    }

    /// Whether the kept day's table has its `token` column (a table created before it existed gets
    /// it at the next `store`).
    static func hasKeptDayToken(_ db: Database) throws -> Bool {
        try db.columns(in: "odml_kept_day").contains { $0.name == "token" }
    }

    /// Stores `kept` (when it has seen a day) in `db`'s transaction under a new random token, which
    /// it returns (`nil` when nothing was stored), with the triggers that mark it edited (created
    /// when the table is new or the tables they watch changed) and the log tables' date indexes.
    /// The caller keeps it as decoded (`_DecodedKeptDay`) once the transaction commits.
    func store(_ kept: KeptCycleDay, in db: Database) throws -> Int64? {
        guard let day = kept.day else { return nil }
        let tracked = try AppDatabase.trackedTables(db)
        let stored = try db.tableExists("odml_kept_day")
            ? try String.fetchOne(db, sql: "SELECT tracked_tables FROM odml_kept_day") : nil
        if stored != tracked { try createKeptDayTriggers(tables: try AppDatabase.presentLogTables(db), in: db) }
        if try !AppDatabase.hasKeptDayToken(db) {
            try db.execute(sql: "ALTER TABLE odml_kept_day ADD COLUMN token INTEGER")
            try db.execute(sql: AppDatabase.keptDayTokenTrigger)
        }
        // An index on each log table's `date`, so that finding the rows dated after the kept day
        // reads only them (`odml_<table>_date`; kept days stored before it existed get it here).
        for table in try AppDatabase.presentLogTables(db) {
            try db.execute(sql: "CREATE INDEX IF NOT EXISTS \"odml_\(table)_date\" ON \"\(table)\" (date)")
        }
        let token = Int64.random(in: .min ... .max)
        try db.execute(sql: """
            INSERT OR REPLACE INTO odml_kept_day (id, through_day, format, tracked_tables, edited_from, state, token)
            VALUES (1, ?, ?, ?, NULL, ?, ?)
            """, arguments: [day.iso, AppDatabase.keptDayFormat(keepsDailyRows: kept.keepsDailyRows),
                             tracked, try kept.encoded(), token])
        return token
    }

    /// Creates the kept day's table and the triggers that mark it stale, on `tables` and on her
    /// profile and disturbed marks.
    private func createKeptDayTriggers(tables: [String], in db: Database) throws {
        try db.execute(sql: AppDatabase.keptDaySchema)
        if try AppDatabase.hasKeptDayToken(db) { try db.execute(sql: AppDatabase.keptDayTokenTrigger) }
        for table in tables {
            for (event, dates) in [("INSERT", ["NEW"]), ("UPDATE", ["OLD", "NEW"]), ("DELETE", ["OLD"])] {
                let updates = dates.map { row in
                    """
                    UPDATE odml_kept_day SET edited_from = CASE WHEN edited_from IS NULL OR \(row).date < edited_from
                        THEN \(row).date ELSE edited_from END WHERE \(row).date IS NULL OR \(row).date <= through_day;
                    """
                }.joined(separator: "\n")
                try db.execute(sql: """
                    CREATE TRIGGER IF NOT EXISTS odml_kept_day_\(table)_\(event.lowercased()) AFTER \(event) ON \(table)
                    BEGIN \(updates) END
                    """)
            }
        }
        // Her profile (age, declared cycle type) and the disturbed marks change every day of the state.
        for (table, events) in [("user_profile", ["INSERT", "UPDATE", "DELETE"]),
                                (_DatasetReader.disturbedReadingsTable, ["INSERT", "UPDATE", "DELETE"])]
            where try db.tableExists(table) {
            for event in events {
                try db.execute(sql: """
                    CREATE TRIGGER IF NOT EXISTS odml_kept_day_\(table)_\(event.lowercased()) AFTER \(event) ON \(table)
                    BEGIN UPDATE odml_kept_day SET edited_from = '0000-00-00'; END
                    """)
            }
        }
    }

    /// The kept day's format: its encoding version, the toolkit's version (features and
    /// posteriors may change between versions) and whether it holds daily rows.
    static func keptDayFormat(keepsDailyRows: Bool) -> String {
        "v\(KeptCycleDay.formatVersion) \(OnDeviceMLVersion.current)\(keepsDailyRows ? " daily-rows" : "")"
    }

    /// The tracked log tables present in `db`, in `trackedLogTables` order.
    static func presentLogTables(_ db: Database) throws -> [String] {
        try trackedLogTables.filter { try db.tableExists($0) }
    }

    /// What a kept day's triggers watch in `db` (`tracked_tables`): the log tables present, and the
    /// disturbed marks' table when present.
    static func trackedTables(_ db: Database) throws -> String {
        let disturbed = try db.tableExists(_DatasetReader.disturbedReadingsTable) ? [_DatasetReader.disturbedReadingsTable] : []
        return (try presentLogTables(db) + disturbed).joined(separator: ",")
    }
}
#endif
