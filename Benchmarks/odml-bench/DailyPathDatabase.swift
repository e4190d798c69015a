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
    /// app's own `measurements` table), in WAL mode when `writeAheadLog`, and the forecasts an app
    /// wrote in her two years (`pastForecasts`).
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
            try pastForecasts(history, in: db)
        }
        return database
    }

    /// What two years of daily forecasts left in `predictions` and `insights`: for each day from
    /// her first log to her last, the four rows and the insight the loop writes (`model_version`
    /// `past`), scored as reconcile scores them (a hit on two days in three; ovulation rows stay
    /// open) except the last 30 days, not yet reconciled.
    static func pastForecasts(_ history: UserHistory, in db: Database) throws {
        let first = history.records.first!.date, last = history.records.last!.date
        for (index, day) in (first...last).enumerated() {
            let created = day.unixTimestamp(hour: 12, timeZone: .gmt)
            let score: Double? = day.distance(to: last) > 30 ? (index % 3 == 0 ? 0 : 1) : nil
            for (type, predicted, value) in [("period_start", day.advanced(by: 14), nil), ("ovulation", day.advanced(by: 1), nil),
                                             ("energy", day.advanced(by: 1), 5 as Int?), ("mood", day.advanced(by: 1), 6 as Int?)] {
                try db.execute(sql: """
                    INSERT INTO predictions (id, type, predicted_date, predicted_value, confidence, accuracy_score, model_version, created_at)
                    VALUES (?, ?, ?, ?, 0.5, ?, 'past', ?)
                    """, arguments: ["past-\(type)-\(day.iso)", type, predicted.iso, value, type == "ovulation" ? nil : score, created])
            }
            try db.execute(sql: """
                INSERT INTO insights (id, date, type, title, body, confidence, reasoning, source, created_at)
                VALUES (?, ?, 'prediction', 'Prochaines règles', NULL, 0.5, 'Vos cycles récents.', 'past', ?)
                """, arguments: ["past-insight-\(day.iso)", day.iso, created])
        }
    }
}
#endif
