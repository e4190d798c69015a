import ArgumentParser
import Foundation
import OnDeviceML

/// `odml validate`: the go/no-go check of the shipped cycle models against the gates.
struct ValidateCommand: ParsableCommand, BootstrapDefault {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "The Spike S3 go/no-go of the cycle models (size, alert accuracy), then the Phase 2 targets (latency, calendar floor, fine-tuning).",
        discussion: """
        It answers the Spike S3 go/no-go first: is there a model file under 10 MB that reaches \
        ≥ 60 % alert accuracy on irregular users, judged on the 95 % interval's lower end, and \
        with what logging? Then, in their own table, the Phase 2 targets: latency p99 < 150 ms and \
        < 100 ms on the explained path, no model below the calendar, and ≥ 70 % alert accuracy \
        after 6 months of fine-tuning, each with its ideal-observer ceiling where one is known. \
        The output, report.md and report.html lead with the same three lines: the spike's \
        verdict, the closest gap, and the targets.

        With no arguments it validates every Models/*.odml on held-out synthetic irregular users \
        generated with a fixed seed, beside the calendar (the floor), rules, the ovulation-aware \
        reference and the oracle. The robustness panel scores the calendar, rules and every model \
        again on the same users with poorer logs (period-only, empty preferences, a 30-day gap, a \
        forgotten period, half the symptom days) and on every --robustness-data dataset.

        The scenario table (generated users only; --no-scenarios skips it) scores the same users as \
        if every one of them logged every fertility signal (odml generate --every-signal), keeping \
        one logging scenario at a time: symptoms only, + LH tests, + BBT, + wrist temperature, + \
        cervical mucus, all signals; per scenario the calendar, rules, every model, the causal ideal \
        observer (from --ideal-observer, shown only when it was computed on exactly these users) and \
        the oracle. Alert accuracy and fine-tuned accuracy are measured on each scenario's users; \
        size, latency and the calendar floor once per model.

        --bootstrap resamples the users for every interval: the model table, the robustness \
        panel (the calendar-floor target needs at least 1) and the learning curve.

        --gates adds gates from a JSON file; an entry with only the name of a Phase 2 target \
        ({"gates": [{"name": "latency p99 < 100 ms (phase 2)"}]}) makes that target a gate.

        Exit status: 0 GO, 1 NO-GO, 2 error (bad input, unreadable file: one line on stderr). The \
        status follows the spike's verdict (and any gate a gates file adds), never a target. With \
        the scenario table, GO means that in at least one logging scenario at least one model \
        passes every gate there; the verdict names the cheapest logging that passes and the \
        cheaper ones that fail ("GO with LH tests (…); NO-GO with symptoms only (…)"): the app \
        team ships the model if users log that signal, and asks them to. NO-GO: no logging \
        scenario passes ("NO-GO: no logging scenario passes every gate; closest: …"). Without the \
        scenario table (--data, --no-scenarios), GO means every gate passes on the evaluated \
        users. A malformed command line (an unknown flag, a value that is not a number, a count \
        out of range such as --users 0) is a usage error: exit status 64.
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

    @Option(name: .long, help: "Directory for report.json, report.md, report.html and the SVG charts.")
    var report: String?

    @Option(name: .long, help: "Timed single predictions per model (the latency gates need at least 1,000).")
    var latencyPredictions = 1_000

    @OptionGroup var bootstrap: BootstrapOptions<ValidateCommand>

    @Option(name: .long, help: "Language of the sentences (fr, en, or with a region: fr-FR, en-US).")
    var lang: Language = .fr

    @OptionGroup var output: JSONOutputOptions

    @Flag(inversion: .prefixedNo, help: "Build the scenario table (generated users only).")
    var scenarios = true

    @Option(name: .long, help: "The ideal observer's results (scripts/ideal_observer.py --results; default: Datasets/ideal-observer/<cohort>-every-signal.json if present).")
    var idealObserver: String?

    /// Seed of the default evaluation users; `make models` trains on other seeds.
    static let evaluationSeed: UInt64 = 424_242

    /// The gates judge an interval's lower end: 1,000 resamples.
    static let defaultBootstrapResamples = 1_000

    /// Counts out of range are usage errors (exit 64); the cohort, the files and the data are
    /// checked by `run()`, whose errors exit 2 (the exit-code contract of the discussion).
    func validate() throws {
        guard users >= 1 else { throw ValidationError("--users: expected at least 1, found \(users)") }
        guard months >= 1 else { throw ValidationError("--months: expected at least 1, found \(months)") }
        guard latencyPredictions >= 1 else { throw ValidationError("--latency-predictions: expected at least 1, found \(latencyPredictions)") }
    }

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
        print(output.json ? try result.jsonString() : result.text)
        if result.exitCode != 0 { throw ExitCode(result.exitCode) }
    }

    private func validate(progress: @escaping @Sendable (String) -> Void) throws -> ValidationReport {
        var specifications = GateSpecification.defaults
        if let gates {
            for gate in try GateSpecification.load(from: URL(fileURLWithPath: gates)) {
                // A gate named like a built-in Phase 2 target replaces it (a target made a gate).
                if let index = specifications.firstIndex(where: { $0.name == gate.name }) {
                    guard specifications[index].kind == .target else { throw ValidatorError.duplicateGate(path: gates, name: gate.name) }
                    specifications[index] = gate
                } else {
                    specifications.append(gate)
                }
            }
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
        let scenarioCohort = try scenarios && data == nil ? makeScenarioCohort(progress: progress) : nil
        let candidates = try loadCandidates(dataset: dataset, progress: progress)
        let validator = Validator(
            gates: specifications,
            evaluator: CycleEvaluator(bootstrapSamples: bootstrap.resamples, language: lang),
            latency: LatencyBenchmark(predictions: latencyPredictions, language: lang),
            learningCurveSource: PersonalizationLearningCurve(bootstrapSamples: bootstrap.resamples),
            robustnessDatasets: extra)
        let result = try validator.validate(candidates, on: dataset, data: description, scenarios: scenarioCohort, progress: progress)
        if let report {
            try result.write(to: URL(fileURLWithPath: report))
            progress("wrote \(result.fileNames.joined(separator: ", ")) to \(report)")
        }
        return result
    }

    /// The scenario users (the cohort's every-signal variant, same seed, users and months) and the
    /// ideal observer's results: `--ideal-observer`, else the default file when it exists.
    private func makeScenarioCohort(progress: (String) -> Void) throws -> ScenarioCohort {
        let config = try CohortConfig.named(cohort).loggingEverySignal()
        progress("generating the scenario users: \(users) \(config.name) users × \(months) months (seed \(seed))…")
        let dataset = SyntheticCycles.generate(config: config, users: users, months: months, seed: seed)
        let path = idealObserver ?? "Datasets/ideal-observer/\(config.name).json"
        var results: IdealObserverResults?
        var source = path
        if idealObserver != nil || FileManager.default.fileExists(atPath: path) {
            results = try IdealObserverResults.load(from: URL(fileURLWithPath: path))
        } else {
            source = "no results file at \(path) (scripts/ideal_observer.py --results)"
        }
        return ScenarioCohort(dataset: dataset, data: .init(dataset: dataset, source: "generated"),
                              idealObserver: results, idealObserverSource: source)
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
