import ArgumentParser
import Foundation
import OnDeviceML

/// `odml evaluate`: one predictor's metrics on a dataset.
struct EvaluateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Evaluate a cycle predictor on a dataset: alert accuracy, daily accuracy, ovulation, energy and mood."
    )

    @Option(name: .long, help: "Model: \(PredictorFactory.builtInNames.joined(separator: ", ")) or a .odml model file.")
    var model: String = "rules"

    @Option(name: .long, help: "Dataset directory (or .sqlite file).")
    var data: String

    @Flag(name: .long, help: "Print one JSON object.")
    var json = false

    @Flag(name: .long, help: "Skip bad rows instead of failing (they are listed on stderr).")
    var lenient = false

    @Option(name: .long, help: "Bootstrap resamples of users for the 95 % intervals.")
    var bootstrap: Int = 200

    func run() throws {
        try CyclesCommandSupport.run {
            let dataset = try CyclesCommandSupport.loadDataset(data, lenient: lenient)
            let predictor = try PredictorFactory.makePredictor(named: model, dataset: dataset)
            let report = try CycleEvaluator(bootstrapSamples: max(bootstrap, 0)).evaluate(predictor, on: dataset)
            if json {
                print(try report.jsonString())
                return
            }
            print("model \(report.model): \(report.users) users, \(report.cycles) cycles, \(report.predictions) predictions")
            for key in CycleMetric.allCases {
                guard let value = report.metrics[key] else { continue }
                let interval = report.intervals[key].map { String(format: "  [%.3f, %.3f]", $0.low, $0.high) } ?? ""
                print(key.rawValue.padding(toLength: CycleMetric.keyColumnWidth, withPad: " ", startingAt: 0) + String(format: "%.3f", value) + interval)
            }
        }
    }
}
