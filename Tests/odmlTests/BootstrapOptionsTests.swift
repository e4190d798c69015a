import ArgumentParser
import Testing
@testable import odml

/// `--bootstrap` is one option group; each command keeps the default its users know (200 for a
/// quick look, 1,000 where a gate or an off-policy interval is judged) and shows it in its help.
@Suite struct BootstrapOptionsTests {
    @Test func eachCommandKeepsItsDefault() throws {
        #expect(try EvaluateCommand.parse(["--data", CommandLines.directory]).bootstrap.resamples == 200)
        #expect(try CompareCommand.parse(["--data", CommandLines.directory]).bootstrap.resamples == 200)
        #expect(try LearningCurveCommand.parse(["--data", CommandLines.directory, "--models", "rules"]).bootstrap.resamples == 1_000)
        #expect(try ValidateCommand.parse([]).bootstrap.resamples == 1_000)
        #expect(try BanditOPECommand.parse(["--log", CommandLines.file]).bootstrap.resamples == 1_000)
        #expect(try BanditReplayCommand.parse(["--log", CommandLines.file, "--policy", "linucb"]).bootstrap.resamples == 1_000)
        for (path, resamples) in [(["evaluate"], 200), (["compare"], 200), (["learning-curve"], 1_000), (["validate"], 1_000),
                                  (["bandit", "ope"], 1_000), (["bandit", "replay"], 1_000)] {
            let help = CommandLines.help(path).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(help.contains("--bootstrap <bootstrap> Bootstrap resamples for the 95 % intervals (0: no intervals). (default: \(resamples))"),
                    "\(path)")
        }
    }

    @Test(arguments: [["evaluate"], ["compare"], ["learning-curve"], ["validate"]])
    func aGivenCountIsParsedAndZeroMeansNoIntervals(path: [String]) throws {
        for count in [0, 7] {
            let command = try CommandLines.parse(path, ["--bootstrap", "\(count)"])
            let values = CommandLines.groups(BootstrapOptions<EvaluateCommand>.self, in: command).map(\.resamples)
                + CommandLines.groups(BootstrapOptions<CompareCommand>.self, in: command).map(\.resamples)
                + CommandLines.groups(BootstrapOptions<LearningCurveCommand>.self, in: command).map(\.resamples)
                + CommandLines.groups(BootstrapOptions<ValidateCommand>.self, in: command).map(\.resamples)
            #expect(values == [count], "\(path)")
        }
    }

    @Test func aNegativeCountIsAUsageErrorNamingTheFlag() {
        do {
            _ = try EvaluateCommand.parse(["--data", CommandLines.directory, "--bootstrap=-1"])
            Issue.record("--bootstrap=-1 parsed")
        } catch {
            #expect(EvaluateCommand.message(for: error) == "--bootstrap: expected 0 or more resamples, found -1")
            #expect(EvaluateCommand.exitCode(for: error) == .validationFailure)
        }
    }
}
