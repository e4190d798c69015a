import ArgumentParser
import Foundation
import OnDeviceML

/// `odml bandit ope`: IPS, SNIPS, DM, DR, Switch-DR and DRos of a target policy on a logged file.
struct BanditOPECommand: ParsableCommand, BootstrapDefault {
    static let configuration = CommandConfiguration(
        commandName: "ope",
        abstract: "Estimate a target policy's value from logged decisions with six off-policy estimators.",
        discussion: """
        The log is a CSV with the columns action, position, reward, propensity, x_... context columns and \
        target_propensity, optionally estimated_reward and target_expected_reward; or decision-log JSON Lines \
        (docs/elaro-decision-logs.md) with target_probabilities. Without reward estimates in the log, \
        --reward-model is fitted with cross-fitting. With --json, stdout gets {"ips": {"value": v, "ci95": [lo, hi]}, \
        "snips", "dm", "dr", "switch_dr", "dros", "effective_sample_size", "rows"}.
        """
    )
    static let defaultBootstrapResamples = 1000

    @Option(help: "Logged decisions: CSV, or JSON Lines of decision records.")
    var log: String

    @Option(help: "Reward model fitted when the log has no reward estimates: ridge or mean.")
    var rewardModel: RewardModel = .ridge

    @Option(help: "Cross-fitting folds of the reward model.")
    var folds = 3

    @Option(help: "Switch-DR threshold on the importance weight.")
    var switchThreshold = OffPolicyEvaluation.Settings().switchThreshold

    @Option(help: "DRos shrinkage lambda.")
    var shrinkage = OffPolicyEvaluation.Settings().shrinkage

    @Option(help: "Seed of the bootstrap and the cross-fitting folds.")
    var seed: UInt64 = 1

    @Flag(help: "Leave out JSON Lines decisions still waiting for their outcome (counted on stderr).")
    var dropPending = false

    @OptionGroup var bootstrap: BootstrapOptions<BanditOPECommand>
    @OptionGroup var output: JSONOutputOptions

    func validate() throws {
        try ArgumentCheck.existingPath(log, option: "--log", what: "log file")
        guard folds >= 2 else { throw ValidationError("--folds must be >= 2, found \(folds)") }
        guard switchThreshold >= 0 else { throw ValidationError("--switch-threshold must be >= 0, found \(switchThreshold)") }
        guard shrinkage >= 0 else { throw ValidationError("--shrinkage must be >= 0, found \(shrinkage)") }
        guard bootstrap.resamples >= 1 else { throw ValidationError("--bootstrap: off-policy intervals need at least 1 resample") }
    }

    func run() throws {
        let logged = try BanditLog.load(contentsOf: URL(fileURLWithPath: log), dropPending: dropPending)
        if logged.droppedPending > 0 {
            FileHandle.standardError.write(Data("left out \(logged.droppedPending) decisions without an outcome\n".utf8))
        }
        var settings = OffPolicyEvaluation.Settings()
        settings.switchThreshold = switchThreshold
        settings.shrinkage = shrinkage
        settings.bootstrapResamples = bootstrap.resamples
        settings.seed = seed
        let rows = try logged.offPolicyRows(rewardModel: rewardModel, folds: folds, seed: seed)
        let report = try OffPolicyEvaluation.evaluate(rows, settings: settings)
        if output.json {
            print(try JSONOutput.line(report))
            return
        }
        print("\(report.rows) logged decisions, effective sample size \(String(format: "%.1f", report.effectiveSampleSize))")
        for estimator in OffPolicyEstimator.allCases {
            let estimate = report[estimator]
            let name = estimator.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
            print(name + String(format: "%.6f, 95%% interval [%.6f, %.6f]", estimate.value, estimate.lower, estimate.upper))
        }
    }
}
