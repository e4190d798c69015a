import ArgumentParser
import Foundation
import Testing
@testable import odml

@Suite struct CyclesCommandTests {
    func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("odml-cycles-\(UUID().uuidString)").path
    }

    func exitCode(_ body: () throws -> Void) -> Int32? {
        do { try body() } catch let error as ExitCode { return error.rawValue } catch { return -1 }
        return nil
    }

    @Test func cyclesCommandsAreRegistered() {
        let names = ODML.configuration.subcommands.map { $0.configuration.commandName ?? "" }
        #expect(names.contains("generate"))
        #expect(names.contains("evaluate"))
        #expect(names.contains("compare"))
    }

    @Test func helpNamesTheOptions() {
        let generate = GenerateCommand.helpMessage()
        for option in ["--cohort", "--users", "--months", "--seed", "--out", "--report", "--config"] {
            #expect(generate.contains(option), "generate --help lacks \(option)")
        }
        #expect(EvaluateCommand.helpMessage().contains("--model"))
        #expect(CompareCommand.helpMessage().contains("--models"))
    }

    @Test func generateRejectsBadArguments() {
        #expect(throws: (any Error).self) { try GenerateCommand.parse(["--users", "0", "--out", "x"]) }
        #expect(throws: (any Error).self) { try GenerateCommand.parse(["--users", "5"]) }
        #expect(throws: (any Error).self) { try CompareCommand.parse(["--data", "x", "--models", "rules,,oracle"]) }
    }

    @Test func generateThenEvaluateAndCompare() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let generate = try GenerateCommand.parse(["--cohort", "irregular", "--users", "6", "--months", "4", "--seed", "3", "--out", directory])
        try generate.run()
        for name in ["user_profile.csv", "cycle_entries.csv", "symptom_logs.csv", "truth.csv", "manifest.json"] {
            #expect(FileManager.default.fileExists(atPath: directory + "/" + name), "\(name) missing")
        }
        let evaluate = try EvaluateCommand.parse(["--model", "oracle", "--data", directory, "--json", "--bootstrap", "10"])
        try evaluate.run()
        let compare = try CompareCommand.parse(["--data", directory, "--models", "rules,oracle", "--bootstrap", "10"])
        try compare.run()
        let report = try GenerateCommand.parse(["--report", directory])
        // 6 users cannot match every reference row: the report runs and fails with exit code 2.
        let code = exitCode { try report.run() }
        #expect(code == nil || code == 2)
    }

    /// What only the data can tell (no truth for the oracle) exits with 1; an unknown model name or a
    /// missing dataset is a usage error before any data is read.
    @Test func oracleWithoutTruthExitsWithOneAndUnknownModelsAreUsageErrors() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let generate = try GenerateCommand.parse(["--cohort", "regular", "--users", "3", "--months", "3", "--out", directory])
        try generate.run()
        try FileManager.default.removeItem(atPath: directory + "/truth.csv")
        let compare = try CompareCommand.parse(["--data", directory, "--models", "rules,oracle"])
        #expect(exitCode { try compare.run() } == 1)
        for arguments in [["--model", "nope", "--data", directory], ["--data", directory + "/absent"]] {
            #expect(throws: (any Error).self) { try EvaluateCommand.parse(arguments) }
            do { _ = try EvaluateCommand.parse(arguments) } catch {
                #expect(EvaluateCommand.exitCode(for: error).rawValue == 64, "\(arguments)")
            }
        }
    }
}
