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
    /// then rebuilt from her whole history).
    package static let keptDaySchema = """
        CREATE TABLE IF NOT EXISTS odml_kept_day (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            through_day TEXT NOT NULL,
            format TEXT NOT NULL,
            tracked_tables TEXT NOT NULL,
            edited_from TEXT,
            state BLOB NOT NULL
        )
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
           let row = try Row.fetchOne(db, sql: "SELECT through_day, format, tracked_tables, edited_from, state FROM odml_kept_day") {
            let through: String = row[0], storedFormat: String = row[1], tracked: String = row[2]
            let editedFrom: String? = row[3], bytes: Data = row[4]
            if storedFormat != format {
                reason = "kept in another format (\(storedFormat))"
            } else if let editedFrom {
                reason = "a log dated \(editedFrom) was edited"
            } else if tracked != (try AppDatabase.trackedTables(db)) {
                reason = "the log tables changed"
            } else if let throughDay = CalendarDay(iso: through), throughDay <= day,
                      var state = try? KeptCycleDay(encoded: bytes),
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

    /// Stores `kept` (when it has seen a day) in `db`'s transaction, with the triggers that mark
    /// it edited (created when the table is new or the tables they watch changed) and the log
    /// tables' date indexes.
    func store(_ kept: KeptCycleDay, in db: Database) throws {
        guard let day = kept.day else { return }
        let tracked = try AppDatabase.trackedTables(db)
        let stored = try db.tableExists("odml_kept_day")
            ? try String.fetchOne(db, sql: "SELECT tracked_tables FROM odml_kept_day") : nil
        if stored != tracked { try createKeptDayTriggers(tables: try AppDatabase.presentLogTables(db), in: db) }
        // An index on each log table's `date`, so that finding the rows dated after the kept day
        // reads only them (`odml_<table>_date`; kept days stored before it existed get it here).
        for table in try AppDatabase.presentLogTables(db) {
            try db.execute(sql: "CREATE INDEX IF NOT EXISTS \"odml_\(table)_date\" ON \"\(table)\" (date)")
        }
        try db.execute(sql: """
            INSERT OR REPLACE INTO odml_kept_day (id, through_day, format, tracked_tables, edited_from, state)
            VALUES (1, ?, ?, ?, NULL, ?)
            """, arguments: [day.iso, AppDatabase.keptDayFormat(keepsDailyRows: kept.keepsDailyRows),
                             tracked, try kept.encoded()])
    }

    /// Creates the kept day's table and the triggers that mark it stale, on `tables` and on her
    /// profile and disturbed marks.
    private func createKeptDayTriggers(tables: [String], in db: Database) throws {
        try db.execute(sql: AppDatabase.keptDaySchema)
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
