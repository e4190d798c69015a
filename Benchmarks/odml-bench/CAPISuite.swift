import Foundation
import OnDeviceML

/// `odml-bench capi`: the direct Swift call that the C API's `odml_predict` and `odml_explain`
/// wrap, for `Benchmarks/capi/run.sh` to compare with the C, Java and Python calls: the explained
/// forecast of one user-day and its JSON (`DayForecast` → `ForecastReport` / `ExplanationReport`
/// → `ReportJSON.pretty`), the model and history loaded once, as an app holds them.
///
/// Environment (set by `Benchmarks/capi/run.sh`): `ODML_BENCH_MODEL` (a .odml file),
/// `ODML_BENCH_DATA` (a dataset directory), `ODML_BENCH_USER`, `ODML_BENCH_DATE`. Not in
/// `odml-bench --list`: it needs those.
///
/// Cases: `predict_json` and `explain_json`. The model explains 100 forecasts before the timing,
/// so that every call uses its TreeSHAP tables (docs/c-api.md, "Determinism"), as the C API's
/// programs do.
enum CAPISuite {
    static func run(_ harness: BenchmarkHarness) throws {
        let environment = ProcessInfo.processInfo.environment
        func value(_ name: String) throws -> String {
            guard let text = environment[name], !text.isEmpty else {
                throw BenchmarkError.usage("odml-bench capi: set \(name) (Benchmarks/capi/run.sh does)")
            }
            return text
        }
        let model = try CycleModel.load(try value("ODML_BENCH_MODEL"))
        let user = try value("ODML_BENCH_USER")
        guard let history = try CycleDataset.load(path: try value("ODML_BENCH_DATA")).users.first(where: { $0.userID == user }),
              let day = CalendarDay(iso: try value("ODML_BENCH_DATE")) else {
            throw BenchmarkError.usage("odml-bench capi: no user \(user) in ODML_BENCH_DATA, or ODML_BENCH_DATE is not YYYY-MM-DD")
        }
        func predict() throws -> String {
            try ReportJSON.pretty(try DayForecast(predictor: model.predictor, history: history, day: day, language: .en).report())
        }
        func explain() throws -> String {
            try ReportJSON.pretty(try DayForecast(predictor: model.predictor, history: history, day: day, language: .en).explanation())
        }
        for _ in 0..<100 { BenchmarkHarness.blackHole(try explain()) }
        for (name, body) in [("predict_json", predict), ("explain_json", explain)] where harness.shouldRun(name) {
            let measurement = harness.measure { BenchmarkHarness.blackHole(try? body()) }
            harness.report(name, measurement, extra: ["via": "swift", "model": model.kind])
        }
    }
}
