import Cycles
import CyclesLab

extension ValidationReport {
    /// `report.md`: the verdict, the side-by-side table, the robustness panel, the real-data
    /// sections, the scenario table, the gates with how each was measured, the calibration (the
    /// reliability table and diagram) and the charts.
    public var markdown: String {
        func table(_ rows: [[String]]) -> [String] {
            guard let header = rows.first else { return [] }
            let escaped = rows.map { $0.map { $0.replacingOccurrences(of: "|", with: "\\|") } }
            return ["| " + escaped[0].joined(separator: " | ") + " |", "|" + header.map { _ in "---" }.joined(separator: "|") + "|"]
                + escaped.dropFirst().map { "| " + $0.joined(separator: " | ") + " |" }
        }
        var lines = ["# Validation report: Spike S3 \(verdict)", ""]
        for line in summaryLines { lines += ["- " + line] }
        lines += ["", dataLine, "", machineLine, ""]
        lines.append("## Models side by side")
        lines.append("")
        lines += table(modelTable)
        lines.append("")
        lines.append("The calendar (next start = last start + the median of her last ≤ 6 cycles, fixed per cycle) is "
                     + "the floor no model may be below; rules is the Phase 1 baseline. The ovulation-aware reference "
                     + "(knows the current cycle's ovulation day once it has passed) and the oracle (knows each user's "
                     + "latent parameters and whether ovulation has happened, never the future) are ceilings. Intervals "
                     + "are 95 % percentile bootstrap intervals resampling users.")
        lines.append("")
        if let robustness {
            lines.append("## Robustness panel")
            lines.append("")
            lines += table(robustness.table)
            lines.append("")
            let gap = "a \(DatasetPerturbation.gapDays)-day gap after month \(DatasetPerturbation.gapEarliestMonth)"
            let resamples = "\(robustness.bootstrapSamples) resamples"
            var note = "Alert accuracy [95 % CI] of each model on the held-out users, on the same users with poorer logs "
            note += "(period-only, empty preferences, \(gap), one forgotten period, half the symptom days) and on any extra "
            note += "dataset; each row is scored against the period starts of its own logs. Δ vs calendar: model − calendar "
            note += "in points with its paired 95 % interval (the same resampled users for both, \(resamples)). The gate "
            note += "\"no model below the calendar\" needs the upper end of that interval ≥ 0 on every row."
            lines.append(note)
            lines.append("")
        }
        if !realData.isEmpty {
            lines.append("## Real data")
            lines.append("")
            for section in realData {
                lines.append("### \(section.name)")
                lines.append("")
                lines.append(section.heading + ".")
                lines.append("")
                lines += table(section.table)
                lines.append("")
            }
            lines.append(Self.realDataNote)
            lines.append("")
        }
        if let scenarios {
            lines.append("## Logging scenarios")
            lines.append("")
            lines.append(scenarios.heading + ".")
            lines.append("")
            lines += table(scenarios.table)
            lines.append("")
            lines.append("![Alert accuracy by logging scenario](\(Self.scenarioChartFileName))")
            lines.append("")
            lines += table(scenarios.gateTable)
            lines.append("")
            for note in scenarios.notes {
                lines.append(note)
                lines.append("")
            }
            lines.append("**Verdict:** \(scenarios.verdict)")
            lines.append("")
        }
        lines.append(scenarios == nil ? "## Gates" : "## Model gates (measured once, on the users as generated)")
        lines.append("")
        var gateRows = gateTable
        gateRows[0].append("how it was measured")
        for (index, gate) in gates.filter(\.decidesVerdict).enumerated() { gateRows[index + 1].append(gate.method) }
        lines += table(gateRows)
        lines.append("")
        lines.append("The alert-accuracy gate passes only when the lower end of the 95 % interval reaches the limit, "
                     + "not the point estimate. A gate that was not measured counts as NO-GO.")
        lines.append("")
        if targetTable.count > 1 {
            lines.append("## Phase 2 targets")
            lines.append("")
            var targetRows = targetTable
            targetRows[0].append("how it was measured")
            for (index, outcome) in targets.enumerated() { targetRows[index + 1].append(outcome.gate.method) }
            lines += table(targetRows)
            lines.append("")
            lines.append("The targets decide neither the verdict nor the exit status; a gates file can make any of them a gate "
                         + "(`odml validate --gates`). The ceiling is the causal ideal observer on the same users: a target "
                         + "above it is out of reach of any predictor that learns each user from her past.")
            lines.append("")
        }
        lines.append("## Calibration")
        lines.append("")
        lines.append(ReliabilityTable.rowsHeading + ", on the users of the side-by-side table:")
        lines.append("")
        lines += table(reliabilityTable)
        lines.append("")
        lines.append(Self.calibrationNote)
        lines.append("")
        lines.append("![Reliability of the confidence](\(Self.reliabilityChartFileName))")
        lines.append("")
        lines.append("## Charts")
        lines.append("")
        lines.append("![Accuracy by cycle day](accuracy-by-cycle-day.svg)")
        lines.append("")
        lines.append("![Learning curve](learning-curve.svg)")
        lines.append("")
        lines.append("![Latency](latency.svg)")
        lines.append("")
        return lines.joined(separator: "\n")
    }

    /// The reliability table of every model of the side-by-side table (`ReliabilityTable.rows`).
    public var reliabilityTable: [[String]] {
        ReliabilityTable.rows(models.compactMap { model in model.evaluation.reliability[.confidenceECE].map { (model.name, $0) } })
    }

    /// What the calibration figures are, below the reliability table.
    static let calibrationNote = "Each scored daily forecast states a confidence: the probability that the next period starts "
        + "within ±2 days of its date (a hit, the alert's rule). ECE: the confidences in 10 equal-width bins, Σ (forecasts in the "
        + "bin / all) · |mean confidence − hit rate|; the alert ECE counts each cycle's alert only. Brier: mean (confidence − hit)². "
        + "Coverage: share of forecasts whose 50/80/95 % interval holds the true start. A model without a distribution of its own "
        + "(\"confidence from: past errors\") is scored with the distribution of its own past errors on the same user and cycle "
        + "day (ForecastErrorHistory). The binned ECE is biased upward by sampling noise, so its interval's lower end is no "
        + "evidence of miscalibration."

    /// What the real-data sections are.
    static let realDataNote = "Each real dataset is scored against its own logged starts, with the evaluations of the "
        + "robustness panel; Δ vs calendar: model − calendar with its paired 95 % interval (the same resampled users for "
        + "both). Coverages get no difference: their target is their level."
}
