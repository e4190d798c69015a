import ArgumentParser
import Foundation
import OnDeviceML

/// `odml compare`: several predictors on the same users, with paired differences to the calendar.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare cycle predictors on a dataset, with bootstrap intervals and paired differences to the calendar."
    )

    @Option(name: .long, help: "Dataset directory (or .sqlite file).")
    var data: String

    @Option(name: .long, help: "Comma-separated models, e.g. calendar,rules,oracle,Models/cycle-lstm.odml (differences are to calendar when listed, else to the first).")
    var models: String = "calendar,rules,oracle"

    @Flag(name: .long, help: "Print one JSON object.")
    var json = false

    @Flag(name: .long, help: "Skip bad rows instead of failing (they are listed on stderr).")
    var lenient = false

    @Option(name: .long, help: "Bootstrap resamples of users for the 95 % intervals.")
    var bootstrap: Int = 200

    func validate() throws {
        let names = models.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard !names.isEmpty, !names.contains(where: \.isEmpty) else { throw ValidationError("--models needs names separated by commas, found \"\(models)\"") }
        guard Set(names).count == names.count else { throw ValidationError("--models lists a model twice: \"\(models)\"") }
    }

    func run() throws {
        try CyclesCommandSupport.run {
            let dataset = try CyclesCommandSupport.loadDataset(data, lenient: lenient)
            let names = models.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let predictors = try names.map { try PredictorFactory.makePredictor(named: $0, dataset: dataset) }
            let evaluator = CycleEvaluator(bootstrapSamples: max(bootstrap, 0))
            let reports = try predictors.map { try evaluator.evaluate($0, on: dataset) }
            let comparison = ModelComparison(reports: reports, evaluator: evaluator)
            print(json ? try CyclesCommandSupport.json(comparison) : comparison.text)
        }
    }
}
