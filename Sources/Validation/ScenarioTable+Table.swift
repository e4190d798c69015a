import Cycles
import CyclesLab

extension ScenarioTable {
    /// The text and Markdown table (header first): per scenario, one line of alert accuracies
    /// `"acc [lo, hi]"` per column and the scenario's result, then one line of the candidates'
    /// fine-tuned alert accuracy after 6 months and one of their gap to the ideal observer in
    /// points `"Δ [lo, hi]"` (when the observer's file has per-user results).
    public var table: [[String]] {
        var result = [["scenario", "users", "cycles"] + columns + ["result"]]
        for row in rows {
            result.append([row.label, _Format.grouped(row.users), _Format.grouped(row.cycles)] + columns.map { column in
                guard let cell = row.cell(column) else { return "-" }
                guard let accuracy = cell.alertAccuracy else { return cell.note == nil ? "-" : "not computed" }
                return _Format.percent(accuracy, interval: cell.interval)
            } + [row.passes ? "GO" : "NO-GO"])
            let fineTuned = columns.map { column in row.cell(column)?.fineTunedSixMonths.map { _Format.percent($0.value) } ?? "-" }
            if fineTuned.contains(where: { $0 != "-" }) {
                result.append(["  fine-tuned, 6 months", "", ""] + fineTuned + [""])
            }
            let gaps = columns.map { column in
                row.cell(column)?.gapToIdealObserver.map { _Format.points($0.value, interval: $0.interval) } ?? "-"
            }
            if gaps.contains(where: { $0 != "-" }) {
                result.append(["  Δ vs ideal observer", "", ""] + gaps + [""])
            }
        }
        return result
    }

    /// The scenario gates that decide the verdict (header first): per scenario and candidate, each one's measured
    /// value and outcome, the model gates' outcome, and whether the candidate passes there.
    public var gateTable: [[String]] {
        var names: [String] = []
        for gate in rows.first?.gates ?? [] where gate.decidesVerdict && !names.contains(gate.name) { names.append(gate.name) }
        var result: [[String]] = [["scenario", "model"] + names + ["model gates", "passes"]]
        for row in rows {
            for model in candidates {
                let cells = names.map { name -> String in
                    guard let gate = row.gates.first(where: { $0.model == model && $0.name == name }) else { return "-" }
                    return (gate.measured.map { _Format.value($0, unit: gate.unit) } ?? "-") + " " + gate.status.label
                }
                let modelGates = (modelGateFailures[model] ?? []).isEmpty ? "PASS" : "FAIL"
                result.append([row.label, model] + cells + [modelGates, row.passingModels.contains(model) ? "yes" : "no"])
            }
        }
        return result
    }

    /// The first line above the table: the users and what the cells hold.
    public var heading: String {
        var text = "logging scenarios: \(data.users) \(data.cohort) users"
        text += data.source == "generated" ? " (generated, held out" : " (\(data.source)"
        if let months = data.months { text += ", \(months) months" }
        if let seed = data.seed { text += ", seed \(seed)" }
        return text + "), every user logging the scenario's signals; alert accuracy [95 % CI]"
    }

    /// The notes below the table: what the scenarios are, the ideal observer's source and the
    /// model gates.
    public var notes: [String] {
        var lines = ["Each scenario keeps flow, symptoms and only its signals (DatasetPerturbation signals:…); "
                     + "the scenario gates are measured on its users, the model gates (the file size) once; "
                     + "a scenario is GO when one model passes all of them (\(bootstrapSamples) bootstrap resamples of users). "
                     + "The Phase 2 targets (latency, calendar floor, fine-tuning) decide nothing; they have their own table."]
        lines.append("ideal observer: \(idealObserver)")
        if rows.contains(where: { row in row.cells.contains { $0.gapToIdealObserver != nil } }) {
            lines.append("Δ vs ideal observer: model − observer in points with its paired 95 % interval "
                         + "(the same users resampled for both, from the observer's per-user results).")
        }
        for model in candidates {
            if let failures = modelGateFailures[model], !failures.isEmpty {
                lines.append("\(model) fails model gates: " + failures.joined(separator: ", "))
            }
        }
        return lines
    }
}
