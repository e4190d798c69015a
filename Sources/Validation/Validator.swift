import Cycles
import Foundation
import CyclesLab
import Personalization

/// Checks candidate cycle models against the gates: evaluates the calendar (the floor), rules,
/// every candidate, the ovulation-aware reference and the causal oracle on the same users, times
/// single predictions, reads the learning curve, builds the robustness panel, and compares each
/// candidate's measurements with each `GateSpecification`.
public struct Validator: Sendable {
    /// The gates checked on every candidate, in table order.
    public var gates: [GateSpecification]
    /// Metrics and bootstrap intervals.
    public var evaluator: CycleEvaluator
    /// Single-prediction timing.
    public var latency: LatencyBenchmark
    /// Where the personalisation learning curve comes from; `nil`: the learning-curve gates are
    /// reported as not measured, with `learningCurveUnavailableReason`.
    public var learningCurveSource: (any LearningCurveSource)?
    /// Why there is no learning curve when `learningCurveSource` is `nil`.
    public var learningCurveUnavailableReason: String
    /// Months of personal history on the learning curve (months named by gates are added).
    public var learningCurveMonths: [Int]
    /// The robustness panel's perturbed copies of the evaluation users (none: only the users as
    /// given and `robustnessDatasets`).
    public var robustnessPerturbations: [DatasetPerturbation]
    /// Extra datasets on the robustness panel (e.g. real charts).
    public var robustnessDatasets: [RobustnessDataset]
    /// Column names of the built-in models, reserved: no candidate may take one.
    public static let referenceNames = ["calendar", "rules", "ovulation-aware", "oracle"]

    /// Latency gates are not measured on fewer timed predictions than this.
    public static let minimumLatencyPredictions = 1_000

    /// Creates a validator with the default gates, 1,000 bootstrap resamples, 1,000 timed
    /// predictions and every perturbation on the robustness panel.
    public init(gates: [GateSpecification] = GateSpecification.defaults,
                evaluator: CycleEvaluator = CycleEvaluator(bootstrapSamples: 1_000),
                latency: LatencyBenchmark = LatencyBenchmark(),
                learningCurveSource: (any LearningCurveSource)? = nil,
                learningCurveUnavailableReason: String = "no learning-curve source in this build",
                learningCurveMonths: [Int] = [1, 3, 6, 12],
                robustnessPerturbations: [DatasetPerturbation] = DatasetPerturbation.all(),
                robustnessDatasets: [RobustnessDataset] = []) {
        self.gates = gates
        self.evaluator = evaluator
        self.latency = latency
        self.learningCurveSource = learningCurveSource
        self.learningCurveUnavailableReason = learningCurveUnavailableReason
        self.learningCurveMonths = learningCurveMonths
        self.robustnessPerturbations = robustnessPerturbations
        self.robustnessDatasets = robustnessDatasets
    }

    /// Runs `predictor` once on `dataset` and evaluates that run; the run comes back too, for the
    /// learning curves on the same users (`_PrecomputedDataset`). The evaluation asks for
    /// `PrecomputedPredictor.language`: no metric reads a sentence, so the language changes no figure.
    func sharedEvaluation(of predictor: any CyclePredictor, name: String, on dataset: CycleDataset)
        throws -> (shared: _PrecomputedDataset, report: EvaluationReport) {
        let shared = try _PrecomputedDataset(predictor, dataset: dataset)
        var sharing = evaluator
        sharing.language = PrecomputedPredictor.language
        var report = try sharing.evaluate(shared, on: dataset)
        report.model = name
        return (shared, report)
    }

