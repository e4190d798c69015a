import ArgumentParser
import Foundation
import OnDeviceML

/// `odml bandit replay`: rejection-sampling replay of a policy on a uniformly random log.
struct BanditReplayCommand: ParsableCommand, BootstrapDefault {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a policy on a uniformly random log by rejection sampling (Li et al. 2011).",
        discussion: """
        The log (CSV or decision-log JSON Lines) must come from a uniformly random policy. An event is kept when \
        the policy picks the logged action; the value is the mean reward of the kept events.
        """
    )
    static let defaultBootstrapResamples = 1000

    @Option(help: "Logged decisions of a uniformly random policy: CSV, or JSON Lines of decision records.")
    var log: String

    @Option(help: "Policy to replay.")
    var policy: ReplayPolicy

    @Option(help: "LinUCB confidence width (alpha).")
    var alpha = RejectionSamplingReplay.Settings().explorationWidth

    @Option(help: "Ridge strength (lambda) of every arm's model.")
    var regularization = RejectionSamplingReplay.Settings().regularization

    @Option(help: "Thompson sampling posterior scale.")
    var thompsonScale = RejectionSamplingReplay.Settings().posteriorScale

    @Option(help: "Seed of the random policies and the bootstrap.")
    var seed: UInt64 = 1

    @OptionGroup var bootstrap: BootstrapOptions<BanditReplayCommand>
    @OptionGroup var output: JSONOutputOptions

    func validate() throws {
        try ArgumentCheck.existingPath(log, option: "--log", what: "log file")
        guard regularization > 0 else { throw ValidationError("--regularization must be > 0, found \(regularization)") }
        guard alpha >= 0, thompsonScale >= 0 else { throw ValidationError("--alpha and --thompson-scale must be >= 0") }
        guard bootstrap.resamples >= 1 else { throw ValidationError("--bootstrap: the replay's interval needs at least 1 resample") }
    }

    func run() throws {
        let logged = try BanditLog.load(contentsOf: URL(fileURLWithPath: log))
        var settings = RejectionSamplingReplay.Settings()
        settings.explorationWidth = alpha
        settings.regularization = regularization
        settings.posteriorScale = thompsonScale
        settings.seed = seed
        settings.bootstrapResamples = bootstrap.resamples
        let result = try RejectionSamplingReplay.run(logged, policy: policy, settings: settings)
        if output.json {
            print(try JSONOutput.line(result))
            return
        }
        print("\(policy.rawValue): kept \(result.keptEvents) of \(result.rows) events, reward total \(result.rewardTotal)")
        if let value = result.value {
            print(String(format: "value %.6f, 95%% interval [%.6f, %.6f]", value.value, value.lower, value.upper))
        } else {
            print("value: no event kept")
        }
    }
}
