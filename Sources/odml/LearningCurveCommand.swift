import ArgumentParser
import Foundation
import OnDeviceML

/// `odml learning-curve`: how much personalisation helps after 1, 3, 6, 12 months of her data.
struct LearningCurveCommand: ParsableCommand, BootstrapDefault {
    static let configuration = CommandConfiguration(
        commandName: "learning-curve",
        abstract: "Measure calendar, rules, pre-trained, fine-tuned and oracle accuracy on held-out users after months of personal history.",
        discussion: """
            --data holds held-out users: users the models were not pre-trained on. With --json, one JSON object \
            per model (an array of them when --models lists several).
            """
    )

    @OptionGroup var dataset: DatasetOptions

    @Option(name: .long, help: "Comma-separated pre-trained models to personalise: .odml files or 'rules'.")
    var models: String

    @Option(name: .long, help: "Comma-separated months of personal history.")
    var months = "1,3,6,12"

    @OptionGroup var fineTuning: FineTuningOptions

    @Option(name: .long, help: "Cycles evaluated after each cut-off.")
    var evaluationCycles = 2

    @Option(name: .long, help: "Use only the first N users (0: all).")
    var users = 0

    @OptionGroup var bootstrap: BootstrapOptions<LearningCurveCommand>

    /// The learning curve behind the 70 %-after-6-months gate: 1,000 resamples, as `validate`.
    static let defaultBootstrapResamples = ValidateCommand.defaultBootstrapResamples

    @Flag(name: .long, help: "Do not simulate her feedback on past alerts.")
    var noFeedback = false

    @Option(name: .long, help: "Write an SVG plot of the curve to this file (one file per model: -<model> is appended after the first).")
    var svg: String?

    @OptionGroup var encryption: PasswordFileOptions

    @OptionGroup var output: JSONOutputOptions

    func validate() throws {
        guard try parsedMonths().allSatisfy({ $0 > 0 }) else {
            throw ValidationError("--months: expected positive whole numbers separated by commas, found \"\(months)\"")
        }
        guard evaluationCycles >= 1 else { throw ValidationError("--evaluation-cycles: expected at least 1, found \(evaluationCycles)") }
        guard users >= 0 else { throw ValidationError("--users: expected 0 (all) or more, found \(users)") }
        for name in try ArgumentCheck.names(in: models, option: "--models") {
            try ArgumentCheck.model(name, option: "--models", builtIn: CycleModel.builtInNames)
        }
    }

    /// The months of `--months`, in order; an entry that is not a whole number reads as 0 (rejected by `validate()`).
    func parsedMonths() throws -> [Int] {
        try ArgumentCheck.names(in: months, option: "--months").map { Int($0) ?? 0 }
    }

    func run() throws {
        do {
            let password = try encryption.password()
            let data = dataset.data
            let dataset = try self.dataset.load()
            let histories = users > 0 ? Array(dataset.users.prefix(users)) : dataset.users
            let oracle: (any CyclePredictor)? = dataset.truth == nil ? nil : try OracleEngine(dataset: dataset)
            if oracle == nil { FileHandle.standardError.write(Data("no truth file in \(data): the oracle column is left out\n".utf8)) }
            let personalizer = Personalizer(tuners: try fineTuning.tuners())
            let configuration = LearningCurve.Configuration(months: try parsedMonths(), evaluationCycles: evaluationCycles,
                                                            bootstrapSamples: bootstrap.resamples, simulatedFeedback: !noFeedback)
            var objects: [String] = []
            for (index, name) in try ArgumentCheck.names(in: models, option: "--models").enumerated() {
                let pretrained = try CycleModel.load(name, password: password).population
                let curve = LearningCurve(models: .init(rules: RuleEngine(), pretrained: pretrained, oracle: oracle, personalizer: personalizer),
                                          configuration: configuration)
                let started = Date()
                let result = try curve.compute(histories) { done, total in
                    if done % 25 == 0 || done == total {
                        FileHandle.standardError.write(Data("\(name): \(done)/\(total) users\n".utf8))
                    }
                }
                FileHandle.standardError.write(Data("\(name): done in \(String(format: "%.1f", Date().timeIntervalSince(started))) s\n".utf8))
                if output.json {
                    objects.append(try result.json(extra: ["model": pretrained.name, "data": data]))
                } else {
                    print("learning curve of \(pretrained.name) on \(data) (\(histories.count) users, next \(evaluationCycles) cycles after each cut-off)")
                    print(result.table())
                }
                if let svg {
                    let path = index == 0 ? svg : Self.path(svg, suffix: pretrained.name)
                    let title = "Alert accuracy after fine-tuning \(pretrained.name) (\(URL(fileURLWithPath: data).lastPathComponent))"
                    try Data(result.svg(title: title).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                    FileHandle.standardError.write(Data("wrote \(path)\n".utf8))
                }
            }
            if output.json { print(objects.count == 1 ? objects[0] : "[\n" + objects.joined(separator: ",\n") + "\n]") }
        } catch let error as PersonalizationError {
            throw CommandFailure(error.description)
        } catch let error as DatasetError {
            throw CommandFailure(error.description)
        }
    }

    /// `plot.svg` → `plot-gbt.svg`.
    static func path(_ path: String, suffix: String) -> String {
        let url = URL(fileURLWithPath: path)
        let stem = url.deletingPathExtension().lastPathComponent
        return url.deletingLastPathComponent().appendingPathComponent("\(stem)-\(suffix).\(url.pathExtension)").path
    }
}
