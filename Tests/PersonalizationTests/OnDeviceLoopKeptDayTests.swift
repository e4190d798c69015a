import Cycles
import Foundation
import GRDB
import Testing
@testable import Personalization
import CyclesLab

/// The loop keeps her day state between days (`odml_kept_day`): each day it reads only the rows
/// logged since and gives the forecast a replay of her whole history gives; a row dated on or
/// before the kept day, inserted, changed or deleted, makes it replay her history once.
@Suite struct OnDeviceLoopKeptDayTests {
    /// Her measurements as the app's `measurements` table holds them, one row per kind and day.
    static func log(_ measurements: DayMeasurements, in database: AppDatabase) throws {
        try database.writer.write { db in
            for kind in measurements.kinds {
                try db.execute(sql: "INSERT INTO measurements (id, date, kind, value, source) VALUES (?, ?, ?, ?, ?)",
                               arguments: ["\(measurements.date.iso)-\(kind.rawValue)", measurements.date.iso, kind.rawValue,
                                           measurements.value(of: kind), measurements.source(of: kind)])
            }
        }
    }

    /// An every-signal irregular user logged day by day for 5 months, each day forecast by the
    /// shipped model: once she has logged a week, the kept day is advanced (no replay), and each
    /// forecast equals the one from her history replayed from nothing. Then a flow corrected
    /// 20 days later and a deleted period day each make the next forecast replay her history, and the forecast
    /// again equals the replayed one.
    @Test(arguments: ["Models/cycle-gbt.odml", "Models/cycle-lstm.odml"])
    func advancedForecastsEqualReplayedOnesAndPastEditsRebuild(modelPath: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let model = try CycleModel.load(root.appendingPathComponent(modelPath).path)
        let predictor = try #require(model.predictor as? any PreparedDayForecasting)
        let history = SyntheticCycles.generate(config: CohortConfig.irregular.loggingEverySignal(), users: 1, months: 6, seed: 41).users[0]
        let directory = try AppDatabaseFixtures.temporaryDirectory()
        let database = try AppDatabase.create(path: directory.appendingPathComponent("app.sqlite").path, profile: history.profile,
                                              timeZone: AppDatabaseFixtures.utc)
        try database.writer.write { db in
            try db.execute(sql: """
                CREATE TABLE measurements(id TEXT PRIMARY KEY, date TEXT NOT NULL, kind TEXT NOT NULL, value REAL, source TEXT,
                                          created_at INTEGER, updated_at INTEGER, sync_status TEXT)
                """)
        }
        let loop = OnDeviceLoop(database: database, model: model, generator: try CyclePhrases.shared)
        let first = try #require(history.periodStarts.first)
        let recordByDay = Dictionary(grouping: history.records, by: \.date)
        let measuredByDay = Dictionary(grouping: history.measurements, by: \.date)
        var logged = UserHistory(profile: history.profile, records: [])
        func logDay(_ day: CalendarDay) throws {
            for record in recordByDay[day] ?? [] {
                try database.log(record, cycleDay: nil, at: day.unixTimestamp(hour: 21, timeZone: AppDatabaseFixtures.utc))
            }
            for measurements in measuredByDay[day] ?? [] { try Self.log(measurements, in: database) }
        }
        func expected(on day: CalendarDay) throws -> CyclePrediction {
            try predictor.explainedPrediction(for: try database.history().truncated(through: day), on: day, language: .fr,
                                              generator: try CyclePhrases.shared).prediction
        }
        var replays: [String] = [], advanced = 0
        let days = Array(first...first.advanced(by: 150))
        for day in days {
            try logDay(day)
            let outcome = try loop.predict(at: AppDatabaseFixtures.noon(day))
            if let reason = outcome.replayReason { replays.append(reason) } else { advanced += 1 }
            if day == days.first || day.daysSinceEpoch % 5 == 0 {
                #expect(Self.agree(outcome.prediction, try expected(on: day)), "\(modelPath), \(day)")
            }
        }
        // Until she has logged a day `keptDayLagDays` back there is nothing to keep.
        #expect(Set(replays) == ["no kept day"] && replays.count <= AppDatabase.keptDayLagDays + 1, "\(replays)")
        #expect(advanced == days.count - replays.count)
        logged = try database.history()
        #expect(logged.records.count > 40)

        // A flow corrected 20 days later: an edit on or before the kept day.
        var day = days.last!.advanced(by: 1)
        let corrected = try #require(logged.records.last { $0.flowIntensity != nil && $0.date < day.advanced(by: -20) })
        try database.writer.write { db in
            try db.execute(sql: "UPDATE cycle_entries SET flow_intensity = ? WHERE date = ?",
                           arguments: [corrected.flowIntensity == 1 ? 3 : 1, corrected.date.iso])
        }
        var outcome = try loop.predict(at: AppDatabaseFixtures.noon(day))
        #expect(outcome.replayReason?.contains("was edited") == true, "\(String(describing: outcome.replayReason))")
        #expect(Self.agree(outcome.prediction, try expected(on: day)), "\(modelPath), \(day)")
        day = day.advanced(by: 1)
        outcome = try loop.predict(at: AppDatabaseFixtures.noon(day))
        #expect(outcome.replayReason == nil)
        #expect(Self.agree(outcome.prediction, try expected(on: day)), "\(modelPath), \(day)")

        // Her last period's first day deleted: the forecast moves, as a replay says it does.
        let lastStart = try #require(logged.periodStarts.last)
        try database.writer.write { db in try db.execute(sql: "DELETE FROM cycle_entries WHERE date = ?", arguments: [lastStart.iso]) }
        day = day.advanced(by: 1)
        outcome = try loop.predict(at: AppDatabaseFixtures.noon(day))
        #expect(outcome.replayReason != nil)
        #expect(Self.agree(outcome.prediction, try expected(on: day)), "\(modelPath), \(day)")
    }

