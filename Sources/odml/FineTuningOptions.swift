import ArgumentParser
import OnDeviceML

/// `--strategies LIST`: the fine-tuning strategies to try (`finetune`, `learning-curve`, `replay`),
/// comma-separated; an unknown name is a usage error.
struct FineTuningOptions: ParsableArguments {
    @Option(name: .long, help: "Comma-separated fine-tuning strategies to try: residual, luteal, gbt (boosted-trees models only).")
    var strategies = Personalizer.defaultStrategyNames.joined(separator: ",")

    func validate() throws {
        _ = try tuners()
    }

    /// The tuners of the listed strategies, in the order given.
    func tuners() throws -> [any FineTuner] {
        try ArgumentCheck.names(in: strategies, option: "--strategies").map { name -> any FineTuner in
            guard let tuner = Personalizer.tuner(named: name) else {
                let names = Personalizer.strategyNames
                throw ValidationError("--strategies: unknown strategy \"\(name)\", expected \(names.dropLast().joined(separator: ", ")) or \(names.last ?? "")")
            }
            return tuner
        }
    }
}
