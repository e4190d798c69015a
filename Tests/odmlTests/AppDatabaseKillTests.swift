import Foundation
import OnDeviceML
import Testing

/// SIGKILLs `odml predict --write` and `odml finetune --data app.sqlite` right after they announce
/// a write (stderr), at a seeded random delay of 0–3 ms, and checks after each kill that the
/// database opens, `PRAGMA integrity_check` is ok, every forecast day holds all its rows or none,
/// and the active model's file reads with the recorded version.
///
/// `ODML_KILL_COUNT` kills per command (default 3, for CI); `make kill-test` runs 100. Each run
/// prints how many kills left a hot journal, i.e. landed inside a write transaction.
@Suite(.serialized) struct AppDatabaseKillTests {
    static var killCount: Int { Int(ProcessInfo.processInfo.environment["ODML_KILL_COUNT"] ?? "") ?? 3 }

    /// Starts `odml arguments`, waits for stderr to contain one of `markers`, sleeps `delay`
    /// microseconds and kills it. Returns whether the marker was seen, whether it was killed,
    /// and whether a hot journal was left.
    static func killAfterMarker(_ arguments: [String], markers: [String], delay: UInt32, database: URL) throws -> (seen: Bool, killed: Bool, hotJournal: Bool, output: String) {
        let process = Process()
        process.executableURL = try #require(ODMLProcess.executable)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var output = ""
        let deadline = Date().addingTimeInterval(300)
        while !markers.contains(where: output.contains) && Date() < deadline {
            let data = errors.fileHandleForReading.availableData
            if data.isEmpty { break }
            output += String(decoding: data, as: UTF8.self)
        }
        let seen = markers.contains(where: output.contains)
        if seen {
            usleep(delay)
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        let journal = database.path + "-journal"
        let size = (try? FileManager.default.attributesOfItem(atPath: journal)[.size] as? Int) ?? 0
        return (seen, process.terminationReason == .uncaughtSignal, size > 0, output)
    }

    /// An app database with one generated user's 12 months.
    static func database() throws -> (url: URL, history: UserHistory) {
        let url = try AppDatabaseCommandTests.directory().appendingPathComponent("app.sqlite")
        return (url, try AppDatabaseCommandTests.appDatabase(at: url, months: 12, seed: 17))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: AppDatabaseCommandTests.shippedGBT)))
    func killedPredictWritesLeaveWholeDays() throws {
        let (url, history) = try Self.database()
        var generator = SeededGenerator(seed: 23)
        var killed = 0, hot = 0
        for index in 0..<Self.killCount {
            let day = history.periodStarts[1].advanced(by: index)
            let run = try Self.killAfterMarker(["predict", "--data", url.path, "--write", "--date", day.iso, "--model", AppDatabaseCommandTests.shippedGBT],
                                               markers: ["writing"], delay: UInt32(generator.nextInt(below: 3_000)), database: url)
            #expect(run.seen, "no write announced: \(run.output)")
            if run.killed { killed += 1 }
            if run.hotJournal { hot += 1 }
            let database = try AppDatabase.open(path: url.path)
            try database.checkIntegrity()
            let byDay = Dictionary(grouping: try database.predictions(), by: \.asOf)
            #expect(byDay.values.allSatisfy { $0.count == 4 }, "a partial day after kill \(index)")
            #expect(Set(try database.insights().map(\.date)) == Set(byDay.keys))
        }
        // After the kills, every day can still be written, whole.
        let last = history.periodStarts[1].advanced(by: Self.killCount)
        #expect(try ODMLProcess.run(["predict", "--data", url.path, "--write", "--date", last.iso, "--model", AppDatabaseCommandTests.shippedGBT]).exitCode == 0)
        #expect(try AppDatabase.open(path: url.path).predictions().filter { $0.asOf == last }.count == 4)
        print("predict --write: \(Self.killCount) kills after the write was announced, \(killed) killed, \(hot) inside a write transaction (hot journal); database intact every time")
    }

    @Test func killedFineTunesLeaveTheActiveModelReadable() throws {
        let (url, history) = try Self.database()
        let models = url.deletingLastPathComponent().appendingPathComponent("models")
        let password = url.deletingLastPathComponent().appendingPathComponent("password.txt")
        try "kill test\n".write(to: password, atomically: true, encoding: .utf8)
        var generator = SeededGenerator(seed: 29)
        var killed = 0, hot = 0, fileWrites = 0
        let cutoffs = Array(history.periodStarts[3]...history.records.last!.date)
        for index in 0..<Self.killCount {
            let cutoff = cutoffs[(index * 7) % cutoffs.count]
            let run = try Self.killAfterMarker(["finetune", "--data", url.path, "--model", "rules", "--until", cutoff.iso,
                                                "--models-dir", models.path, "--password-file", password.path],
                                               markers: index % 2 == 0 ? ["recording"] : ["writing", "recording"], delay: UInt32(generator.nextInt(below: 3_000)),
                                               database: url)
            if run.killed { killed += 1 }
            if run.hotJournal { hot += 1 }
            if run.output.contains("writing") { fileWrites += 1 }
            let database = try AppDatabase.open(path: url.path)
            try database.checkIntegrity()
            for entry in try database.modelLog() {
                #expect(try CycleModel.load(entry.model, password: "kill test").version == entry.modelVersion)
            }
        }
        print("finetune: \(Self.killCount) runs, \(killed) killed after announcing a write (\(fileWrites) of the runs had announced a personal model file), \(hot) inside a write transaction (hot journal); database and active model intact every time")
    }
}
