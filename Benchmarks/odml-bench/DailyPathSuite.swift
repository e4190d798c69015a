#if SQLite
import Foundation
import GRDB
import OnDeviceML

/// `odml-bench dailypath`: the app's daily forecast on her database, with her day state kept
/// between days against her history replayed, and loading an encrypted model.
///
/// Cases `daily_predict_<gbt|lstm>_kept` and `_replayed`: one explained `OnDeviceLoop.predict`
/// on a two-year app database (an irregular user logging every fertility signal, 24 months),
/// each call a new day after her last log (a day she logged nothing). `kept` is the loop as it
/// runs: it advances her kept day (`odml_kept_day`); `replayed` deletes the kept day first, so
/// the loop reads and replays her whole history, as it did before days were kept (it then also
/// stores a kept day, which the old path did not: the ratio is, if anything, understated). The
/// two run interleaved, at least `minimumRepetitions` times; `speedup` is replayed / kept. The
/// database uses SQLite's rollback journal, as a file opens by default; cases ending `_wal` run
/// the same on a database in WAL mode (one `fsync` per commit instead of the journal's several),
/// the mode an app using GRDB's `DatabasePool` or Core Data runs.
///
/// `replayed` deletes the kept day through a second connection with `synchronous = OFF`, so its
/// time holds no extra commit to disk. Case `daily_write_<name>` (and `_wal`), interleaved with
/// the two, is the commit alone: the same rows a forecast writes, for a new day, written in one
/// transaction on a third copy of the database with no forecast computed. It is the floor under
/// any daily forecast that writes its rows; `speedup_p99_ceiling` on the kept case is replayed /
/// that floor at p99, the largest p99 ratio a forecast computed in no time could reach. A
/// `--filter` that selects one of the three (`_kept`, `daily_write`) runs it alone: interleaved
/// with the replay, the kept path runs on caches the replay has just filled with its own data.
///
/// Case `daily_predict_<name>_relaunched` (and `_wal`) is the kept path after the app relaunched:
/// each call wraps the open connection in a new `AppDatabase`, as an app does at launch, so the
/// kept day is read from its row and decoded (`kept` finds it decoded under the row's token,
/// `_DecodedKeptDay`), on a fourth copy of the database; the model stays loaded.
///
/// Cases `kept_day_decode` and `_daily_rows`: reading her kept day (`KeptCycleDay(encoded:)`) as
/// stored after her last log, without and with the LSTM's daily rows.
///
/// Cases `model_load_encrypted` and `_two_decryptions`: `CycleModel.load` of an encrypted copy
/// of `Models/cycle-gbt.odml` (100,000 PBKDF2 rounds), against the same load plus the second
/// read and decryption the loader made before it read the checksum from its one read.
enum DailyPathSuite {
    /// Repetitions at least: the aims are p99 ratios, and of 50 samples the p99 is the slowest one.
    static let minimumRepetitions = 200

