import Foundation
import OnDeviceML
import Testing

/// `odml predict --write`, `reconcile`, `finetune --data app.sqlite` and `replay` as a user runs
/// them on the app's database (made from the ShifAI DDL, `AppDatabase.shifaiSchema`).
@Suite struct AppDatabaseCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let shippedGBT = root.appendingPathComponent("Models/cycle-gbt.odml").path

    /// A fresh directory.
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("odml-appdb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// An app database holding one generated irregular user's first `months` months.
    static func appDatabase(at url: URL, months: Int = 6, seed: UInt64 = 11) throws -> UserHistory {
        let history = SyntheticCycles.generate(config: .irregular, users: 1, months: months, seed: seed).users[0]
        let database = try AppDatabase.create(path: url.path, profile: history.profile, timeZone: .current)
        for record in history.records {
            try database.log(record, cycleDay: history.lastPeriodStart(onOrBefore: record.date).map { $0.distance(to: record.date) + 1 },
                             at: record.date.unixTimestamp(hour: 21, timeZone: .current))
        }
        return history
    }

    @Test(arguments: ["predict", "reconcile", "finetune", "replay"])
    func helpMatchesSnapshot(command: String) throws {
        let result = try ODMLProcess.run([command, "--help"])
        #expect(result.exitCode == 0)
        try Snapshot.expectMatch(result.standardOutput, named: "\(command)-help")
    }

    @Test func predictWriteReconcileFinetuneThroughTheCLI() throws {
        let directory = try Self.directory()
        let url = directory.appendingPathComponent("app.sqlite")
        let history = try Self.appDatabase(at: url)
        let day = history.periodStarts[3].advanced(by: 2).iso
        let write = ["predict", "--data", url.path, "--write", "--date", day, "--json"]
        let first = try ODMLProcess.run(write)
        #expect(first.exitCode == 0, "\(first.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(first.standardOutput.utf8)) as? [String: Any])
        #expect(report["inserted"] as? Int ?? 0 > 0 && report["model_version"] as? String == "rules@\(OnDeviceMLVersion.current)")
        #expect(first.standardError.contains("writing"))
        let again = try ODMLProcess.run(write)
        #expect(again.exitCode == 0)
        #expect((try JSONSerialization.jsonObject(with: Data(again.standardOutput.utf8)) as? [String: Any])?["inserted"] as? Int == 0)

        let reconcile = try ODMLProcess.run(["reconcile", "--data", url.path, "--json"])
        #expect(reconcile.exitCode == 0, "\(reconcile.standardError)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(reconcile.standardOutput.utf8)) as? [String: Any])
        #expect((summary["filled"] as? [String: Int])?["period_start"] == 1)

        let finetune = try ODMLProcess.run(["finetune", "--data", url.path, "--model", "rules", "--json"])
        #expect(finetune.exitCode == 0, "\(finetune.standardError)")
        let tuned = try #require(try JSONSerialization.jsonObject(with: Data(finetune.standardOutput.utf8)) as? [String: Any])
        let version = try #require(tuned["model_version"] as? String)
        let database = try AppDatabase.open(path: url.path)
        #expect(try database.activeModelEntry()?.modelVersion == version)
        // The next day is forecast by the active model, without --model.
        let next = try ODMLProcess.run(["predict", "--data", url.path, "--write", "--date", history.periodStarts[3].advanced(by: 3).iso])
        #expect(next.exitCode == 0 && next.standardOutput.contains("(\(version))"), "\(next.standardOutput)\(next.standardError)")
        try database.checkIntegrity()
    }

    /// Each bad database and a piece of the one error line every command must print.
    @Test(arguments: [
        ("DELETE FROM user_profile", "app.sqlite:user_profile: found 0 rows, expected exactly one"),
        ("INSERT INTO user_profile (id, created_at, onboarding_completed, cycle_type, conditions, preferences) VALUES ('b', 0, 1, 'regular', '[]', '{}')",
         "app.sqlite:user_profile: found 2 rows, expected exactly one"),
        ("UPDATE cycle_entries SET created_at = 'yesterday' WHERE rowid = 3",
         "app.sqlite:cycle_entries:3: column created_at: found \"yesterday\", expected a Unix timestamp in seconds"),
        ("UPDATE symptom_logs SET value = 'high' WHERE rowid = 2",
         "app.sqlite:symptom_logs:2: column value: found \"high\", expected an integer in 1...10"),
    ])
    func badDatabasesGiveOneErrorLine(sql: String, message: String) throws {
        let directory = try Self.directory()
        let url = directory.appendingPathComponent("app.sqlite")
        let history = try Self.appDatabase(at: url, months: 2, seed: 12)  // seed 11 is a period-only user: no symptom_logs
        try AppDatabase.open(path: url.path).writer.write { db in try db.execute(sql: sql) }
        let day = history.periodStarts[0].advanced(by: 10).iso
        for arguments in [["predict", "--data", url.path, "--write", "--date", day], ["reconcile", "--data", url.path],
                          ["finetune", "--data", url.path, "--model", "rules"]] {
            let result = try ODMLProcess.run(arguments)
            #expect(result.exitCode == 1, "\(arguments)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(arguments): \(result.standardError)")
        }
    }

    @Test func multiUserDataIsNotAnAppDatabaseForTheLoop() throws {
        let url = try Self.directory().appendingPathComponent("dataset.sqlite")
        try SyntheticCycles.generate(config: .irregular, users: 2, months: 2, seed: 3).write(sqlite: url)
        let result = try ODMLProcess.run(["reconcile", "--data", url.path])
        #expect(result.exitCode == 1)
        #expect(result.standardError.contains("not the app's database"), "\(result.standardError)")
    }

    @Test func replayRunsTheLoopOnANewAppDatabase() throws {
        let url = try Self.directory().appendingPathComponent("replay.sqlite")
        let result = try ODMLProcess.run(["replay", "--model", "rules", "--months", "3", "--out", url.path, "--json"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let days = try #require(report["days_predicted"] as? Int)
        #expect(days > 30 && report["insight_rows"] as? Int == days)
        let database = try AppDatabase.open(path: url.path)
        try database.checkIntegrity()
        #expect(try database.insights().count == days)
        #expect(try database.modelLog().count == days / 7)
    }
}
