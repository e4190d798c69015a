import Cycles
import CyclesLab

extension Validator {
    /// The scenario table on `cohort`: the calendar and the oracle once (they read neither
    /// symptoms nor signals, and every scenario has the same flow and truth), then per scenario the
    /// rules and every candidate, each candidate's learning curve at `months` (the months the
    /// scenario gates name) and its scenario gates; `modelGates` are the gates already checked once
    /// per candidate.
    func scenarioTable(_ cohort: ScenarioCohort, candidates: [ValidationCandidate], modelGates: [Gate], months: [Int],
                       progress: (@Sendable (String) -> Void)?) throws -> ScenarioTable {
        let dataset = cohort.dataset
        let dataText = "\(cohort.data.users) \(cohort.data.cohort) users (generated, held out)"
        let scenarioGates = gates.filter(\.isMeasuredPerScenario)
        // Each predictor runs once on a scenario's users, for its evaluation and the learning curves.
        func evaluate(_ predictor: any CyclePredictor, name: String, on users: CycleDataset, step: String)
            throws -> (shared: _PrecomputedDataset, report: EvaluationReport) {
            progress?("\(step): evaluating \(name) on \(users.users.count) users…")
            return try sharedEvaluation(of: predictor, name: name, on: users)
        }
        let calendar = CalendarPredictor()
        let rules = RuleEngine()
        let oracle: OracleEngine? = dataset.truth == nil ? nil : try OracleEngine(dataset: dataset)
        let calendarReport = try evaluate(calendar, name: "calendar", on: dataset, step: "scenarios").report
        let oracleReport = try oracle.map { try evaluate($0, name: "oracle", on: dataset, step: "scenarios").report }

        var observerNote: String
        var observer: IdealObserverResults?
        if let results = cohort.idealObserver {
            if let mismatch = results.mismatch(with: dataset.manifest) {
                observerNote = "not computed for these users: \(cohort.idealObserverSource) was \(mismatch)"
            } else {
                observer = results
                observerNote = "causal Bayesian observer of scripts/ideal_observer.py on these very users (\(cohort.idealObserverSource), "
                    + "\(results.bootstrap) bootstrap resamples), the ceiling of a predictor that learns each user from her past"
            }
        } else {
            observerNote = "not computed: \(cohort.idealObserverSource)"
        }

        var modelGateFailures: [String: [String]] = [:]
        for candidate in candidates {
            modelGateFailures[candidate.name] = modelGates.filter { $0.model == candidate.name && $0.decidesVerdict && !$0.passed }.map { gate in
                "\(gate.name) (\(gate.measured.map { _Format.value($0, unit: gate.unit) } ?? "not measured"))"
            }
        }

        var rows: [ScenarioTable.Row] = []
        for (index, scenario) in cohort.scenarios.enumerated() {
            let users = scenario.perturbation.applied(to: dataset)
            let step = "scenario \(index + 1)/\(cohort.scenarios.count), \(scenario.label)"
            var cells = [Self.cell(calendarReport)]
            let (sharedRules, rulesReport) = try evaluate(rules, name: "rules", on: users, step: step)
            cells.append(Self.cell(rulesReport))
            var rowGates: [Gate] = []
            let observed = observer?.scenarios[scenario.name]
            let observerTallies = observed?.userTallies
            for candidate in candidates {
                let (shared, report) = try evaluate(candidate.predictor, name: candidate.name, on: users, step: step)
                var measurements = self.measurements(of: report, on: "\(dataText), \(scenario.label)")
                if !months.isEmpty, let learningCurveSource {
                    progress?("\(step): learning curve of \(candidate.name) after \(months.map(String.init).joined(separator: ", ")) months…")
                    let curve = try learningCurveSource.learningCurve(pretrained: shared, calendar: calendar, rules: sharedRules,
                                                                      oracle: nil, dataset: users, months: months)
                    measurements.merge(curve.measurements) { $1 }
                }
                var cell = Self.cell(report)
                cell.fineTunedSixMonths = measurements[GateSpecification.fineTunedSixMonths.metric]
                cell.gapToIdealObserver = observerTallies.flatMap { evaluator.pairedDifference(report, metric: .alertAccuracy, reference: $0) }
                cells.append(cell)
                for specification in scenarioGates {
                    let measurement = measurements[specification.metric]
                    let reason = specification.metric.hasPrefix(MeasurementKey.learningCurvePrefix)
                        ? (learningCurveSource == nil ? "learning curve not measured: \(learningCurveUnavailableReason)"
                            : "learning curve has no point for \(specification.metric) on these users")
                        : "\(specification.metric) is not reported for \(candidate.name) on these users"
                    rowGates.append(Gate(specification: specification, model: candidate.name, measurement: measurement,
                                         reason: measurement == nil ? reason : nil))
                }
            }
            if let result = observed {
                cells.append(.init(model: ScenarioTable.idealObserverColumn, alertAccuracy: result.alertAccuracy, interval: result.interval))
            } else {
                cells.append(.init(model: ScenarioTable.idealObserverColumn, alertAccuracy: nil, interval: nil,
                                   note: observer == nil ? observerNote : "no result for \(scenario.name) in \(cohort.idealObserverSource)"))
            }
            if let oracleReport { cells.append(Self.cell(oracleReport)) }
            let passing = !gates.contains(where: { $0.kind == .goNoGo }) ? [] : candidates.map(\.name).filter { name in
                (modelGateFailures[name] ?? []).isEmpty && rowGates.filter { $0.model == name && $0.decidesVerdict }.allSatisfy(\.passed)
            }
            rows.append(.init(scenario: scenario.name, label: scenario.label, logging: scenario.loggingPhrase, effort: scenario.effort,
                              burden: scenario.burden, users: users.users.count, cycles: calendarReport.cycles, cells: cells,
                              gates: rowGates, passingModels: passing))
        }
        let columns = ["calendar", "rules"] + candidates.map(\.name) + [ScenarioTable.idealObserverColumn]
            + (oracleReport == nil ? [] : ["oracle"])
        return ScenarioTable(data: cohort.data, columns: columns, candidates: candidates.map(\.name), rows: rows,
                             idealObserver: observerNote, modelGateFailures: modelGateFailures,
                             bootstrapSamples: evaluator.bootstrapSamples)
    }

    /// A table cell from an evaluation (no value when no cycle was scored).
    private static func cell(_ report: EvaluationReport) -> ScenarioTable.Cell {
        .init(model: report.model, alertAccuracy: report.cycles > 0 ? report.metrics[.alertAccuracy] : nil,
              interval: report.intervals[.alertAccuracy])
    }
}