    /// Validates `candidates` on `dataset`; `progress` gets one line per long step.
    ///
    /// With `scenarios`, the report also has the scenario table (`ScenarioTable`): the gates that
    /// depend on what users log (`GateSpecification.isMeasuredPerScenario`: alert accuracy, the
    /// learning curve) are checked per scenario on the scenario users instead of on `dataset`, the
    /// others (size, latency, calendar floor) once on `dataset`; the verdict is then GO when at
    /// least one scenario passes. Without, it is GO when every gate passes on `dataset`.
    /// - Throws: `ValidatorError.emptyEvaluation` when the data has no complete cycle,
    ///   `.duplicateModel`, `.modelNotFound`, and whatever a predictor throws.
    public func validate(_ candidates: [ValidationCandidate], on dataset: CycleDataset,
                         data: ValidationReport.DataDescription, scenarios: ScenarioCohort? = nil,
                         progress: (@Sendable (String) -> Void)? = nil) throws -> ValidationReport {
        var seen = Set(Self.referenceNames)
        for candidate in candidates where !seen.insert(candidate.name).inserted {
            throw ValidatorError.duplicateModel(name: candidate.name)
        }
        let fileSizes = try candidates.map { candidate -> Int? in
            guard let file = candidate.file else { return nil }
            guard let size = try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber else {
                throw ValidatorError.modelNotFound(path: file.path)
            }
            return size.intValue
        }

        let cases = latency.cases(from: dataset)
        let dataText = "\(data.users) \(data.cohort) users (\(data.source == "generated" ? "generated, held out" : data.source))"
        var columns: [ValidationReport.ModelResult] = []

        // Each predictor runs once on these users, for its evaluation and the learning curves
        // (`sharedEvaluation`); timed, a predictor runs itself.
        func evaluate(_ predictor: any CyclePredictor, name: String)
            throws -> (shared: _PrecomputedDataset, report: EvaluationReport, measurements: [String: MeasuredValue]) {
            progress?("evaluating \(name) on \(dataset.users.count) users…")
            let (shared, report) = try sharedEvaluation(of: predictor, name: name, on: dataset)
            return (shared, report, measurements(of: report, on: dataText))
        }
        func time(_ predictor: some CyclePredictor, name: String) throws -> (LatencyProfile, [String: MeasuredValue]) {
            progress?("timing \(name): \(latency.predictions) single predictions on one core…")
            let profile = try latency.measure(predictor, cases: cases)
            let method = latency.method(of: profile, model: name)
            return (profile, [
                MeasurementKey.latencyP50: MeasuredValue(value: profile.p50, method: method),
                MeasurementKey.latencyP99: MeasuredValue(value: profile.p99, method: method),
                MeasurementKey.latencyMean: MeasuredValue(value: profile.mean, method: method),
                MeasurementKey.latencyMax: MeasuredValue(value: profile.maximum, method: method),
            ])
        }

        let calendar = CalendarPredictor()
        let rules = RuleEngine()
        var sharedBaselines: [_PrecomputedDataset] = []
        for (name, baseline) in [("calendar", calendar as any CyclePredictor), ("rules", rules)] {
            let (shared, report, measurements) = try evaluate(baseline, name: name)
            guard report.cycles > 0 else {
                throw ValidatorError.emptyEvaluation(reason: "none of the \(dataset.users.count) users has two logged period starts")
            }
            sharedBaselines.append(shared)
            let (profile, times) = try time(baseline, name: name)
            columns.append(.init(name: name, role: .baseline, file: nil, evaluation: report, latency: profile,
                                 learningCurve: nil, measurements: measurements.merging(times) { $1 }))
        }

        let oracle: OracleEngine? = dataset.truth == nil ? nil : try OracleEngine(dataset: dataset)
        let checkedGates = scenarios == nil ? gates : gates.filter { !$0.isMeasuredPerScenario }
        let months = Array(Set(learningCurveMonths + gates.compactMap { MeasurementKey.learningCurveMonths(in: $0.metric) })).sorted()
        let needsCurve = gates.contains { $0.metric.hasPrefix(MeasurementKey.learningCurvePrefix) }
        for (candidate, fileSize) in zip(candidates, fileSizes) {
            let (shared, evaluation, evaluationMeasurements) = try evaluate(candidate.predictor, name: candidate.name)
            var (report, measurements) = (evaluation, evaluationMeasurements)
            let (profile, times) = try time(candidate.predictor, name: candidate.name)
            measurements.merge(times) { $1 }
            if let fileSize, let file = candidate.file {
                measurements[MeasurementKey.fileBytes] = MeasuredValue(
                    value: Double(fileSize), method: "size of \(file.lastPathComponent) on disk, \(fileSize) bytes")
            }
            report.model = candidate.name
            var curve: LearningCurveSummary?
            if needsCurve, let learningCurveSource {
                progress?("learning curve of \(candidate.name): fine-tuning per user after \(months.map(String.init).joined(separator: ", ")) months…")
                curve = try learningCurveSource.learningCurve(pretrained: shared, calendar: sharedBaselines[0], rules: sharedBaselines[1],
                                                              oracle: oracle, dataset: dataset, months: months)
                measurements.merge(curve?.measurements ?? [:]) { $1 }
            }
            columns.append(.init(name: candidate.name, role: .candidate, file: candidate.file?.path, evaluation: report,
                                 latency: profile, learningCurve: curve, measurements: measurements))
        }
        if let oracle, let truth = dataset.truth {
            for (name, ceiling) in [("ovulation-aware", OvulationAwarePredictor(truth: truth) as any CyclePredictor), ("oracle", oracle)] {
                let (_, report, measurements) = try evaluate(ceiling, name: name)
                columns.append(.init(name: name, role: .ceiling, file: nil, evaluation: report, latency: nil,
                                     learningCurve: nil, measurements: measurements))
            }
        }

        var panel: RobustnessPanel?
        var realData: [RealDataSection] = []
        if !robustnessPerturbations.isEmpty || !robustnessDatasets.isEmpty
            || gates.contains(where: { $0.metric == MeasurementKey.robustnessVersusCalendar }) {
            let panelColumns = columns.filter { $0.role != .ceiling }
            let predictors: [(String, any CyclePredictor)] = [("calendar", calendar), ("rules", rules)]
                + candidates.map { ($0.name, $0.predictor) }
            (panel, realData) = try robustnessPanel(baseName: data.source == "generated" ? "as generated" : "as given", dataset: dataset,
                                                    baseReports: panelColumns.map(\.evaluation), predictors: predictors, progress: progress)
        }

        var results: [Gate] = []
        for candidate in candidates {
            guard var measurements = columns.first(where: { $0.name == candidate.name })?.measurements else { continue }
            measurements[MeasurementKey.robustnessVersusCalendar] = panel?.measurement(for: candidate.name)
            let profile = columns.first { $0.name == candidate.name }?.latency
            for specification in checkedGates {
                var measurement = measurements[specification.metric]
                var missing = measurement == nil ? reason(missing: specification.metric, candidate: candidate) : nil
                if specification.metric.hasPrefix("latency."), let profile, profile.count < Self.minimumLatencyPredictions {
                    measurement = nil
                    missing = "only \(profile.count) predictions timed; latency gates need at least "
                        + "\(Self.minimumLatencyPredictions) (--latency-predictions)"
                }
                results.append(Gate(specification: specification, model: candidate.name, measurement: measurement, reason: missing))
            }
        }
        if candidates.isEmpty {
            results = checkedGates.map {
                Gate(specification: $0, model: "-", measurement: nil,
                     reason: "no candidate model: put model files in Models/ or pass --model")
            }
        }
        let table = try scenarios.map { cohort in
            try scenarioTable(cohort, candidates: candidates, modelGates: results, months: months.filter { month in
                gates.contains { $0.isMeasuredPerScenario && MeasurementKey.learningCurveMonths(in: $0.metric) == month }
            }, progress: progress)
        }
        return ValidationReport(data: data, models: columns, gates: results, robustness: panel, realData: realData, scenarios: table)
    }