    /// The same forecast: every date, level and sentence equal, every probability and value within
    /// 1e-6. The learned models' batched products may round their last bit differently when the
    /// BLAS thread count, which other tests change while this one runs, differs between the two
    /// calls; the kept state itself is compared exactly in `KeptCycleDayTests`.
    static func agree(_ kept: CyclePrediction?, _ replayed: CyclePrediction) -> Bool {
        guard let kept else { return false }
        func close(_ a: Double?, _ b: Double?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            return abs(a - b) <= 1e-6 * max(1, abs(a), abs(b))
        }
        return kept.asOf == replayed.asOf && kept.nextPeriodStart == replayed.nextPeriodStart
            && close(kept.nextPeriodUncertaintyDays, replayed.nextPeriodUncertaintyDays)
            && close(kept.nextPeriodConfidence, replayed.nextPeriodConfidence)
            && kept.nextPeriodIntervals.map(\.first) == replayed.nextPeriodIntervals.map(\.first)
            && kept.nextPeriodIntervals.map(\.last) == replayed.nextPeriodIntervals.map(\.last)
            && kept.ovulation?.date == replayed.ovulation?.date
            && close(kept.ovulation?.passedProbability, replayed.ovulation?.passedProbability)
            && kept.energyTomorrow?.level == replayed.energyTomorrow?.level && close(kept.energyTomorrow?.value, replayed.energyTomorrow?.value)
            && kept.moodTomorrow?.level == replayed.moodTomorrow?.level && close(kept.moodTomorrow?.value, replayed.moodTomorrow?.value)
            && kept.reasoning.text == replayed.reasoning.text && kept.fertility == replayed.fertility
    }

