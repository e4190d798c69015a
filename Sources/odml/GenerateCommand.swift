import ArgumentParser
import Foundation
import OnDeviceML

/// `odml generate`: synthetic cycle data, or a dataset's statistics next to the reference values.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate a synthetic cycle dataset, or report a dataset's statistics against the reference values."
    )

    @Option(name: .long, help: "Built-in cohort.")
    var cohort: CohortName = .mixed

    @Option(name: .long, help: "A cohort config JSON file (overrides --cohort).")
    var config: String?

    @Flag(name: .long, help: "Every user logs every fertility signal (the cohort's every-signal variant, as odml validate's scenarios).")
    var everySignal = false

    @Option(name: .long, help: "Number of users.")
    var users: Int = 500

    @Option(name: .long, help: "Months of data per user.")
    var months: Int = 12

    @Option(name: .long, help: "Random seed (same seed, byte-identical files).")
    var seed: UInt64 = 7

    @Option(name: .long, help: "Output directory.")
    var out: String?

    @Option(name: .long, help: "Report the statistics of this dataset directory instead of generating (with --json, as JSON).")
    var report: String?

    @OptionGroup var output: JSONOutputOptions

    @Flag(name: .long, help: "Print the cohort's config JSON (the format of Datasets/configs) and exit.")
    var printConfig = false

    func validate() throws {
        if let config { try ArgumentCheck.existingPath(config, option: "--config", what: "cohort config file") }
        if printConfig { return }
        if report == nil && out == nil { throw ValidationError("give --out DIR to generate, or --report DIR") }
        if report != nil && out != nil { throw ValidationError("--out and --report cannot be used together") }
        if output.json && report == nil { throw ValidationError("--json applies to --report: a generated dataset is written as files to --out") }
        if let report { try ArgumentCheck.existingPath(report, option: "--report", what: "dataset directory or .sqlite file") }
        guard users > 0 else { throw ValidationError("--users must be positive, found \(users)") }
        guard (1...120).contains(months) else { throw ValidationError("--months must be in 1...120, found \(months)") }
    }

    func run() throws {
        try CyclesCommandSupport.run {
            if printConfig {
                let cohortConfig = try self.cohortConfig()
                print(String(decoding: try cohortConfig.jsonData(), as: UTF8.self), terminator: "")
                return
            }
            if let report {
                let dataset = try CyclesCommandSupport.loadDataset(report, lenient: false)
                let result = DatasetReport(dataset: dataset)
                print(output.json ? try JSONOutput.string(result) : result.text)
                if !result.allPassed { throw ExitCode(2) }
                return
            }
            let cohortConfig = try self.cohortConfig()
            let total = users
            let dataset = SyntheticCycles.generate(config: cohortConfig, users: users, months: months, seed: seed) { done in
                CyclesCommandSupport.printError("generated \(done)/\(total) users")
            }
            try dataset.write(to: URL(fileURLWithPath: out!))
            CyclesCommandSupport.printError("wrote \(dataset.users.count) users (\(cohortConfig.name), \(months) months, seed \(seed)) to \(out!)")
        }
    }

    /// The config of `--config` or `--cohort`, turned into its every-signal variant with `--every-signal`.
    private func cohortConfig() throws -> CohortConfig {
        let base = try config.map { try CohortConfig.load(from: URL(fileURLWithPath: $0)) } ?? cohort.config
        return everySignal ? base.loggingEverySignal() : base
    }
}
