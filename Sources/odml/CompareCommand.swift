import ArgumentParser
import Foundation
import OnDeviceML

/// `odml compare`: several predictors on the same users, with paired differences to the calendar.
struct CompareCommand: ParsableCommand, BootstrapDefault {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare cycle predictors on a dataset, with bootstrap intervals and paired differences to the calendar."
    )

    @OptionGroup var dataset: DatasetOptions

    @Option(name: .long, help: "Comma-separated models, e.g. calendar,rules,oracle,Models/cycle-lstm.odml (differences are to calendar when listed, else to the first).")
    var models: String = "calendar,rules,oracle"

    @OptionGroup var output: JSONOutputOptions

    @OptionGroup var reading: LenientReadingOptions

    @OptionGroup var bootstrap: BootstrapOptions<CompareCommand>

    /// A quick look at one dataset: 200 resamples, as `evaluate`.
    static let defaultBootstrapResamples = EvaluateCommand.defaultBootstrapResamples

    func validate() throws {
        for name in try ArgumentCheck.names(in: models, option: "--models") {
            try ArgumentCheck.model(name, option: "--models", builtIn: PredictorFactory.builtInNames)
        }
    }

    func run() throws {
        try CyclesCommandSupport.run {
            let dataset = try self.dataset.load(lenient: reading.lenient)
            let predictors = try ArgumentCheck.names(in: models, option: "--models").map { try PredictorFactory.makePredictor(named: $0, dataset: dataset) }
            let evaluator = CycleEvaluator(bootstrapSamples: bootstrap.resamples)
            let reports = try predictors.map { try evaluator.evaluate($0, on: dataset) }
            let comparison = ModelComparison(reports: reports, evaluator: evaluator)
            print(output.json ? try JSONOutput.string(comparison) : comparison.text)
        }
    }
}