    /// A kept day in a format this build does not read, or bytes that are not a kept day, are
    /// rebuilt from her history, never an error.
    @Test func anUnreadableKeptDayIsRebuilt() throws {
        let history = AppDatabaseFixtures.irregularUser(months: 4)
        let directory = try AppDatabaseFixtures.temporaryDirectory()
        let day = history.periodStarts[2].advanced(by: 5)
        let database = try AppDatabaseFixtures.database(history, through: day, at: directory.appendingPathComponent("app.sqlite").path)
        let loop = OnDeviceLoop(database: database, model: try CycleModel.load("calendar"), generator: try CyclePhrases.shared)
        #expect(try loop.predict(at: AppDatabaseFixtures.noon(day)).replayReason != nil)  // the calendar reads her history
        let gbt = OnDeviceLoop(database: database, model: try CycleModel.load(
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Models/cycle-gbt.odml").path), generator: try CyclePhrases.shared)
        let first = try gbt.predict(at: AppDatabaseFixtures.noon(day))
        #expect(first.replayReason == "no kept day")
        try database.writer.write { db in try db.execute(sql: "UPDATE odml_kept_day SET state = x'00ff'") }
        let next = try gbt.predict(at: AppDatabaseFixtures.noon(day.advanced(by: 1)))
        #expect(next.replayReason?.contains("cannot be advanced") == true)
        #expect(next.prediction != nil)
        try database.writer.write { db in try db.execute(sql: "UPDATE odml_kept_day SET format = 'v0'") }
        let third = try gbt.predict(at: AppDatabaseFixtures.noon(day.advanced(by: 2)))
        #expect(third.replayReason?.contains("another format") == true)
        #expect(try gbt.predict(at: AppDatabaseFixtures.noon(day.advanced(by: 3))).replayReason == nil)
    }

    /// The shipped boosted trees, for the tests below.
    static func treesLoop(_ database: AppDatabase) throws -> OnDeviceLoop {
        OnDeviceLoop(database: database, model: try CycleModel.load(
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Models/cycle-gbt.odml").path), generator: try CyclePhrases.shared)
    }

    /// A four-month irregular user's database, logged through `day`, five days into her third period.
    static func fourMonthDatabase() throws -> (history: UserHistory, day: CalendarDay, database: AppDatabase) {
        let history = AppDatabaseFixtures.irregularUser(months: 4)
        let directory = try AppDatabaseFixtures.temporaryDirectory()
        let day = history.periodStarts[2].advanced(by: 5)
        return (history, day, try AppDatabaseFixtures.database(history, through: day, at: directory.appendingPathComponent("app.sqlite").path))
    }

    /// Her forecast on `day` from her whole history replayed, with the shipped boosted trees.
    static func replayed(_ database: AppDatabase, on day: CalendarDay) throws -> CyclePrediction {
        let predictor = try #require(try treesLoop(database).model.predictor as? any PreparedDayForecasting)
        return try predictor.explainedPrediction(for: try database.history().truncated(through: day), on: day, language: .fr,
                                                 generator: try CyclePhrases.shared).prediction
    }

    /// A loop that holds her kept day decoded reads it again when another writer stored a new one
    /// (here a second `AppDatabase` on the same connection, after a past day was edited): the row's
    /// token changed, and its forecast is the replayed one, not one from the kept day it held.
    @Test func aKeptDayStoredByAnotherWriterIsReadAgain() throws {
        let (history, day, database) = try Self.fourMonthDatabase()
        let first = try Self.treesLoop(database)
        let second = try Self.treesLoop(try AppDatabase(database.writer, name: database.name, timeZone: AppDatabaseFixtures.utc))
        #expect(try first.predict(at: AppDatabaseFixtures.noon(day)).replayReason == "no kept day")
        #expect(try first.predict(at: AppDatabaseFixtures.noon(day.advanced(by: 1))).replayReason == nil)
        // Her second period moved a day later: the first day of its flow deleted.
        let moved = history.periodStarts[1]
        try database.writer.write { db in try db.execute(sql: "DELETE FROM cycle_entries WHERE date = ?", arguments: [moved.iso]) }
        #expect(try second.predict(at: AppDatabaseFixtures.noon(day.advanced(by: 2))).replayReason?.contains("was edited") == true)
        let next = day.advanced(by: 3)
        let outcome = try first.predict(at: AppDatabaseFixtures.noon(next))
        #expect(outcome.replayReason == nil)
        #expect(Self.agree(outcome.prediction, try Self.replayed(database, on: next)))
    }

    /// A kept day's table from before the `token` column is read, and gets the column and its
    /// trigger at the next store.
    @Test func aKeptDayTableWithoutItsTokenGetsOne() throws {
        let (_, day, database) = try Self.fourMonthDatabase()
        let loop = try Self.treesLoop(database)
        _ = try loop.predict(at: AppDatabaseFixtures.noon(day))
        try database.writer.write { db in
            try db.execute(sql: "DROP TRIGGER odml_kept_day_token")
            try db.execute(sql: "ALTER TABLE odml_kept_day DROP COLUMN token")
        }
        let relaunched = try Self.treesLoop(try AppDatabase(database.writer, name: database.name, timeZone: AppDatabaseFixtures.utc))
        let next = day.advanced(by: 1)
        let outcome = try relaunched.predict(at: AppDatabaseFixtures.noon(next))
        #expect(outcome.replayReason == nil)
        #expect(Self.agree(outcome.prediction, try Self.replayed(database, on: next)))
        // A week later her kept day has moved, and is stored with a token.
        let later = day.advanced(by: AppDatabase.keptDayLagDays + 1)
        #expect(try relaunched.predict(at: AppDatabaseFixtures.noon(later)).replayReason == nil)
        let (tokens, triggers) = try database.writer.read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(token) FROM odml_kept_day"),
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND name = 'odml_kept_day_token'"))
        }
        #expect(tokens == 1 && triggers == 1)
    }

    /// A bad log dated after her kept day is a typed error naming its row among all the table's
    /// rows, with the date indexes the loop creates (which it creates) and without them (a
    /// database whose kept day was stored before the indexes existed).
    @Test func aBadLogAfterTheKeptDayNamesItsRowWithOrWithoutTheDateIndex() throws {
        let history = AppDatabaseFixtures.irregularUser(months: 4)
        let directory = try AppDatabaseFixtures.temporaryDirectory()
        let day = history.periodStarts[2].advanced(by: 5)
        let database = try AppDatabaseFixtures.database(history, through: day, at: directory.appendingPathComponent("app.sqlite").path)
        let gbt = OnDeviceLoop(database: database, model: try CycleModel.load(
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Models/cycle-gbt.odml").path), generator: try CyclePhrases.shared)
        #expect(try gbt.predict(at: AppDatabaseFixtures.noon(day)).replayReason == "no kept day")
        let indexes = try database.writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'odml_%_date' ORDER BY name")
        }
        #expect(indexes == ["odml_cycle_entries_date", "odml_symptom_logs_date"])
        let next = day.advanced(by: 1)
        try database.writer.write { db in
            try db.execute(sql: """
                INSERT INTO symptom_logs (id, date, symptom_type, value, created_at, updated_at, sync_status)
                VALUES ('late', ?, 'energy', 2.5, 0, 0, 'pending')
                """, arguments: [next.iso])
        }
        let rows = try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM symptom_logs") ?? 0 }
        for dropsIndex in [false, true] {
            if dropsIndex { try database.writer.write { db in try db.execute(sql: "DROP INDEX odml_symptom_logs_date") } }
            #expect {
                _ = try gbt.predict(at: AppDatabaseFixtures.noon(next))
            } throws: { error in
                guard case DatasetError.invalidValue(let file, let line, let column, _, _) = error else { return false }
                return file.hasSuffix(":symptom_logs") && line == rows && column == "value"
            }
        }
    }
}
