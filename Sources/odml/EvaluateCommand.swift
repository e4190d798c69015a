import ArgumentParser
import Foundation
import OnDeviceML

/// `odml evaluate`: one predictor's metrics on a dataset.
struct EvaluateCommand: ParsableCommand, BootstrapDefault {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Evaluate a cycle predictor on a dataset: alert accuracy, daily accuracy, calibration, ovulation, energy and mood."
    )

    @Option(name: .long, help: "Model: \(PredictorFactory.builtInNames.joined(separator: ", ")) or a .odml model file.")
    var model: String = "rules"

    @OptionGroup var dataset: DatasetOptions

    @OptionGroup var output: JSONOutputOptions

    @OptionGroup var reading: LenientReadingOptions

    @OptionGroup var bootstrap: BootstrapOptions<EvaluateCommand>

    /// A quick look at one dataset: 200 resamples.
    static let defaultBootstrapResamples = 200

    func validate() throws {
        try ArgumentCheck.model(model, option: "--model", builtIn: PredictorFactory.builtInNames)
    }

    func run() throws {
        try CyclesCommandSupport.run {
            let dataset = try self.dataset.load(lenient: reading.lenient)
            let predictor = try PredictorFactory.makePredictor(named: model, dataset: dataset)
            let report = try CycleEvaluator(bootstrapSamples: bootstrap.resamples).evaluate(predictor, on: dataset)
            if output.json {
                print(try report.jsonString())
                return
            }
            print("model \(report.model): \(report.users) users, \(report.cycles) cycles, \(report.predictions) predictions")
            for key in CycleMetric.allCases {
                guard let value = report.metrics[key] else { continue }
                let interval = report.intervals[key].map { String(format: "  [%.3f, %.3f]", $0.low, $0.high) } ?? ""
                print(key.rawValue.padding(toLength: CycleMetric.keyColumnWidth, withPad: " ", startingAt: 0) + String(format: "%.3f", value) + interval)
            }
            if let source = report.confidenceSource, let table = report.reliability[.confidenceECE] {
                print("")
                print("\(ReliabilityTable.rowsHeading); confidence from: \(source)")
                TextTable.aligned(ReliabilityTable.rows([(report.model, table)])).forEach { print($0) }
            }
        }
    }
}
