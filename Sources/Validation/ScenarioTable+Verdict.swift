import Cycles
import CyclesLab

extension ScenarioTable {
    /// The decision in one line, for the app team. GO: `"GO with LH tests (gbt: 63.1 % [60.2,
    /// 66.0], 71.0 % fine-tuned after 6 months); NO-GO with wrist temperature (…); NO-GO with
    /// symptoms only (…)"` — the cheapest passing logging, then each cheaper one that fails, by
    /// decreasing burden. NO-GO: `"NO-GO: no logging scenario passes every gate; closest: all
    /// signals (…)"`. Each failing scenario names its best candidate, the gates it fails, and the
    /// ideal observer when it is known, with how far it is from the alert-accuracy limit when even
    /// it is below.
    public var verdict: String {
        guard !candidates.isEmpty else { return "NO-GO: no candidate model (put model files in Models/ or pass --model)" }
        guard let passing = cheapestPassing else {
            guard let closest = rows.max(by: { closeness($0) < closeness($1) }) else {
                return "NO-GO: no logging scenario"
            }
            return "NO-GO: no logging scenario passes every gate; closest: \(closest.logging) (\(failure(closest)))"
        }
        var parts = [decision]
        let cheaper = rows.filter { $0.burden < passing.burden && !$0.passes }.sorted { $0.burden > $1.burden }
        parts += cheaper.map { "NO-GO with \($0.logging) (\(failure($0)))" }
        return parts.joined(separator: "; ")
    }

    /// The decision alone: `"GO with LH tests (gbt: 63.1 % [60.2, 66.0], …)"` or `"NO-GO: no
    /// logging scenario passes every gate"`.
    public var decision: String {
        guard !candidates.isEmpty else { return "NO-GO: no candidate model" }
        guard let passing = cheapestPassing else { return "NO-GO: no logging scenario passes every gate" }
        return "GO with \(passing.logging) (\(passing.passingModels.map { success($0, in: passing) }.joined(separator: "; ")))"
    }

    /// The closest gap, in plain words. GO: how far the best model is in the cheaper logging
    /// scenario that comes closest (or that it passes with the least logging tested). NO-GO: how far
    /// the closest scenario's best model is from passing. Each names the ideal observer when known.
    public var closestGap: String {
        guard !candidates.isEmpty else { return "No model to judge: put model files in Models/ or pass --model." }
        if let passing = cheapestPassing {
            let cheaper = rows.filter { $0.burden < passing.burden && !$0.passes }
            guard let nearest = cheaper.max(by: { closeness($0) < closeness($1) }) else {
                return "It passes with the least logging tested (\(passing.logging))."
            }
            return "With \(nearest.logging), " + shortfall(in: nearest) + "."
        }
        guard let closest = rows.max(by: { closeness($0) < closeness($1) }) else { return "No logging scenario was scored." }
        return "Closest: with \(closest.logging), " + shortfall(in: closest) + "."
    }

    /// `"the best model, lstm, reaches 58.1 % [56.0, 60.2]: its lower end is 4.0 points below 60 %;
    /// the ideal observer reaches 61.0 %"`, with the failed model gates.
    private func shortfall(in row: Row) -> String {
        guard let model = best(in: row) else { return "no model was scored" }
        var text = "the best model, \(model), reaches " + (row.cell(model)?.alertAccuracy.map {
            _Format.percent($0, interval: row.cell(model)?.interval)
        } ?? "no measured accuracy")
        let accuracyGate = row.gates.first { $0.model == model && $0.decidesVerdict && $0.metric == CycleMetric.alertAccuracy.rawValue }
        if let gate = accuracyGate, let measured = gate.measured, !gate.passed {
            text += String(format: ": its lower end is %.1f points below %.0f %%", (gate.limit - measured) * 100, gate.limit * 100)
        }
        let others = row.gates.filter { $0.model == model && $0.decidesVerdict && !$0.passed && $0.metric != CycleMetric.alertAccuracy.rawValue }
            .map { "\($0.name) (\(measured($0)))" } + (modelGateFailures[model] ?? [])
        if !others.isEmpty { text += "; it also fails " + others.joined(separator: ", ") }
        if let observer = row.cell(Self.idealObserverColumn), let accuracy = observer.alertAccuracy {
            text += "; the ideal observer reaches " + _Format.percent(accuracy, interval: observer.interval)
            if let limit = alertAccuracyLimit, accuracy < limit { text += ", so no causal predictor passes there" }
        }
        return text
    }

    /// How close a scenario comes to passing: its best model's rank, then the lesser burden.
    private func closeness(_ row: Row) -> (Int, Double, Int) {
        let (passed, accuracy) = rank(best(in: row), in: row)
        return (passed, accuracy, -row.burden)
    }

    /// `"gbt: 63.1 % [60.2, 66.0], 71.0 % fine-tuned after 6 months"`.
    private func success(_ model: String, in row: Row) -> String {
        "\(model): " + figures(model, in: row)
    }

    /// Her best candidate, the gates it fails, and the ideal observer.
    private func failure(_ row: Row) -> String {
        guard let model = best(in: row) else { return "no candidate" }
        var text = "best \(model): " + figures(model, in: row)
        let failed = row.gates.filter { $0.model == model && $0.decidesVerdict && !$0.passed }.map { "\($0.name) (\(measured($0)))" }
            + (modelGateFailures[model] ?? [])
        if !failed.isEmpty { text += "; fails " + failed.joined(separator: ", ") }
        if let observer = row.cell(Self.idealObserverColumn), let accuracy = observer.alertAccuracy {
            text += "; ideal observer " + _Format.percent(accuracy, interval: observer.interval)
            if let limit = alertAccuracyLimit, accuracy < limit {
                text += String(format: ", %.1f points below the %.0f %% gate: no causal predictor passes here", (limit - accuracy) * 100, limit * 100)
            }
        }
        return text
    }

    /// `"63.1 % [60.2, 66.0], 71.0 % fine-tuned after 6 months"` (what is measured of the two).
    private func figures(_ model: String, in row: Row) -> String {
        guard let cell = row.cell(model) else { return "-" }
        var parts: [String] = []
        if let accuracy = cell.alertAccuracy { parts.append(_Format.percent(accuracy, interval: cell.interval)) }
        if let fineTuned = cell.fineTunedSixMonths { parts.append(_Format.percent(fineTuned.value) + " fine-tuned after 6 months") }
        return parts.isEmpty ? "not measured" : parts.joined(separator: ", ")
    }

    /// A gate's measured number in its unit, or `not measured`.
    private func measured(_ gate: Gate) -> String {
        gate.measured.map { _Format.value($0, unit: gate.unit) } ?? "not measured"
    }

    /// The limit of the alert-accuracy gate among the scenario gates, if there is one.
    private var alertAccuracyLimit: Double? {
        rows.lazy.flatMap(\.gates).first { $0.metric == CycleMetric.alertAccuracy.rawValue }?.limit
    }

    /// The candidate of `row` that passes the most gates (scenario and model gates), then has the
    /// highest alert accuracy.
    func best(in row: Row) -> String? {
        candidates.max { rank($0, in: row) < rank($1, in: row) }
    }

    /// How close `model` comes to passing in `row`: gates passed, then alert accuracy.
    private func rank(_ model: String?, in row: Row) -> (Int, Double) {
        guard let model else { return (-1, -1) }
        let passed = row.gates.filter { $0.model == model && $0.decidesVerdict && $0.passed }.count - (modelGateFailures[model]?.count ?? 0)
        return (passed, row.cell(model)?.alertAccuracy ?? -1)
    }
}
