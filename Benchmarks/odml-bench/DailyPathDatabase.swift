#if SQLite
import Foundation
import GRDB
import OnDeviceML

/// Her two-year app database for `odml-bench dailypath`. `Benchmarks/dailypath-against-before.sh`
/// copies this file into older code, so it uses only API that code already had.
enum DailyPathDatabase {
    /// Her history: an irregular user logging every fertility signal, 24 months.
    static func history() -> UserHistory {
        SyntheticCycles.generate(config: CohortConfig.irregular.loggingEverySignal(), users: 1, months: 24, seed: 2_024).users[0]
    }

    /// Noon of `day` (GMT), when each forecast is made.
    static func noon(_ day: CalendarDay) -> Date {
        Date(timeIntervalSince1970: TimeInterval(day.unixTimestamp(hour: 12, timeZone: .gmt)))
    }

    /// A new app database at `path` with her profile, her records and her measurements (in the
    /// app's own `measurements` table), in WAL mode when `writeAheadLog`.
    static func create(_ history: UserHistory, at path: String, writeAheadLog: Bool) throws -> AppDatabase {
        let database = try AppDatabase.create(path: path, profile: history.profile, timeZone: .gmt, writeAheadLog: writeAheadLog)
        for record in history.records {
            try database.log(record, cycleDay: nil, at: record.date.unixTimestamp(hour: 21, timeZone: .gmt))
        }
        try database.writer.write { db in
            try db.execute(sql: """
                CREATE TABLE measurements(id TEXT PRIMARY KEY, date TEXT NOT NULL, kind TEXT NOT NULL, value REAL, source TEXT,
                                          created_at INTEGER, updated_at INTEGER, sync_status TEXT)
                """)
            for day in history.measurements {
                for kind in day.kinds {
                    try db.execute(sql: "INSERT INTO measurements (id, date, kind, value, source) VALUES (?, ?, ?, ?, ?)",
                                   arguments: ["\(day.date.iso)-\(kind.rawValue)", day.date.iso, kind.rawValue, day.value(of: kind),
                                               day.source(of: kind)])
                }
            }
        }
        return database
    }
}
#endif
