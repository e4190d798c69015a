import Foundation
import Testing
@testable import odml

/// `odml import fedcycle` and `odml import cycles` as a user runs them: the files written, the
/// account on stderr, evaluation of the result, and the error line and exit code of a bad file.
@Suite struct ImportCommandTests {
    /// A three-cycle Marquette-style file: byte-order mark, CRLF, blank cells as " ", an ignored column.
    static let fedCycle: String = {
        let header = "ClientID,CycleNumber,LengthofCycle,EstimatedDayofOvulation,LengthofLutealPhase,FirstDayofHigh,CycleWithPeakorNot,"
            + "LengthofMenses,MensesScoreDayOne,MensesScoreDayTwo,MensesScoreDayThree,MensesScoreDayFour,MensesScoreDayFive,"
            + "MensesScoreDaySix,MensesScoreDaySeven,MensesScoreDayEight,MensesScoreDayNine,MensesScoreDayTen,MensesScoreDay11,"
            + "MensesScoreDay12,MensesScoreDay13,MensesScoreDay14,MensesScoreDay15,BMI"
        let blanks = Array(repeating: " ", count: 11).joined(separator: ",")
        let rows = [
            "a1,1,29,17,12,13,1,4,3,3,2,1,\(blanks),21.2",
            "a1,2,28,15,13,12,1,5,3,2,2,1,1,\(Array(repeating: " ", count: 10).joined(separator: ",")), ",
            "a1,3,30, , , ,0,4,2,2,1,1,\(blanks), ",
            "b7,1,26,13,13,10,1, , , , , ,\(blanks), ",
        ]
        return "\u{FEFF}" + ([header] + rows).joined(separator: "\r\n") + "\r\n"
    }()

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("odml-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func importIsRegisteredWithBothSubcommands() {
        let names = ODML.configuration.subcommands.map { $0.configuration.commandName ?? "" }
        #expect(names.contains("import"))
        #expect(ImportCommand.configuration.subcommands.map { $0.configuration.commandName ?? "" } == ["fedcycle", "cycles"])
        for help in [ImportFedCycleCommand.helpMessage(), ImportCyclesCommand.helpMessage()] {
            #expect(help.contains("--out"))
            #expect(help.contains("--lenient"))
        }
    }

    @Test func importHelpMatchesSnapshot() throws {
        let result = try ODMLProcess.run(["import", "--help"])
        #expect(result.exitCode == 0)
        try Snapshot.expectMatch(result.standardOutput, named: "import-help")
    }

    @Test func fedcycleImportThenEvaluateRules() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("FedCycle.csv")
        try Self.fedCycle.write(to: input, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("dataset").path
        let imported = try ODMLProcess.run(["import", "fedcycle", input.path, "--out", out])
        #expect(imported.exitCode == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.isEmpty)
        #expect(imported.standardError.hasPrefix("read 4 rows: imported 4 (2 users, 6 period starts), dropped 0, skipped 0 invalid\n"))
        for name in ["user_profile.csv", "cycle_entries.csv", "truth.csv", "manifest.json", "measurements.csv"] {
            #expect(FileManager.default.fileExists(atPath: out + "/" + name), "\(name) missing")
        }
        let evaluated = try ODMLProcess.run(["evaluate", "--model", "rules", "--data", out, "--json", "--bootstrap", "10"])
        #expect(evaluated.exitCode == 0, "\(evaluated.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(evaluated.standardOutput.utf8)) as? [String: Any])
        #expect(report["users"] as? Int == 2)
        #expect(report["cycles"] as? Int == 4)
        #expect(report["period_start.alert_accuracy"] is Double)
        let oracle = try ODMLProcess.run(["evaluate", "--model", "oracle", "--data", out, "--json", "--bootstrap", "0"])
        #expect(oracle.exitCode == 0, "\(oracle.standardError)")
    }

    @Test func cyclesImportThenEvaluateRules() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("starts.csv")
        try "user_id,cycle_start,cycle_end\nu1,2025-03-01,2025-03-05\nu1,2025-01-02,\nu1,2025-01-30,2025-02-02\nu2,2025-01-10,\nu2,2025-02-12,\n"
            .write(to: input, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("dataset").path
        let imported = try ODMLProcess.run(["import", "cycles", input.path, "--out", out])
        #expect(imported.exitCode == 0, "\(imported.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out + "/truth.csv"))
        let evaluated = try ODMLProcess.run(["evaluate", "--model", "rules", "--data", out, "--json", "--bootstrap", "10"])
        #expect(evaluated.exitCode == 0, "\(evaluated.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(evaluated.standardOutput.utf8)) as? [String: Any])
        #expect(report["users"] as? Int == 2)
        #expect(report["cycles"] as? Int == 3)
    }

    @Test(arguments: [
        ("fedcycle", "\u{FEFF}ClientID,CycleNumber\r\na1,1\r\n", "error: bad.csv:1: missing column \"LengthofCycle\" in the header\n"),
        ("fedcycle", fedCycle.replacingOccurrences(of: "a1,2,28,", with: "a1,2,2x,"),
         "error: bad.csv:3: column LengthofCycle: found \"2x\", expected an integer in 3...200 (days) or blank\n"),
        ("cycles", "user_id,cycle_start\nu1,2025-1-3\n", "error: bad.csv:2: column cycle_start: found \"2025-1-3\", expected a date YYYY-MM-DD\n"),
        ("cycles", "user_id,cycle_start\nu1,2025-01-03\nu1,2025-01-03\n",
         "error: bad.csv:3: duplicate row for user u1, cycle_start 2025-01-03 (first on line 2)\n"),
    ])
    func aBadFilePrintsOneErrorLineAndExitsWithOne(subcommand: String, text: String, expected: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("bad.csv")
        try text.write(to: input, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("dataset").path
        let result = try ODMLProcess.run(["import", subcommand, input.path, "--out", out])
        #expect(result.exitCode == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == expected)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func lenientImportListsSkippedRows() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("starts.csv")
        try "user_id,cycle_start\nu1,2025-01-02\nu1,someday\nu1,2025-01-31\n".write(to: input, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("dataset").path
        let result = try ODMLProcess.run(["import", "cycles", input.path, "--out", out, "--lenient"])
        #expect(result.exitCode == 0)
        #expect(result.standardError.contains("  skipped starts.csv:3: column cycle_start: found \"someday\", expected a date YYYY-MM-DD\n"))
    }

    @Test func aMissingInputFileIsAUsageError() throws {
        let result = try ODMLProcess.run(["import", "fedcycle", "/nonexistent/FedCycle.csv", "--out", "/tmp/never-written"])
        #expect(result.exitCode == 64)
        #expect(result.standardError.hasPrefix("Error: <file>: no cohort CSV file at \"/nonexistent/FedCycle.csv\"\n"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written"))
        let missingOut = try ODMLProcess.run(["import", "cycles", "x.csv"])
        #expect(missingOut.exitCode != 0)
        #expect(missingOut.standardError.hasPrefix("Error: "))
    }
}
