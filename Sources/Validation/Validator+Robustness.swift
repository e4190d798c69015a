import Cycles
import CyclesLab

extension Validator {
    /// The robustness panel: the base row reuses the table's evaluations (`baseReports`, one per
    /// predictor in `predictors` order, calendar first); each perturbation and each extra dataset
    /// adds a row evaluated afresh. Every row is scored against its own logs' period starts. Each
    /// extra dataset (`robustnessDatasets`: real charts) also gets its `RealDataSection`, from the
    /// same evaluations.
    ///
    /// The panel uses the evaluator's bootstrap resamples (`--bootstrap`): resampling is cheap next
    /// to the forecasts, which dominate the panel's cost (one evaluation per model per row,
    /// parallel over users).
    func robustnessPanel(baseName: String, dataset: CycleDataset, baseReports: [EvaluationReport],
                         predictors: [(name: String, predictor: any CyclePredictor)],
                         progress: (@Sendable (String) -> Void)?) throws -> (panel: RobustnessPanel, realData: [RealDataSection]) {
        precondition(predictors.first?.name == "calendar" && baseReports.count == predictors.count,
                     "the panel needs the calendar first and one base report per predictor")
        var rows = [row(name: baseName, users: dataset.users.count, reports: baseReports, differences: differences(baseReports))]
        var realData: [RealDataSection] = []
        let extra = robustnessPerturbations.map { (name: $0.label, dataset: $0.applied(to: dataset), real: false) }
            + robustnessDatasets.map { (name: $0.name, dataset: $0.dataset, real: true) }
        for (index, source) in extra.enumerated() {
            let rowDataset = source.dataset
            let rowName = source.real ? "real: \(source.name)" : source.name
            let step = "robustness panel \(index + 1)/\(extra.count), \(rowName)"
            let reports = try predictors.map { name, predictor in
                progress?("\(step): evaluating \(name) on \(rowDataset.users.count) users…")
                var report = try evaluator.evaluate(predictor, on: rowDataset)
                report.model = name
                return report
            }
            let differences = differences(reports)
            rows.append(row(name: rowName, users: rowDataset.users.count, reports: reports, differences: differences))
            if source.real {
                realData.append(RealDataSection(name: source.name, users: rowDataset.users.count, reports: reports,
                                                differences: differences, bootstrapSamples: evaluator.bootstrapSamples))
            }
        }
        let panel = RobustnessPanel(models: predictors.map(\.name), rows: rows, bootstrapSamples: evaluator.bootstrapSamples)
        return (panel, realData)
    }

    /// Each report's paired differences to the first (the calendar's): empty for the calendar and
    /// for a report with no scored cycle.
    private func differences(_ reports: [EvaluationReport]) -> [[CycleMetric: PairedDifference]] {
        reports.enumerated().map { index, report in
            index == 0 || report.cycles == 0 ? [:] : evaluator.pairedDifferences(report, baseline: reports[0])
        }
    }

    /// One panel row from one report per column (the calendar's first) and their differences to it.
    private func row(name: String, users: Int, reports: [EvaluationReport],
                     differences: [[CycleMetric: PairedDifference]]) -> RobustnessPanel.Row {
        let cells = zip(reports, differences).map { report, difference in
            RobustnessPanel.Cell(
                model: report.model,
                alertAccuracy: report.cycles > 0 ? report.metrics[.alertAccuracy] : nil,
                interval: report.intervals[.alertAccuracy],
                versusCalendar: difference[.alertAccuracy])
        }
        return RobustnessPanel.Row(name: name, users: users, cycles: reports[0].cycles, cells: cells)
    }
}
