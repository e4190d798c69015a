import ArgumentParser
import Foundation
import Testing
@testable import odml
import OnDeviceML

@Suite struct ElaroCommandTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("elaro-cli-\(UUID().uuidString)-\(name)").path
    }

    @Test func helpListsTheSubcommands() {
        let help = ElaroCommand.helpMessage()
        #expect(help.contains("simulate"))
        #expect(help.contains("recommend"))
        #expect(help.contains("ope"))
        #expect(ElaroSimulateCommand.helpMessage().contains("--policy <policy>"))
    }

    @Test func badArgumentsExitNonZeroWithOneLine() {
        let cases: [([String], String)] = [
            (["simulate", "--parents", "0"], "--parents must be > 0, found 0"),
            (["simulate", "--policy", "greedy"], "--policy: unknown policy \"greedy\"; expected linucb, thompson, rules or random"),
            (["recommend", "--state", "s.json", "--lang", "de"], "The value 'de' is invalid for '--lang <lang>'. Please provide one of 'fr' and 'en'."),
        ]
        for (arguments, message) in cases {
            do {
                _ = try ElaroCommand.parseAsRoot(arguments)
                Issue.record("expected \(arguments) to fail")
            } catch {
                #expect(ElaroCommand.message(for: error) == message)
                #expect(ElaroCommand.exitCode(for: error) != .success)
            }
        }
    }

    @Test func simulateWritesLogAndEnvironmentThatOPEReads() throws {
        let log = temporaryPath("log.csv"), environment = temporaryPath("env.json"), plot = temporaryPath("plot.svg")
        defer { for path in [log, environment, plot] { try? FileManager.default.removeItem(atPath: path) } }
        var simulate = try ElaroCommand.parseAsRoot(["simulate", "--parents", "3", "--days", "8", "--policy", "random,rules",
                                                     "--log", log, "--environment", environment, "--plot", plot, "--json"])
        try simulate.run()
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 1 + 3 * 8)
        #expect(try String(contentsOfFile: plot, encoding: .utf8).hasPrefix("<svg"))
        #expect(try SimulationEnvironment.load(contentsOf: URL(fileURLWithPath: environment)).parents.count == 3)
        var ope = try ElaroCommand.parseAsRoot(["ope", "--log", log, "--policy", "thompson", "--environment", environment])
        try ope.run()
    }

    @Test func recommendReportsAMissingStateFieldByName() throws {
        let path = temporaryPath("state.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(#"{"childAge": 5, "activeFocus": "play", "today": 3, "timeOfDay": "evening", "acceptedTags": [], "situations": []}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        var command = try ElaroCommand.parseAsRoot(["recommend", "--state", path])
        #expect(throws: ElaroError.self) { try command.run() }
        do { try command.run() } catch {
            #expect(ElaroCommand.message(for: error).contains("history"))
        }
    }
}
