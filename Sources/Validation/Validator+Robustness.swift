import Cycles
import CyclesLab

extension Validator {
    /// The robustness panel: the base row reuses the table's evaluations (`baseReports`, one per
    /// predictor in `predictors` order, calendar first); each perturbation and each extra dataset
    /// adds a row evaluated afresh. Every row is scored against its own logs' period starts.
    ///
    /// The panel uses the evaluator's bootstrap resamples (`--bootstrap`): resampling is cheap next
    /// to the forecasts, which dominate the panel's cost (one evaluation per model per row,
    /// parallel over users).
    func robustnessPanel(baseName: String, dataset: CycleDataset, baseReports: [EvaluationReport],
                         predictors: [(name: String, predictor: any CyclePredictor)],
                         progress: (@Sendable (String) -> Void)?) throws -> RobustnessPanel {
        precondition(predictors.first?.name == "calendar" && baseReports.count == predictors.count,
                     "the panel needs the calendar first and one base report per predictor")
        var rows = [row(name: baseName, users: dataset.users.count, reports: baseReports)]
        let extra = robustnessPerturbations.map { (name: $0.label, dataset: $0.applied(to: dataset)) }
            + robustnessDatasets.map { (name: "real: \($0.name)", dataset: $0.dataset) }
        for (index, source) in extra.enumerated() {
            let rowDataset = source.dataset
            let step = "robustness panel \(index + 1)/\(extra.count), \(source.name)"
            let reports = try predictors.map { name, predictor in
                progress?("\(step): evaluating \(name) on \(rowDataset.users.count) users…")
                var report = try evaluator.evaluate(predictor, on: rowDataset)
                report.model = name
                return report
            }
            rows.append(row(name: source.name, users: rowDataset.users.count, reports: reports))
        }
        return RobustnessPanel(models: predictors.map(\.name), rows: rows, bootstrapSamples: evaluator.bootstrapSamples)
    }

    /// One panel row from one report per column (the calendar's first).
    private func row(name: String, users: Int, reports: [EvaluationReport]) -> RobustnessPanel.Row {
        let calendar = reports[0]
        let cells = reports.enumerated().map { index, report in
            RobustnessPanel.Cell(
                model: report.model,
                alertAccuracy: report.cycles > 0 ? report.metrics[.alertAccuracy] : nil,
                interval: report.intervals[.alertAccuracy],
                versusCalendar: index == 0 || report.cycles == 0
                    ? nil : evaluator.pairedDifferences(report, baseline: calendar)[.alertAccuracy])
        }
        return RobustnessPanel.Row(name: name, users: users, cycles: calendar.cycles, cells: cells)
    }
}