    /// Every metric of `report` as a measurement, with how it was measured on the users of `dataText`.
    func measurements(of report: EvaluationReport, on dataText: String) -> [String: MeasuredValue] {
        let method = "\(report.model) on \(dataText), \(report.cycles) cycles, \(report.predictions) daily forecasts; "
            + "95 % CI: percentile bootstrap over users (\(evaluator.bootstrapSamples) resamples)"
        var measurements: [String: MeasuredValue] = [:]
        for (key, value) in report.metrics {
            measurements[key.rawValue] = MeasuredValue(value: value, interval: report.intervals[key], method: method)
        }
        return measurements
    }

    /// Why `metric` has no measurement for `candidate`.
    private func reason(missing metric: String, candidate: ValidationCandidate) -> String {
        if metric == MeasurementKey.fileBytes { return "built-in predictor \(candidate.name): no model file to measure" }
        if metric.hasPrefix(MeasurementKey.learningCurvePrefix) {
            guard learningCurveSource != nil else { return "learning curve not measured: \(learningCurveUnavailableReason)" }
            return "learning curve has no point for \(metric): no held-out user had enough cycles after that many months"
        }
        if metric == MeasurementKey.robustnessVersusCalendar {
            return "no robustness panel row has a paired interval for \(candidate.name) "
                + "(no panel rows, no scored cycles, or --bootstrap 0)"
        }
        return "\(metric) is not reported for \(candidate.name) on this data"
    }
}
