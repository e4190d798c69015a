import Foundation
import Testing
import CyclesLab

/// `odml validate` as a user runs it: exit status 0 GO, 1 NO-GO, 2 error.
@Suite struct ValidateCommandTests {
    /// The built `odml`: `$ODML_BINARY`, else beside this test executable (SwiftPM builds every
    /// product of the package into the same directory), else `.build/debug/odml`.
    static let binary: URL? = {
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["ODML_BINARY"] { candidates.append(URL(fileURLWithPath: override)) }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(executable.deletingLastPathComponent().appendingPathComponent("odml"))
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("odml"))
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("odml"))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/odml"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static func run(_ arguments: [String], in directory: URL) throws -> (status: Int32, output: String, error: String) {
        guard let binary else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "odml binary not found; build it (`swift build`) or set ODML_BINARY"])
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }

    /// Small and quick: few users, few timings (so the latency gates are not measured either).
    static let quick = ["--users", "12", "--months", "6", "--latency-predictions", "20", "--bootstrap", "50"]

    @Test func rulesAsACandidateIsNoGoWithExitOneAndWritesTheReport() throws {
        let directory = try TestSupport.temporaryDirectory()
        let result = try Self.run(["validate", "--model", "rules", "--report", "out"] + Self.quick, in: directory)
        #expect(result.status == 1, "\(result.error)")
        #expect(result.output.contains("rules-candidate"))
        #expect(result.output.hasSuffix("\n"))
        #expect(result.output.split(separator: "\n").last?.hasPrefix("NO-GO: ") == true)
        #expect(result.error.contains("generating 12 held-out irregular users"))
        for name in ["report.json", "report.md", "accuracy-by-cycle-day.svg", "learning-curve.svg", "latency.svg"] {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/\(name)").path), "\(name)")
        }
    }

    @Test func theDefaultRunPrintsTheScenarioTableAndTheVerdictNamesTheLogging() throws {
        let directory = try TestSupport.temporaryDirectory()
        let result = try Self.run(["validate", "--model", "rules", "--json"] + Self.quick, in: directory)
        #expect(result.status == 1, "\(result.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let scenarios = try #require(json["scenarios"] as? [String: Any])
        #expect((scenarios["rows"] as? [Any])?.count == 6)
        #expect(scenarios["cheapest_passing"] is NSNull)
        #expect((json["summary"] as? String)?.hasPrefix("NO-GO: no logging scenario passes every gate; closest: ") == true)
        #expect(result.error.contains("generating the scenario users: 12 irregular-every-signal users × 6 months (seed 424242)"))
        #expect(result.error.contains("scenario 2/6, + LH tests: evaluating rules-candidate on 12 users"))
        #expect(result.error.contains("ideal observer") == false)

        let plain = try Self.run(["validate", "--model", "rules", "--no-scenarios"] + Self.quick, in: directory)
        #expect(plain.status == 1)
        #expect(!plain.output.contains("logging scenarios:"))
        #expect(plain.output.split(separator: "\n").last?.hasPrefix("NO-GO: ") == true)
        #expect(plain.output.split(separator: "\n").last?.contains(" gates passed") == true)
    }

    @Test func helpStatesTheExitCodeContract() throws {
        let result = try Self.run(["validate", "--help"], in: try TestSupport.temporaryDirectory())
        #expect(result.status == 0)
        let help = result.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("Exit status: 0 GO, 1 NO-GO, 2 error"))
        #expect(help.contains("The status follows the spike's verdict"))
        #expect(help.contains("GO means that in at least one logging scenario at least one model passes every gate"))
        #expect(help.contains("\"GO with LH tests (…); NO-GO with symptoms only (…)\""))
        #expect(help.contains("--no-scenarios"))
        #expect(help.contains("--ideal-observer"))
    }

    @Test func robustnessDataAddsARowToThePanelAndTheCalendarFloorGateIsShown() throws {
        let directory = try TestSupport.temporaryDirectory()
        try TestSupport.longCycles.write(to: directory.appendingPathComponent("long"))
        let result = try Self.run(["validate", "--model", "calendar", "--robustness-data", "long"] + Self.quick, in: directory)
        #expect(result.status == 1, "\(result.error)")
        #expect(result.output.contains("calendar-candidate"))
        #expect(result.output.contains("robustness panel: alert accuracy [95 % CI]"))
        #expect(result.output.contains("\nreal: long "))
        #expect(result.output.contains("no model below the calendar (every panel row)  calendar-candidate  +0.0 pt"))
        #expect(result.error.contains("robustness panel 6/6, real: long: evaluating calendar-candidate"))
    }

    @Test func noModelFilesIsNoGoAndJSONSaysSo() throws {
        let directory = try TestSupport.temporaryDirectory()
        let result = try Self.run(["validate", "--json"] + Self.quick, in: directory)
        #expect(result.status == 1, "\(result.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["verdict"] as? String == "NO-GO")
        #expect(result.error.contains("no model file in Models/"))
    }

    @Test(arguments: [
        (["--model", "Models/absent.odml"], "Models/absent.odml: model file not found"),
        (["--gates", "absent.json"], "absent.json: cannot read the gates file"),
        (["--cohort", "lunar"], "unknown cohort \"lunar\""),
        (["--data", "no-such-dir"], "no-such-dir"),
        (["--model", "no-such-model"], "unknown model \"no-such-model\""),
        (["--ideal-observer", "absent.json"], "absent.json: cannot read the file; write it with scripts/ideal_observer.py --results"),
    ])
    func errorsExitTwoWithOneLine(arguments: [String], message: String) throws {
        let directory = try TestSupport.temporaryDirectory()
        let result = try Self.run(["validate"] + arguments + Self.quick, in: directory)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        let lines = result.error.split(separator: "\n").filter { !$0.hasPrefix("[") }
        #expect(lines.count == 1, "\(result.error)")
        #expect(lines.first?.hasPrefix("error: ") == true)
        #expect(result.error.contains(message), "\(result.error)")
    }

    /// The exit status follows the spike's verdict: a gates file that makes a target a gate
    /// decides with it, and one that repeats a Spike S3 gate's name is an error.
    @Test func aGatesFileMakesATargetAGateAndCannotRepeatASpikeGate() throws {
        let directory = try TestSupport.temporaryDirectory()
        try Data(#"{"gates": [{"name": "latency p99 < 150 ms (phase 1)"}]}"#.utf8).write(to: directory.appendingPathComponent("promote.json"))
        let promoted = try Self.run(["validate", "--model", "rules", "--no-scenarios", "--json", "--gates", "promote.json"] + Self.quick,
                                    in: directory)
        #expect(promoted.status == 1, "\(promoted.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(promoted.output.utf8)) as? [String: Any])
        let lines = try #require(json["summary_lines"] as? [String])
        #expect(lines.count == 3)
        #expect(lines[0].contains("latency p99 < 150 ms (phase 1)"))
        let gates = try #require(json["gates"] as? [[String: Any]])
        #expect(gates.contains { $0["name"] as? String == "latency p99 < 150 ms (phase 1)" && $0["kind"] as? String == "go-no-go" })

        try Data(#"{"gates": [{"name": "model file size < 10 MB", "metric": "model.file_bytes", "comparison": "<", "limit": 1}]}"#.utf8)
            .write(to: directory.appendingPathComponent("repeat.json"))
        let repeated = try Self.run(["validate", "--gates", "repeat.json"] + Self.quick, in: directory)
        #expect(repeated.status == 2)
        #expect(repeated.error.contains("two gates are named \"model file size < 10 MB\""), "\(repeated.error)")
    }

    @Test func malformedGatesFileExitsTwoNamingTheField() throws {
        let directory = try TestSupport.temporaryDirectory()
        try Data(#"{"gates": [{"name": "x", "metric": "latency.p99_us", "comparison": "~", "limit": 1}]}"#.utf8)
            .write(to: directory.appendingPathComponent("gates.json"))
        let result = try Self.run(["validate", "--gates", "gates.json"] + Self.quick, in: directory)
        #expect(result.status == 2)
        #expect(result.error.contains("gates.json: gates[0].comparison: found \"~\""), "\(result.error)")
    }
}
