import Foundation
import Testing
@testable import Validation
import CyclesLab

@Suite struct GateSpecificationFileTests {
    @Test func parsesGatesWithDefaultStatistic() throws {
        let json = """
        {"gates": [
          {"name": "daily accuracy", "metric": "period_start.accuracy_2d", "comparison": ">=", "limit": 0.5},
          {"name": "small", "metric": "model.file_bytes", "statistic": "value", "comparison": "<=", "limit": 200000},
          {"name": "tight", "metric": "period_start.mae_days", "statistic": "ci_high", "comparison": "<", "limit": 3},
          {"name": "calendar floor", "metric": "robustness.alert_accuracy_vs_calendar", "statistic": "ci_high", "comparison": ">=", "limit": 0}
        ]}
        """
        let gates = try GateSpecification.parse(Data(json.utf8), path: "gates.json")
        #expect(gates.count == 4)
        #expect(gates[0] == GateSpecification(name: "daily accuracy", metric: "period_start.accuracy_2d", comparison: .greaterThanOrEqual, limit: 0.5))
        #expect(gates[1].comparison == .lessThanOrEqual)
        #expect(gates[2].statistic == .intervalHigh)
        #expect(gates[3] == GateSpecification(name: "calendar floor", metric: GateSpecification.notBelowCalendar.metric,
                                              statistic: .intervalHigh, comparison: .greaterThanOrEqual, limit: 0))
    }

    /// A name alone makes a built-in Phase 2 target a gate; `kind` may declare a target of one's own.
    @Test func aNameAloneMakesATargetAGateAndKindDeclaresATarget() throws {
        let json = """
        {"gates": [
          {"name": "latency p99 < 100 ms (phase 2)"},
          {"name": "daily accuracy", "metric": "period_start.accuracy_2d", "comparison": ">=", "limit": 0.5, "kind": "target"}
        ]}
        """
        let gates = try GateSpecification.parse(Data(json.utf8), path: "gates.json")
        #expect(GateSpecification.latencyPhase2.kind == .target)
        #expect(gates[0] == GateSpecification.latencyPhase2.asGoNoGoGate)
        #expect(gates[0].kind == .goNoGo)
        #expect(gates[1].kind == .target)
        #expect(GateSpecification.defaults.filter { $0.kind == .goNoGo } == GateSpecification.spike)
    }

    @Test(arguments: [
        ("{\"gates\": [", "gates.json: malformed gates file: not valid JSON"),
        ("{\"gate\": []}", "no top-level \"gates\" key"),
        ("{\"gates\": {}}", "\"gates\" is an object, not an array"),
        ("{\"gates\": [3]}", "gates[0].: found 3, expected an object"),
        ("{\"gates\": [{\"metric\": \"latency.p99_us\", \"comparison\": \"<\", \"limit\": 1}]}",
         "gates[0].name: found nothing, expected a non-empty string"),
        ("{\"gates\": [{\"name\": \"a\", \"metric\": \"latency.p98_us\", \"comparison\": \"<\", \"limit\": 1}]}",
         "gates[0].metric: found \"latency.p98_us\", expected a measurement"),
        ("{\"gates\": [{\"name\": \"a\", \"metric\": \"latency.p99_us\", \"comparison\": \"=<\", \"limit\": 1}]}",
         "gates[0].comparison: found \"=<\", expected one of <, <=, >, >="),
        ("{\"gates\": [{\"name\": \"a\", \"metric\": \"latency.p99_us\", \"comparison\": \"<\", \"limit\": \"1 ms\"}]}",
         "gates[0].limit: found \"1 ms\", expected a number"),
        ("{\"gates\": [{\"name\": \"a\", \"metric\": \"latency.p99_us\", \"comparison\": \"<\", \"limit\": true}]}",
         "gates[0].limit: found true, expected a number"),
        ("{\"gates\": [{\"name\": \"a\", \"metric\": \"latency.p99_us\", \"comparison\": \"<\", \"limit\": 1, \"statistic\": \"median\"}]}",
         "gates[0].statistic: found \"median\", expected one of value, ci_low, ci_high"),
        ("{\"gates\": [{\"name\": \"a\", \"metric\": \"latency.p99_us\", \"comparison\": \"<\", \"limit\": 1, \"unit\": \"ms\"}]}",
         "gates[0].unit: found an unknown field"),
        ("{\"gates\": [{\"name\": \"latency p99 < 1 ms\"}]}",
         "gates[0].name: found \"latency p99 < 1 ms\", expected with no other field, the name of a Phase 2 target: \"latency p99 < 150 ms (phase 1)\""),
        ("{\"gates\": [{\"name\": \"a\", \"metric\": \"latency.p99_us\", \"comparison\": \"<\", \"limit\": 1, \"kind\": \"soft\"}]}",
         "gates[0].kind: found \"soft\", expected go-no-go or target"),
        ("{\"gates\": [{\"name\": \"a\", \"metric\": \"latency.p99_us\", \"comparison\": \"<\", \"limit\": 1}, {\"name\": \"a\", \"metric\": \"latency.p50_us\", \"comparison\": \"<\", \"limit\": 1}]}",
         "two gates are named \"a\""),
    ])
    func badFilesGiveOneLineErrorsNamingTheField(json: String, expected: String) {
        do {
            _ = try GateSpecification.parse(Data(json.utf8), path: "gates.json")
            Issue.record("expected an error for \(json)")
        } catch let error as ValidatorError {
            #expect(error.description.contains(expected), "\(error.description)")
            #expect(error.description.hasPrefix("gates.json: "))
            #expect(!error.description.contains("\n"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func missingFileNamesThePath() throws {
        let url = try TestSupport.temporaryDirectory().appendingPathComponent("absent.json")
        #expect(throws: ValidatorError.gatesFileUnreadable(path: url.path, reason: "no such file or not readable")) {
            try GateSpecification.load(from: url)
        }
    }
}
