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
            func closeness(_ row: Row) -> (Int, Double, Int) {
                let (passed, accuracy) = rank(best(in: row), in: row)
                return (passed, accuracy, -row.burden)
            }
            guard let closest = rows.max(by: { closeness($0) < closeness($1) }) else {
                return "NO-GO: no logging scenario"
            }
            return "NO-GO: no logging scenario passes every gate; closest: \(closest.logging) (\(failure(closest)))"
        }
        var parts = ["GO with \(passing.logging) (\(passing.passingModels.map { success($0, in: passing) }.joined(separator: "; ")))"]
        let cheaper = rows.filter { $0.burden < passing.burden && !$0.passes }.sorted { $0.burden > $1.burden }
        parts += cheaper.map { "NO-GO with \($0.logging) (\(failure($0)))" }
        return parts.joined(separator: "; ")
    }

    /// `"gbt: 63.1 % [60.2, 66.0], 71.0 % fine-tuned after 6 months"`.
    private func success(_ model: String, in row: Row) -> String {
        "\(model): " + figures(model, in: row)
    }

    /// Her best candidate, the gates it fails, and the ideal observer.
    private func failure(_ row: Row) -> String {
        guard let model = best(in: row) else { return "no candidate" }
        var text = "best \(model): " + figures(model, in: row)
        let failed = row.gates.filter { $0.model == model && !$0.passed }.map { "\($0.name) (\(measured($0)))" }
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
        let passed = row.gates.filter { $0.model == model && $0.passed }.count - (modelGateFailures[model]?.count ?? 0)
        return (passed, row.cell(model)?.alertAccuracy ?? -1)
    }
}
