import Foundation
import Testing

/// A bad command line, as a user meets it: exit status 64 (ArgumentParser's usage error), nothing
/// on stdout, and an `Error:` line on stderr that names the flag — before any data is read.
@Suite struct UsageErrorTests {
    static let directory = FileManager.default.temporaryDirectory.path
    static let file = #filePath

    @Test(arguments: [
        (["evaluate", "--data", "/no/such/dataset"], "Error: --data: no dataset directory or .sqlite file at \"/no/such/dataset\""),
        (["evaluate", "--data", directory, "--bootstrap=-1"], "Error: --bootstrap: expected 0 or more resamples, found -1"),
        (["evaluate", "--data", directory, "--model", "nope"],
         "Error: --model: \"nope\" is neither a built-in model (calendar, period-history, rules, oracle, ovulation-aware) nor an existing .odml file"),
        (["compare", "--data", directory, "--models", "rules,rules"], "Error: --models: lists a name twice: \"rules,rules\""),
        (["compare", "--data", directory, "--models", "rules,absent.odml"],
         "Error: --models: \"absent.odml\" is neither a built-in model (calendar, period-history, rules, oracle, ovulation-aware) nor an existing .odml file"),
        (["predict", "--data", directory, "--date", "2025-1-3"], "Error: The value '2025-1-3' is invalid for '--date <date>': expected a date YYYY-MM-DD"),
        (["predict", "--data", directory, "--password-file", file], "Error: --password-file applies to --write only"),
        (["predict", "--data", directory, "--write", "--lenient"], "Error: --lenient does not apply to --write"),
        (["predict", "--data", directory, "--write", "--model", "oracle"],
         "Error: --model: \"oracle\" is neither a built-in model (calendar, period-history, rules) nor an existing .odml file"),
        (["explain", "--data", directory, "--model", "ovulation"], "Error: --model: \"ovulation\" is neither a built-in model"),
        (["finetune", "--data", directory, "--model", "rules", "--user", "u", "--out", "p.odml", "--until", "2025-02-30"],
         "Error: The value '2025-02-30' is invalid for '--until <until>': expected a date YYYY-MM-DD"),
        (["finetune", "--data", directory, "--model", "rules", "--user", "u", "--out", "p.odml", "--feedback", "/no/such.csv"],
         "Error: --feedback: no feedback file at \"/no/such.csv\""),
        (["finetune", "--data", directory, "--model", "rules", "--user", "u", "--out", "p.odml", "--password-file", "/no/such.txt"],
         "Error: --password-file: no password file at \"/no/such.txt\""),
        (["learning-curve", "--data", directory, "--models", "rules", "--months", "1,x"],
         "Error: --months: expected positive whole numbers separated by commas, found \"1,x\""),
        (["learning-curve", "--data", directory, "--models", "rules", "--users=-2"], "Error: --users: expected 0 (all) or more, found -2"),
        (["learning-curve", "--data", directory, "--models", "rules", "--strategies", "residual,foo"],
         "Error: --strategies: unknown strategy \"foo\", expected residual, luteal or gbt"),
        (["replay", "--model", "gbt"], "Error: --model: \"gbt\" is neither a built-in model (calendar, period-history, rules) nor an existing .odml file"),
        (["reconcile", "--data", "/no/such/app.sqlite"], "Error: --data: no app database at \"/no/such/app.sqlite\""),
        (["generate", "--out", "never-written", "--json"], "Error: --json applies to --report"),
        (["generate", "--report", "/no/such/dataset"], "Error: --report: no dataset directory or .sqlite file at \"/no/such/dataset\""),
        (["generate", "--config", "/no/such/cohort.json", "--print-config"], "Error: --config: no cohort config file at \"/no/such/cohort.json\""),
        (["train", "--model", "gbt", "--data", "/no/such/dataset", "--out", "m.odml"], "Error: --data: no dataset directory at \"/no/such/dataset\""),
        (["validate", "--users", "0"], "Error: --users: expected at least 1, found 0"),
        (["validate", "--latency-predictions", "0"], "Error: --latency-predictions: expected at least 1, found 0"),
        (["validate", "--bootstrap=-5"], "Error: --bootstrap: expected 0 or more resamples, found -5"),
        (["inspect", "/no/such/model.odml"], "Error: <file>: no model file at \"/no/such/model.odml\""),
        (["inspect", file, "--password-file", "/no/such/password.txt"], "Error: --password-file: no password file at \"/no/such/password.txt\""),
        (["export", "/no/such/model.odml", "--out", "m.onnx"], "Error: <model>: no model file at \"/no/such/model.odml\""),
        (["export", file, "--out", "m.onnx", "--rows", "0"], "Error: --rows must be positive, got 0"),
        (["import", "cycles", "/no/such/starts.csv", "--out", "never-written"], "Error: <file>: no CSV file at \"/no/such/starts.csv\""),
        (["elaro", "simulate", "--days", "0"], "Error: --days must be in 1...3650, found 0"),
        (["elaro", "recommend", "--state", "/no/such/state.json"], "Error: --state: no parent state file at \"/no/such/state.json\""),
        (["elaro", "ope", "--log", "/no/such/log.csv", "--policy", "rules"], "Error: --log: no log file at \"/no/such/log.csv\""),
        (["elaro", "ope", "--log", file, "--policy", "greedy"],
         "Error: The value 'greedy' is invalid for '--policy <policy>'. Please provide one of 'linucb', 'thompson', 'rules' or 'random'."),
    ])
    func aBadArgumentExits64NamingTheFlag(arguments: [String], message: String) throws {
        let result = try ODMLProcess.run(arguments)
        #expect(result.exitCode == 64, "\(arguments): \(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix(message), "\(arguments): \(result.standardError)")
    }

    /// `odml validate` keeps its exit-code contract for what is not a malformed command line: an
    /// unknown cohort is an error of the run (exit 2, one line), as a missing file is.
    @Test func validateKeepsExitTwoForAnUnknownCohort() throws {
        let result = try ODMLProcess.run(["validate", "--cohort", "lunar", "--users", "2", "--months", "2"])
        #expect(result.exitCode == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.split(separator: "\n").filter { !$0.hasPrefix("[") }
            == ["error: unknown cohort \"lunar\" (expected one of regular, irregular, pcos, endometriosis, mixed, weak-signals or --config FILE)"])
    }
}
