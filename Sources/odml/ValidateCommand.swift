import ArgumentParser
import Foundation
import OnDeviceML

/// `odml validate`: the go/no-go check of the shipped cycle models against the gates.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check cycle models against the go/no-go gates: size, alert accuracy, latency, fine-tuning, calendar floor.",
        discussion: """
        With no arguments it validates every Models/*.odml on held-out synthetic irregular users \
        generated with a fixed seed, beside the calendar (the floor), rules, the ovulation-aware \
        reference and the oracle. The robustness panel scores the calendar, rules and every model \
        again on the same users with poorer logs (period-only, empty preferences, a 30-day gap, a \
        forgotten period, half the symptom days) and on every --robustness-data dataset; no model \
        may be below the calendar on any row. Exit status: 0 GO, 1 NO-GO, 2 error.
        """
    )

    @Option(name: .long, help: "Model file (.odml) or built-in predictor name to validate (repeatable; default: every Models/*.odml).")
    var model: [String] = []

    @Option(name: .long, help: "Directory searched for model files when no --model is given.")
    var modelsDir = "Models"

    @Option(name: .long, help: "Evaluation dataset directory (or .sqlite file); default: generated held-out users.")
    var data: String?

    @Option(name: .long, help: "Extra dataset directory (or .sqlite file) for the robustness panel, e.g. real charts from odml import (repeatable).")
    var robustnessData: [String] = []

    @Option(name: .long, help: "Cohort of the generated evaluation users.")
    var cohort = "irregular"

    @Option(name: .long, help: "Generated evaluation users.")
    var users = 400

    @Option(name: .long, help: "Months of generated data per user.")
    var months = 12

    @Option(name: .long, help: "Seed of the generated evaluation users (differs from the training seeds).")
    var seed: UInt64 = ValidateCommand.evaluationSeed

    @Option(name: .long, help: "Extra gates, a JSON file {\"gates\": [{\"name\", \"metric\", \"statistic\", \"comparison\", \"limit\"}]}.")
    var gates: String?

    @Option(name: .long, help: "Directory for report.json, report.md and the SVG charts.")
    var report: String?

    @Option(name: .long, help: "Timed single predictions per model (the latency gates need at least 1,000).")
    var latencyPredictions = 1_000

    @Option(name: .long, help: "Bootstrap resamples of users for the 95 % intervals (the robustness panel's too).")
    var bootstrap = 1_000

    @Option(name: .long, help: "Language of the sentences (fr, en, or with a region: fr-FR, en-US).")
    var lang: Language = .fr

    @Flag(name: .long, help: "Print the report as one JSON object instead of the table.")
    var json = false

    /// Seed of the default evaluation users; `make models` trains on other seeds.
    static let evaluationSeed: UInt64 = 424_242

    func run() throws {
        let started = ContinuousClock.now
        let progress: @Sendable (String) -> Void = { line in
            let elapsed = started.duration(to: .now).components
            let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
            FileHandle.standardError.write(Data((String(format: "[%6.1f s] ", seconds) + line + "\n").utf8))
        }
        let result: ValidationReport
        do {
            result = try validate(progress: progress)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        print(json ? try result.jsonString() : result.text)
        if result.exitCode != 0 { throw ExitCode(result.exitCode) }
    }

    private func validate(progress: @escaping @Sendable (String) -> Void) throws -> ValidationReport {
        guard users >= 1, months >= 1, latencyPredictions >= 1, bootstrap >= 0 else {
            throw ValidatorError.emptyEvaluation(reason: "--users, --months and --latency-predictions must be at least 1 and --bootstrap at least 0")
        }
        var specifications = GateSpecification.defaults
        if let gates {
            let extra = try GateSpecification.load(from: URL(fileURLWithPath: gates))
            for gate in extra where specifications.contains(where: { $0.name == gate.name }) {
                throw ValidatorError.duplicateGate(path: gates, name: gate.name)
            }
            specifications += extra
        }
        let dataset: CycleDataset
        let description: ValidationReport.DataDescription
        if let data {
            progress("loading \(data)…")
            dataset = try CyclesCommandSupport.loadDataset(data, lenient: false)
            description = .init(dataset: dataset, source: data)
        } else {
            let config = try CohortConfig.named(cohort)
            progress("generating \(users) held-out \(cohort) users × \(months) months (seed \(seed))…")
            dataset = SyntheticCycles.generate(config: config, users: users, months: months, seed: seed)
            description = .init(dataset: dataset, source: "generated")
        }
        let extra = try robustnessData.map { path -> RobustnessDataset in
            progress("loading \(path) for the robustness panel…")
            return RobustnessDataset(name: URL(fileURLWithPath: path).lastPathComponent,
                                     dataset: try CyclesCommandSupport.loadDataset(path, lenient: false))
        }
        let candidates = try loadCandidates(dataset: dataset, progress: progress)
        let validator = Validator(
            gates: specifications,
            evaluator: CycleEvaluator(bootstrapSamples: bootstrap, language: lang),
            latency: LatencyBenchmark(predictions: latencyPredictions, language: lang),
            learningCurveSource: PersonalizationLearningCurve(bootstrapSamples: bootstrap),
            robustnessDatasets: extra)
        let result = try validator.validate(candidates, on: dataset, data: description, progress: progress)
        if let report {
            try result.write(to: URL(fileURLWithPath: report))
            progress("wrote \(ValidationReport.fileNames.joined(separator: ", ")) to \(report)")
        }
        return result
    }

    /// The models named by `--model`, or every `*.odml` in `--models-dir`.
    private func loadCandidates(dataset: CycleDataset, progress: (String) -> Void) throws -> [ValidationCandidate] {
        var names = model
        if names.isEmpty {
            let directory = URL(fileURLWithPath: modelsDir)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            names = files.filter { $0.hasSuffix(".odml") }.sorted().map { directory.appendingPathComponent($0).path }
            if names.isEmpty { progress("no model file in \(modelsDir)/: only the calendar, rules and the references are evaluated") }
        }
        var candidates: [ValidationCandidate] = []
        for name in names {
            let isFile = name.hasSuffix(".odml") || name.contains("/")
            if isFile, !FileManager.default.fileExists(atPath: name) { throw ValidatorError.modelNotFound(path: name) }
            progress("loading \(name)…")
            let predictor = try PredictorFactory.makePredictor(named: name, dataset: dataset)
            var column = predictor.name
            if Validator.referenceNames.contains(column) { column += "-candidate" }
            if candidates.contains(where: { $0.name == column }) {
                column = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
            }
            candidates.append(ValidationCandidate(predictor: predictor, file: isFile ? URL(fileURLWithPath: name) : nil, name: column))
        }
        return candidates
    }
}
