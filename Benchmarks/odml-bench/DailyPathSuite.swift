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
            for writeAheadLog in [false, true] where harness.shouldRun("daily_predict_\(name)") {
                try measureDailyPredict(harness, history: history, model: name, writeAheadLog: writeAheadLog, in: directory)
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

    /// Cases `daily_predict_<name>_kept` and `_replayed` (ending `_wal` when `writeAheadLog`), on
    /// databases created in `directory`.
    static func measureDailyPredict(_ harness: BenchmarkHarness, history: UserHistory, model name: String, writeAheadLog: Bool,
                                    in directory: URL) throws {
        let suffix = writeAheadLog ? "_wal" : ""
        let model = try CycleModel.load("Models/cycle-\(name).odml")
        let kept = try DailyPathDatabase.create(history, at: directory.appendingPathComponent("\(name)\(suffix)-kept.sqlite").path,
                                                writeAheadLog: writeAheadLog)
        let replayed = try DailyPathDatabase.create(history, at: directory.appendingPathComponent("\(name)\(suffix)-replayed.sqlite").path,
                                                    writeAheadLog: writeAheadLog)
        let keptLoop = OnDeviceLoop(database: kept, model: model, generator: try CyclePhrases.shared)
        let replayedLoop = OnDeviceLoop(database: replayed, model: model, generator: try CyclePhrases.shared)
        let last = history.records.last!.date
        var keptDay = last, replayedDay = last
        _ = try keptLoop.predict(at: DailyPathDatabase.noon(keptDay))
        _ = try replayedLoop.predict(at: DailyPathDatabase.noon(replayedDay))
        var failure: (any Error)?
        let measurements = harness.measure([
            {
                keptDay = keptDay.advanced(by: 1)
                do { BenchmarkHarness.blackHole(try keptLoop.predict(at: DailyPathDatabase.noon(keptDay))) } catch { failure = error }
            },
            {
                replayedDay = replayedDay.advanced(by: 1)
                do {
                    try replayed.writer.write { db in try db.execute(sql: "DELETE FROM odml_kept_day WHERE 1") }
                    BenchmarkHarness.blackHole(try replayedLoop.predict(at: DailyPathDatabase.noon(replayedDay)))
                } catch { failure = error }
            },
        ])
        if let failure { throw failure }
        let extra: [String: Any] = ["days_logged": history.records.count, "months": 24, "threads": 1,
                                    "journal": writeAheadLog ? "wal" : "rollback"]
        harness.report("daily_predict_\(name)_kept\(suffix)", measurements[0], extra: extra.merging([
            "speedup_median": BenchmarkHarness.rounded(measurements[1].medianMicroseconds / measurements[0].medianMicroseconds),
            "speedup_p99": BenchmarkHarness.rounded(measurements[1].p99Microseconds / measurements[0].p99Microseconds),
        ]) { $1 })
        harness.report("daily_predict_\(name)_replayed\(suffix)", measurements[1], extra: extra)
    }
}
#endif
