import Foundation
import OnDeviceML

/// `odml-bench cycles [--users N] [--months M] [--repetitions R]`: generate N users × M months
/// (default 10,000 × 12) and evaluate the rule engine on them (200 bootstrap resamples, as
/// `odml evaluate`). Whole-dataset cases take seconds each, so they run R times (default 3,
/// after one warm-up) instead of 30; `seconds` is the median.
enum CyclesSuite {
    static func run(_ arguments: [String]) {
        func option(_ name: String, _ fallback: Int) -> Int {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let value = Int(arguments[index + 1]) else { return fallback }
            return value
        }
        let users = option("--users", 10_000), months = option("--months", 12), repetitions = max(option("--repetitions", 3), 1)
        let config = CohortConfig.irregular
        var dataset = SyntheticCycles.generate(config: config, users: min(users, 500), months: months, seed: 1)
        let generateTimes = measure(repetitions) {
            dataset = SyntheticCycles.generate(config: config, users: users, months: months, seed: 1)
        }
        report("generate_\(users)_users_\(months)_months", generateTimes, extra: ["users": users, "months": months])
        let evaluator = CycleEvaluator()
        var alertAccuracy = 0.0
        let evaluateTimes = measure(repetitions) {
            alertAccuracy = (try? evaluator.evaluate(RuleEngine(), on: dataset))?.alertAccuracy ?? .nan
        }
        report("evaluate_rules_\(users)_users_\(months)_months", evaluateTimes,
               extra: ["users": users, "months": months, "alert_accuracy": alertAccuracy])
    }

    /// Wall-clock seconds of `repetitions` runs after one warm-up run.
    static func measure(_ repetitions: Int, _ body: () -> Void) -> [Double] {
        body()
        return (0..<repetitions).map { _ in
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
    }

    static func report(_ name: String, _ seconds: [Double], extra: [String: Any]) {
        let sorted = seconds.sorted()
        let median = sorted[sorted.count / 2]
        let p99 = sorted[min(sorted.count - 1, Int((0.99 * Double(sorted.count)).rounded(.up)) - 1)]
        var record: [String: Any] = ["benchmark": "cycles", "case": name, "ours_median_us": median * 1e6, "ours_p99_us": p99 * 1e6,
                                     "seconds": median, "repetitions": seconds.count,
                                     "cores": ProcessInfo.processInfo.activeProcessorCount]
        record.merge(extra) { first, _ in first }
        if let data = try? JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]) {
            print(String(decoding: data, as: UTF8.self))
        }
    }
}
