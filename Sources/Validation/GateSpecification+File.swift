import Cycles
import Foundation

extension GateSpecification {
    /// Reads extra gates from a JSON file shaped
    /// `{"gates": [{"name": "daily accuracy", "metric": "period_start.accuracy_2d",
    /// "statistic": "ci_low", "comparison": ">=", "limit": 0.5}]}`; `statistic` is optional
    /// (`value`, `ci_low` or `ci_high`; default `value`), and so is `kind` (`go-no-go`, the default:
    /// the gate decides the verdict; or `target`: it is reported with the Phase 2 targets). The
    /// built-in "no model below the calendar" target reads `{"name": "…", "metric":
    /// "robustness.alert_accuracy_vs_calendar", "statistic": "ci_high", "comparison": ">=", "limit": 0}`.
    ///
    /// An entry with only the `name` of a built-in Phase 2 target (`phase2Targets`) makes that
    /// target a gate: `{"gates": [{"name": "latency p99 < 100 ms (phase 2)"}]}`.
    /// - Throws: `ValidatorError` naming the file, the gate's index and the bad field.
    public static func load(from url: URL) throws -> [GateSpecification] {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ValidatorError.gatesFileUnreadable(path: url.path, reason: "no such file or not readable")
        }
        return try parse(data, path: url.path)
    }

    /// Parses the JSON of a gates file; `path` is used in error messages.
    public static func parse(_ data: Data, path: String) throws -> [GateSpecification] {
        let root: _JSONValue
        do { root = try JSONDecoder().decode(_JSONValue.self, from: data) } catch {
            throw ValidatorError.gatesFileMalformed(path: path, reason: "not valid JSON")
        }
        guard case let .object(object) = root, let list = object["gates"] else {
            throw ValidatorError.gatesFileMalformed(path: path, reason: "no top-level \"gates\" key")
        }
        guard case let .array(entries) = list else {
            throw ValidatorError.gatesFileMalformed(path: path, reason: "\"gates\" is \(list), not an array")
        }
        var names = Set<String>()
        var result: [GateSpecification] = []
        for (index, entry) in entries.enumerated() {
            guard case let .object(gate) = entry else {
                throw ValidatorError.invalidGate(path: path, index: index, field: "", found: entry.description, expected: "an object")
            }
            func invalid(_ field: String, expected: String) -> ValidatorError {
                .invalidGate(path: path, index: index, field: field, found: gate[field]?.description ?? "nothing", expected: expected)
            }
            func string(_ field: String) throws -> String {
                guard case let .string(value)? = gate[field], !value.isEmpty else { throw invalid(field, expected: "a non-empty string") }
                return value
            }
            let allowed: Set<String> = ["name", "metric", "statistic", "comparison", "limit", "kind"]
            if let field = gate.keys.sorted().first(where: { !allowed.contains($0) }) {
                throw ValidatorError.invalidGate(path: path, index: index, field: field, found: "an unknown field",
                                                 expected: "only name, metric, statistic, comparison, limit, kind")
            }
            let name = try string("name")
            if gate.keys.count == 1 {
                guard let target = phase2Targets.first(where: { $0.name == name }) else {
                    throw invalid("name", expected: "with no other field, the name of a Phase 2 target: "
                                  + phase2Targets.map { "\"\($0.name)\"" }.joined(separator: ", "))
                }
                guard names.insert(name).inserted else { throw ValidatorError.duplicateGate(path: path, name: name) }
                result.append(target.asGoNoGoGate)
                continue
            }
            var kind = GateKind.goNoGo
            if gate["kind"] != nil {
                guard let parsed = GateKind(rawValue: try string("kind")) else {
                    throw invalid("kind", expected: "go-no-go or target")
                }
                kind = parsed
            }
            let metric = try string("metric")
            guard MeasurementKey.isKnown(metric) else {
                throw invalid("metric", expected: "a measurement such as period_start.alert_accuracy, model.file_bytes, "
                              + "latency.p99_us, learning_curve.fine_tuned.alert_accuracy.6m or "
                              + "robustness.alert_accuracy_vs_calendar")
            }
            guard let comparison = GateComparison(rawValue: try string("comparison")) else {
                throw invalid("comparison", expected: "one of <, <=, >, >=")
            }
            var statistic = GateStatistic.value
            if gate["statistic"] != nil {
                guard let parsed = GateStatistic(rawValue: try string("statistic")) else {
                    throw invalid("statistic", expected: "one of value, ci_low, ci_high")
                }
                statistic = parsed
            }
            guard case let .number(limit)? = gate["limit"], limit.isFinite else {
                throw invalid("limit", expected: "a number in the metric's unit (fractions for accuracies, bytes, µs)")
            }
            guard names.insert(name).inserted else { throw ValidatorError.duplicateGate(path: path, name: name) }
            result.append(GateSpecification(name: name, metric: metric, statistic: statistic, comparison: comparison, limit: limit,
                                            kind: kind))
        }
        return result
    }
}
