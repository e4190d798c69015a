import Cycles
import CyclesLab

extension ValidationReport {
    /// The rows of the side-by-side table: label and measurement key.
    static let tableRows: [(label: String, key: String)] = [
        ("alert accuracy [95 % CI]", CycleMetric.alertAccuracy.rawValue),
        ("accuracy ±2 d, all days", CycleMetric.accuracy2d.rawValue),
        ("accuracy ±2 d, cycle day 1", CycleMetric.day1Accuracy2d.rawValue),
        ("mean abs. error (days)", CycleMetric.maeDays.rawValue),
        ("ovulation ±2 d", CycleMetric.ovulationAccuracy2d.rawValue),
        ("confidence ECE [95 % CI]", CycleMetric.confidenceECE.rawValue),
        ("alert confidence ECE", CycleMetric.alertConfidenceECE.rawValue),
        ("Brier score of the confidence", CycleMetric.brier.rawValue),
        ("50 % interval coverage", CycleMetric.coverage50.rawValue),
        ("80 % interval coverage", CycleMetric.coverage80.rawValue),
        ("95 % interval coverage", CycleMetric.coverage95.rawValue),
        ("model file", MeasurementKey.fileBytes),
        ("latency p50", MeasurementKey.latencyP50),
        ("latency p99", MeasurementKey.latencyP99),
        ("fine-tuned alert acc., 6 months", MeasurementKey.learningCurve(series: "fine_tuned", metric: "alert_accuracy", months: 6)),
    ]

    /// The cells of the side-by-side table (header first), `"-"` where a model has no value; the
    /// last row says where each model's confidence came from (its distribution or its past errors).
    public var modelTable: [[String]] {
        var rows = [["metric"] + models.map(\.name)]
        for (label, key) in Self.tableRows {
            let cells = models.map { model -> String in
                guard let measurement = model.measurements[key] else { return "-" }
                return _Format.measurement(measurement.value, interval: measurement.interval, metric: key)
            }
            if cells.allSatisfy({ $0 == "-" }) { continue }
            rows.append([label] + cells)
        }
        if models.contains(where: { $0.evaluation.confidenceSource != nil }) {
            rows.append(["confidence from"] + models.map { $0.evaluation.confidenceSource ?? "-" })
        }
        return rows
    }

    /// The cells of the gate table (header first): the gates that decide the verdict and are
    /// measured once per model (the Phase 2 targets are in `targetTable`).
    public var gateTable: [[String]] {
        var rows = [["gate", "model", "measured", "limit", "result"]]
        for gate in gates where gate.decidesVerdict {
            let measured = gate.measured.map { _Format.value($0, unit: gate.unit) } ?? "-"
            let limit = gate.comparison.symbol + " " + _Format.value(gate.limit, unit: gate.unit, isLimit: true)
            rows.append([gate.name, gate.model, measured, limit, gate.status.label])
        }
        return rows
    }

    /// One line: with a scenario table, its verdict (`ScenarioTable.verdict`: "GO with LH tests
    /// (…); NO-GO with symptoms only (…)"); without, the verdict and the gate counts.
    public var summaryLine: String {
        if let scenarios { return scenarios.verdict }
        let passed = gates.filter { $0.status == .pass }.count
        let failed = gates.filter { $0.status == .fail }.count
        let missing = gates.filter { $0.status == .notMeasured }.count
        var parts = ["\(passed) of \(gates.count) gates passed"]
        if failed > 0 { parts.append("\(failed) failed") }
        if missing > 0 { parts.append("\(missing) not measured") }
        return "\(verdict): " + parts.joined(separator: ", ")
    }

    /// One line describing the data.
    public var dataLine: String {
        let rulesCycles = models.first?.evaluation.cycles ?? 0
        var text = "data: \(data.users) \(data.cohort) users"
        text += data.source == "generated" ? " (generated, held out" : " (\(data.source)"
        if let months = data.months { text += ", \(months) months" }
        if let seed = data.seed { text += ", seed \(seed)" }
        return text + "), \(_Format.grouped(rulesCycles)) cycles"
    }

    /// `machine: …`: where the latencies were measured (`machine`).
    public var machineLine: String { "machine: \(machine)" }

    /// The terminal report: the three summary lines (`summaryLines`), data, the machine, the
    /// side-by-side table, the robustness panel, the real-data sections, the scenario table with its
    /// gates, the model gates, the Phase 2 targets, why any gate did not pass, and the verdict.
    public var text: String {
        var lines = summaryLines + ["", dataLine, machineLine, ""]
        lines += TextTable.aligned(modelTable)
        lines.append("")
        if let robustness {
            lines.append("robustness panel: alert accuracy [95 % CI]; Δ vs calendar in points [paired 95 % CI]")
            lines += TextTable.aligned(robustness.table)
            lines.append("")
        }
        for section in realData {
            lines.append(section.heading)
            lines += TextTable.aligned(section.table)
            lines.append("")
        }
        if let scenarios {
            lines.append(scenarios.heading)
            lines += TextTable.aligned(scenarios.table)
            lines.append("")
            lines += TextTable.aligned(scenarios.gateTable)
            lines.append("")
            lines += scenarios.notes
            lines.append("")
            lines.append("model gates (measured once, on the users as generated):")
        }
        lines += TextTable.aligned(gateTable)
        if targetTable.count > 1 {
            lines.append("")
            lines.append("Phase 2 targets (decide nothing; a gates file can make one a gate):")
            lines += TextTable.aligned(targetTable)
        }
        let notes = gates.filter { $0.status != .pass }
        if !notes.isEmpty {
            lines.append("")
            for gate in notes {
                let outcome = gate.decidesVerdict ? gate.status.label.lowercased() : (gate.status == .fail ? "target not met" : "target not measured")
                lines.append("\(outcome): \(gate.model) \(gate.name): \(gate.method)")
            }
        }
        lines.append("")
        lines.append(summaryLine)
        return lines.joined(separator: "\n")
    }
}
