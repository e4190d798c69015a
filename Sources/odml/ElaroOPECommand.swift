import ArgumentParser
import Foundation
import OnDeviceML

/// `odml elaro ope`: IPS and doubly robust estimates of a policy from a simulation log.
struct ElaroOPECommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ope",
        abstract: "Estimate a policy's value from a logged CSV with IPS and doubly robust."
    )

    @Option(help: "Log CSV written by `odml elaro simulate --log`.")
    var log: String

    @Option(help: "Target policy.")
    var policy: SimulationPolicy

    @Option(help: "Environment JSON from `simulate --environment`, to compute the true value.")
    var environment: String?

    @Option(help: "Seed for the target policy's own randomness (Thompson draws).")
    var seed: UInt64 = 7

    @OptionGroup var output: JSONOutputOptions

    func validate() throws {
        try ArgumentCheck.existingPath(log, option: "--log", what: "log file")
        if let environment { try ArgumentCheck.existingPath(environment, option: "--environment", what: "environment file") }
    }

    func run() throws {
        let library = try ActionLibrary.bundled()
        let text: String
        do { text = try String(contentsOfFile: log, encoding: .utf8) } catch {
            throw ElaroError.fileAccess(path: log, detail: "cannot read the log (\(error.localizedDescription))")
        }
        let records = try SimulationLogRecord.parseCSV(text, path: log)
        let parents = try environment.map { try SimulationEnvironment.load(contentsOf: URL(fileURLWithPath: $0)).parents }
        let report = try ElaroOffPolicyEvaluator(library: library)
            .evaluate(records, policy: policy, parents: parents, seed: seed)
        if output.json {
            print(try JSONOutput.line(report))
            return
        }
        func line(_ name: String, _ estimate: PolicyValueEstimate) -> String {
            let covers = report.trueValue.map { estimate.covers($0) ? " (covers the true value)" : " (misses the true value)" } ?? ""
            return String(format: "%@: %.4f, 95%% interval [%.4f, %.4f]%@", name, estimate.value, estimate.lower95, estimate.upper95, covers)
        }
        print("policy \(policy.rawValue) on \(report.records) logged decisions (logged value \(String(format: "%.4f", report.loggedValue)))")
        print(line("IPS", report.inversePropensity))
        print(line("DR ", report.doublyRobust))
        if let truth = report.trueValue { print(String(format: "true value: %.4f", truth)) }
    }
}