    static func run(_ harness: BenchmarkHarness) throws {
        var options = harness.options
        options.repetitions = max(options.repetitions, minimumRepetitions)
        let harness = BenchmarkHarness(suite: harness.suite, options: options)
        BLAS.threadCount = 1
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("odml-bench-dailypath-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let history = DailyPathDatabase.history()
        for name in ["gbt", "lstm"] {
            for writeAheadLog in [false, true] where !caseNames(model: name, writeAheadLog: writeAheadLog).filter(harness.shouldRun).isEmpty {
                try measureDailyPredict(harness, history: history, model: name, writeAheadLog: writeAheadLog, in: directory)
            }
        }
        if harness.shouldRun("kept_day_decode") {
            for keepsDailyRows in [false, true] {
                let kept = KeptCycleDay(history: history, through: history.records.last!.date, keepsDailyRows: keepsDailyRows)
                let bytes = try kept.encoded()
                let measurement = harness.measure { BenchmarkHarness.blackHole(try? KeptCycleDay(encoded: bytes)) }
                harness.report("kept_day_decode\(keepsDailyRows ? "_daily_rows" : "")", measurement, extra: ["bytes": bytes.count])
            }
        }
        if harness.shouldRun("model_load_encrypted") {
            let url = directory.appendingPathComponent("cycle-gbt-encrypted.odml")
            try ModelFile.read(from: URL(fileURLWithPath: "Models/cycle-gbt.odml")).write(to: url, password: "bench")
            var failure: (any Error)?
            let measurements = harness.measure([
                {
                    do { BenchmarkHarness.blackHole(try CycleModel.load(url.path, password: "bench")) } catch { failure = error }
                },
                {
                    do {
                        BenchmarkHarness.blackHole(try CycleModel.load(url.path, password: "bench"))
                        BenchmarkHarness.blackHole(try ModelFile.inspect(contentsOf: url, password: "bench"))
                    } catch { failure = error }
                },
            ])
            if let failure { throw failure }
            harness.report("model_load_encrypted", measurements[0], extra: [
                "speedup_median": BenchmarkHarness.rounded(measurements[1].medianMicroseconds / measurements[0].medianMicroseconds),
            ])
            harness.report("model_load_encrypted_two_decryptions", measurements[1])
        }
    }

    /// Cases `daily_predict_<name>_kept`, `_replayed` and `daily_write_<name>` (ending `_wal`
    /// when `writeAheadLog`), on databases created in `directory`: those `--filter` selects,
    /// interleaved (`interleaved_with` in the output: how many other cases ran between two calls).
    static func measureDailyPredict(_ harness: BenchmarkHarness, history: UserHistory, model name: String, writeAheadLog: Bool,
                                    in directory: URL) throws {
        let suffix = writeAheadLog ? "_wal" : ""
        let model = try CycleModel.load("Models/cycle-\(name).odml")
        func path(_ role: String) -> String { directory.appendingPathComponent("\(name)\(suffix)-\(role).sqlite").path }
        func database(_ role: String) throws -> AppDatabase {
            try DailyPathDatabase.create(history, at: path(role), writeAheadLog: writeAheadLog)
        }
        let kept = try database("kept"), replayed = try database("replayed"), floor = try database("floor")
        let relaunched = try database("relaunched")
        var unsynchronized = Configuration()
        unsynchronized.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = OFF") }
        let replayedCleaner = try DatabaseQueue(path: path("replayed"), configuration: unsynchronized)
        let keptLoop = OnDeviceLoop(database: kept, model: model, generator: try CyclePhrases.shared)
        let replayedLoop = OnDeviceLoop(database: replayed, model: model, generator: try CyclePhrases.shared)
        let last = history.records.last!.date
        var keptDay = last, replayedDay = last, floorDay = last, relaunchedDay = last
        let rows = try keptLoop.predict(at: DailyPathDatabase.noon(keptDay)).batch
        _ = try replayedLoop.predict(at: DailyPathDatabase.noon(replayedDay))
        /// The loop as an app builds it at launch, on the open connection.
        func relaunchedLoop() throws -> OnDeviceLoop {
            OnDeviceLoop(database: try AppDatabase(relaunched.writer, name: relaunched.name, timeZone: relaunched.timeZone),
                         model: model, generator: try CyclePhrases.shared)
        }
        _ = try relaunchedLoop().predict(at: DailyPathDatabase.noon(relaunchedDay))
        var failure: (any Error)?
        let names = caseNames(model: name, writeAheadLog: writeAheadLog)
        let bodies: [() -> Void] = [
            {
                keptDay = keptDay.advanced(by: 1)
                do { BenchmarkHarness.blackHole(try keptLoop.predict(at: DailyPathDatabase.noon(keptDay))) } catch { failure = error }
            },
            {
                replayedDay = replayedDay.advanced(by: 1)
                do {
                    try replayedCleaner.write { db in try db.execute(sql: "DELETE FROM odml_kept_day WHERE 1") }
                    BenchmarkHarness.blackHole(try replayedLoop.predict(at: DailyPathDatabase.noon(replayedDay)))
                } catch { failure = error }
            },
            {
                floorDay = floorDay.advanced(by: 1)
                do { BenchmarkHarness.blackHole(try floor.write(rowsOfDay(rows, day: floorDay, version: model.version))) } catch { failure = error }
            },
            {
                relaunchedDay = relaunchedDay.advanced(by: 1)
                do { BenchmarkHarness.blackHole(try relaunchedLoop().predict(at: DailyPathDatabase.noon(relaunchedDay))) } catch { failure = error }
            },
        ]
        let selected = names.indices.filter { harness.shouldRun(names[$0]) }
        let measured = harness.measure(selected.map { bodies[$0] })
        if let failure { throw failure }
        var time: [Int: BenchmarkMeasurement] = [:]
        for (index, measurement) in zip(selected, measured) { time[index] = measurement }
        let extra: [String: Any] = ["days_logged": history.records.count, "months": 24, "threads": 1,
                                    "journal": writeAheadLog ? "wal" : "rollback", "interleaved_with": selected.count - 1]
        for index in [0, 3] {
            guard let keptTime = time[index] else { continue }
            var ratios: [String: Any] = [:]
            if let replayedTime = time[1] {
                ratios["speedup_median"] = BenchmarkHarness.rounded(replayedTime.medianMicroseconds / keptTime.medianMicroseconds)
                ratios["speedup_p99"] = BenchmarkHarness.rounded(replayedTime.p99Microseconds / keptTime.p99Microseconds)
                if let floorTime = time[2] {
                    ratios["speedup_p99_ceiling"] = BenchmarkHarness.rounded(replayedTime.p99Microseconds / floorTime.p99Microseconds)
                }
            }
            harness.report(names[index], keptTime, extra: extra.merging(ratios) { $1 })
        }
        if let replayedTime = time[1] { harness.report(names[1], replayedTime, extra: extra) }
        if let floorTime = time[2] { harness.report(names[2], floorTime, extra: extra) }
    }

    /// The cases of `model` in one journal mode: kept, replayed, the commit alone, kept after a relaunch.
    static func caseNames(model name: String, writeAheadLog: Bool) -> [String] {
        let suffix = writeAheadLog ? "_wal" : ""
        return ["daily_predict_\(name)_kept\(suffix)", "daily_predict_\(name)_replayed\(suffix)", "daily_write_\(name)\(suffix)",
                "daily_predict_\(name)_relaunched\(suffix)"]
    }

    /// `batch`'s rows as the loop would write them on `day`: the same values under that day's ids.
    static func rowsOfDay(_ batch: DayBatch, day: CalendarDay, version: String) -> DayBatch {
        var moved = batch
        moved.day = day
        for index in moved.predictions.indices {
            moved.predictions[index].id = OnDeviceLoop.rowID(table: "predictions", kind: moved.predictions[index].kind.rawValue,
                                                              day: day, version: version)
            moved.predictions[index].asOf = day
        }
        for index in moved.insights.indices {
            moved.insights[index].id = OnDeviceLoop.rowID(table: "insights", kind: moved.insights[index].kind.rawValue,
                                                           day: day, version: version)
            moved.insights[index].date = day
        }
        return moved
    }
}
#endif
