import ArgumentParser
import Foundation
import OnDeviceML

/// `odml elaro simulate`: runs policies against the seeded parent simulator.
struct ElaroSimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run policies on simulated parents and report completion rate and regret.",
        discussion: "With --json, stdout gets one JSON object per line, one per policy."
    )

    @Option(help: "Number of simulated parents.")
    var parents = 1000

    @Option(help: "Days per parent.")
    var days = 90

    @Option(help: "Policy, or a comma-separated list: linucb, thompson, rules, random.")
    var policy = "linucb"

    @Option(help: "Root seed of the simulator and the policies.")
    var seed: UInt64 = 42

    @Option(help: "Write an SVG plot of cumulative regret per week to this path.")
    var plot: String?

    @Option(help: "Write the first policy's logged decisions (context, action, propensity, reward) as CSV to this path.")
    var log: String?

    @Option(help: "Write the first policy's decisions as decision-log JSON Lines (for `odml bandit ope`) to this path.")
    var decisionLog: String?

    @Option(help: "Target policy whose probabilities the decision log carries (its true value is reported).")
    var target: SimulationPolicy?

    @Flag(help: "Add the online reward model's estimates to the decision log (else `bandit ope` fits one).")
    var withRewardEstimates = false

    @Option(help: "Write the simulated parents' latent parameters as JSON to this path (for peers).")
    var environment: String?

    @Option(help: "LinUCB confidence width (alpha).")
    var alpha = 0.1

    @Option(help: "LinUCB epsilon-greedy exploration floor.")
    var epsilon = 0.05

    @Option(help: "Forgetting factor of the learning policies, in (0, 1].")
    var forgetting: Float = ElaroLearner.defaultForgettingFactor

    @Option(help: "Thompson sampling posterior scale.")
    var thompsonScale = 0.1

    @OptionGroup var output: JSONOutputOptions

    func validate() throws {
        guard parents > 0 else { throw ValidationError("--parents must be > 0, found \(parents)") }
        guard days > 0, days <= 3650 else { throw ValidationError("--days must be in 1...3650, found \(days)") }
        _ = try policies()
        guard forgetting > 0, forgetting <= 1 else { throw ValidationError("--forgetting must be in (0, 1], found \(forgetting)") }
        guard alpha >= 0, epsilon >= 0, epsilon <= 1, thompsonScale >= 0 else {
            throw ValidationError("--alpha and --thompson-scale must be >= 0 and --epsilon in [0, 1]")
        }
        guard (decisionLog == nil) == (target == nil) else {
            throw ValidationError("--decision-log and --target go together: the log carries the target policy's probabilities")
        }
    }

    func policies() throws -> [SimulationPolicy] {
        try policy.split(separator: ",").map { name in
            guard let parsed = SimulationPolicy(rawValue: String(name)) else {
                throw ValidationError("--policy: unknown policy \"\(name)\"; expected linucb, thompson, rules or random")
            }
            return parsed
        }
    }

    func run() throws {
        let library = try ActionLibrary.bundled()
        var simulator = ParentSimulator(library: library, parentCount: parents, days: days, seed: seed)
        simulator.settings.explorationWidth = alpha
        simulator.settings.epsilon = epsilon
        simulator.settings.forgettingFactor = forgetting
        simulator.settings.posteriorScale = thompsonScale
        if let environment {
            let parameters = SimulationEnvironment(seed: seed, days: days, contentVersion: library.contentVersion, parents: simulator.parents)
            try writeAtomically(Data(try JSONOutput.line(parameters).utf8), to: environment)
        }
        var results: [SimulationResult] = []
        for (index, policy) in try policies().enumerated() {
            FileHandle.standardError.write(Data("simulating \(policy.rawValue): \(parents) parents × \(days) days\n".utf8))
            let start = Date()
            var (result, records) = try simulator.run(policy: policy, collectLog: index == 0 && log != nil)
            if index == 0, let decisionLog, let target {
                let (_, logs) = try simulator.decisionLogs(logging: policy, targets: [target], includeRewardEstimates: withRewardEstimates)
                let lines = try logs[0].records.map { try JSONOutput.line($0) }
                try writeAtomically(Data((lines.joined(separator: "\n") + "\n").utf8), to: decisionLog)
                result.target = logs[0].target
            }
            let seconds = Date().timeIntervalSince(start)
            results.append(result)
            if index == 0, let log {
                let text = ([SimulationLogRecord.csvHeader] + records.map(\.csvLine)).joined(separator: "\n") + "\n"
                try writeAtomically(Data(text.utf8), to: log)
            }
            if output.json {
                print(try JSONOutput.line(result))
            } else {
                print(String(format: "%@: completion %.4f ± %.4f (oracle %.4f), mean cumulative regret %.2f over %d days (%.1f s)",
                             policy.rawValue, result.completionRate, result.completionRateHalfWidth95, result.oracleCompletionRate,
                             result.meanCumulativeRegret, days, seconds))
                print("  week: " + result.weeks.map { String(format: "%d:%.3f", $0.week, $0.completionRate) }.joined(separator: " "))
                if let target = result.target {
                    print(String(format: "  target %@: true value %.6f on the logged contexts", target.policy.rawValue, target.trueValue))
                }
            }
        }
        if let plot {
            try writeAtomically(Data(RegretPlot.svg(results).utf8), to: plot)
        }
    }
}

/// Writes `data` to `path` through a temporary file and a rename.
func writeAtomically(_ data: Data, to path: String) throws {
    do {
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
        throw ElaroError.fileAccess(path: path, detail: "cannot write (\(error.localizedDescription))")
    }
}
