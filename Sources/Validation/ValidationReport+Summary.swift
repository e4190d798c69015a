import Cycles
import CyclesLab

extension ValidationReport {
    /// The three lines every form of the report leads with: the Spike S3 verdict, the closest gap
    /// in plain words, and the Phase 2 targets.
    public var summaryLines: [String] { [spikeLine, closestGapLine, targetsLine] }

    /// `"Spike S3 go/no-go (model file size < 10 MB; alert accuracy ≥ 60 % (CI lower bound)): GO
    /// with LH tests (…)"`.
    public var spikeLine: String {
        var names: [String] = []
        for gate in gates + (scenarios?.rows.flatMap(\.gates) ?? []) where gate.decidesVerdict && !names.contains(gate.name) {
            names.append(gate.name)
        }
        let criteria = names.isEmpty ? "" : " (" + names.joined(separator: "; ") + ")"
        let decision = scenarios?.decision ?? (isGo ? "GO" : "NO-GO")
        return "Spike S3 go/no-go\(criteria): \(decision)"
    }

    /// The closest gap: with the scenario table, `ScenarioTable.closestGap`; without, the gates
    /// that decide the verdict and did not pass, with how far each is from its limit.
    public var closestGapLine: String {
        if let scenarios { return scenarios.closestGap }
        let deciding = gates.filter(\.decidesVerdict)
        if deciding.isEmpty { return "No gate decides the verdict." }
        let missed = deciding.filter { !$0.passed }
        if missed.isEmpty { return "Every gate that decides the verdict passes (\(deciding.count) of \(deciding.count))." }
        return "Not passed: " + missed.map { gate in
            "\(gate.model) \(gate.name): " + (gate.measured.map { _Format.value($0, unit: gate.unit) } ?? "not measured")
        }.joined(separator: "; ") + "."
    }

    /// `"Phase 2 targets: latency p99 < 150 ms (phase 1) met by gbt, lstm; fine-tuned alert accuracy
    /// ≥ 70 % at 6 months not met (best lstm 66.0 % (with all signals); ideal observer 67.5 %)"`.
    public var targetsLine: String {
        let outcomes = targets
        guard !outcomes.isEmpty else { return "Phase 2 targets: none checked." }
        var names: [String] = []
        for outcome in outcomes where !names.contains(outcome.gate.name) { names.append(outcome.gate.name) }
        let parts = names.map { name -> String in
            let rows = outcomes.filter { $0.gate.name == name }
            let met = rows.filter(\.gate.passed).map(\.gate.model)
            if !met.isEmpty { return "\(name) met by \(met.joined(separator: ", "))" }
            if rows.allSatisfy({ $0.gate.status == .notMeasured }) { return "\(name) not measured" }
            let measured = rows.filter { $0.gate.measured != nil }
            let best = measured.max { a, b in
                guard let x = a.gate.measured, let y = b.gate.measured else { return false }
                return a.gate.comparison.holds(y, limit: x)
            } ?? rows[0]
            var text = "\(name) not met (best \(best.gate.model) \(best.measuredText)"
            if best.idealObserver != nil { text += "; \(best.ceilingText)" + (best.isAboveCeiling ? ", below the target too" : "") }
            return text + ")"
        }
        return "Phase 2 targets: " + parts.joined(separator: "; ") + "."
    }

    /// The Phase 2 targets (the gates that decide nothing), target by target and model by model. A
    /// target measured per logging scenario is read where the model comes closest, with the ideal
    /// observer of that scenario as its ceiling when the target is an alert accuracy.
    public var targets: [TargetOutcome] {
        let modelTargets = gates.filter { !$0.decidesVerdict }
        let scenarioRows = scenarios?.rows ?? []
        var names: [String] = [], models: [String] = []
        for gate in modelTargets + scenarioRows.flatMap(\.gates) where !gate.decidesVerdict {
            if !names.contains(gate.name) { names.append(gate.name) }
            if !models.contains(gate.model) { models.append(gate.model) }
        }
        var outcomes: [TargetOutcome] = []
        for name in names {
            for model in models {
                if let gate = modelTargets.first(where: { $0.name == name && $0.model == model }) {
                    outcomes.append(TargetOutcome(gate: gate))
                    continue
                }
                let measured = scenarioRows.compactMap { row in
                    row.gates.first { $0.name == name && $0.model == model }.map { (row: row, gate: $0) }
                }
                guard let first = measured.first else { continue }
                let closest = measured.reduce(first) { best, next in
                    guard let value = next.gate.measured else { return best }
                    guard let current = best.gate.measured else { return next }
                    return next.gate.comparison.holds(value, limit: current) && value != current ? next : best
                }
                let observer = closest.gate.metric.contains("alert_accuracy") ? closest.row.cell(ScenarioTable.idealObserverColumn) : nil
                outcomes.append(TargetOutcome(gate: closest.gate, logging: "with " + closest.row.logging,
                                              idealObserver: observer?.alertAccuracy, idealObserverInterval: observer?.interval))
            }
        }
        return outcomes
    }

    /// The Phase 2 table (header first): target, model, measured, limit, ceiling, result.
    public var targetTable: [[String]] {
        var rows = [["Phase 2 target", "model", "measured", "target", "ceiling", "result"]]
        for outcome in targets {
            let gate = outcome.gate
            let limit = gate.comparison.symbol + " " + _Format.value(gate.limit, unit: gate.unit, isLimit: true)
            let result: String
            switch gate.status {
            case .pass: result = "met"
            case .fail: result = outcome.isAboveCeiling ? "not met (above the ceiling)" : "not met"
            case .notMeasured: result = "not measured"
            }
            rows.append([gate.name, gate.model, outcome.measuredText, limit, outcome.ceilingText, result])
        }
        return rows
    }
}
