import Foundation
import OnDeviceML
#if canImport(Glibc)
import Glibc
#endif

/// `odml-bench personalization`: fine-tuning one user on the phone's budget.
///
/// Cases `finetune_<m>_months` (m = 6, 12): `Personalizer` with the residual and luteal
/// strategies under the guardrail, on one `irregular` user's first `m` months, one thread.
/// Goals: < 1 s (6 months) and < 2 s (12 months), `goal_us`. Peak memory: a child process
/// (this binary re-executed with `ODML_BENCH_PERSONALIZATION_CHILD=<months>`) reads
/// `getrusage(RUSAGE_SELF).ru_maxrss` after loading and again after fine-tuning 3 times;
/// `peak_rss_delta_mb` is the growth fine-tuning caused, `peak_rss_mb` the whole child's peak
/// (goal < 50 MB, `goal_peak_mb`). No peer: nothing in Python does this on-device job.
enum PersonalizationSuite {
    static let childVariable = "ODML_BENCH_PERSONALIZATION_CHILD"

    static func run(_ harness: BenchmarkHarness) throws {
        if let months = ProcessInfo.processInfo.environment[childVariable].flatMap(Int.init) {
            try child(months: months)
            return
        }
        BLAS.threadCount = 1
        for (months, goal) in [(6, 1_000_000.0), (12, 2_000_000.0)] where harness.shouldRun("finetune_\(months)_months") {
            let (history, cutoff) = user(months: months)
            let personalizer = Personalizer(tuners: [ResidualCorrectionTuner(), LutealTuner()])
            let model = RuleEngine()
            var outcome: PersonalizationOutcome?
            let measurement = harness.measure {
                outcome = try? personalizer.personalize(model, history: history, cutoff: cutoff)
            }
            let memory = try childMemory(months: months)
            harness.report("finetune_\(months)_months", measurement, extra: [
                "goal_us": goal, "model": model.name, "threads": 1,
                "days": history.truncated(through: cutoff).records.count,
                "cycles": history.truncated(through: cutoff).periodStarts.count,
                "kept": outcome?.kept ?? false,
                "peak_rss_mb": memory.peak, "peak_rss_delta_mb": memory.delta, "goal_peak_mb": 50,
            ])
        }
    }

    /// The first user of a seeded `irregular` cohort with at least `months` months of data, and her cut-off.
    static func user(months: Int) -> (UserHistory, CalendarDay) {
        let dataset = SyntheticCycles.generate(config: (try? CohortConfig.named("irregular")) ?? .irregular, users: 8,
                                               months: months + 1, seed: 11)
        let history = dataset.users.max { $0.periodStarts.count < $1.periodStarts.count }!
        let first = history.records[0].date
        return (history, first.advanced(by: Int((Double(months) * 30.4375).rounded()) - 1))
    }

    /// Runs the child and reads its two `ru_maxrss` figures (MB).
    static func childMemory(months: Int) throws -> (peak: Double, delta: Double) {
        let process = Process()
        #if os(Linux)
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
        process.executableURL = Bundle.main.executableURL
        #endif
        process.arguments = ["personalization"]
        var environment = ProcessInfo.processInfo.environment
        environment[childVariable] = "\(months)"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard process.terminationStatus == 0, fields.count == 2 else { return (.nan, .nan) }
        return (fields[1], fields[1] - fields[0])
    }

    /// In the child: prints peak RSS after loading, then after fine-tuning 3 times.
    static func child(months: Int) throws {
        BLAS.threadCount = 1
        let (history, cutoff) = user(months: months)
        let personalizer = Personalizer(tuners: [ResidualCorrectionTuner(), LutealTuner()])
        let before = peakResidentMegabytes()
        for _ in 0..<3 { BenchmarkHarness.blackHole(try personalizer.personalize(RuleEngine(), history: history, cutoff: cutoff)) }
        print(before, peakResidentMegabytes())
    }

    /// `ru_maxrss` of this process in MB (Linux reports KB, Darwin bytes).
    static func peakResidentMegabytes() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
        #else
        getrusage(RUSAGE_SELF, &usage)
        return Double(usage.ru_maxrss) / 1_048_576
        #endif
    }
}
