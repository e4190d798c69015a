import Foundation

/// Options every suite shares: `odml-bench <suite> [--threads N] [--repetitions N] [--filter TEXT]`.
struct BenchmarkOptions {
    /// OpenBLAS threads (the peers are limited to the same count).
    var threads = 2
    /// Timed repetitions per case (at least 30).
    var repetitions = 50
    /// Only cases whose name contains this text run.
    var filter: String?

    static let usage = "usage: odml-bench <suite> [--threads N] [--repetitions N (>= 30)] [--filter TEXT] | odml-bench --list | odml-bench --machine"

    init(arguments: ArraySlice<String>) throws {
        var remaining = arguments
        while let flag = remaining.popFirst() {
            guard let value = remaining.popFirst() else { throw BenchmarkError.usage("\(flag) needs a value") }
            switch flag {
            case "--threads":
                guard let count = Int(value), count >= 1 else { throw BenchmarkError.usage("--threads must be a positive integer, got \(value)") }
                threads = count
            case "--repetitions":
                guard let count = Int(value), count >= 30 else { throw BenchmarkError.usage("--repetitions must be at least 30, got \(value)") }
                repetitions = count
            case "--filter":
                filter = value
            default:
                throw BenchmarkError.usage("unknown option \(flag)")
            }
        }
    }
}

/// A bad command line, printed as one line before exiting with status 64.
enum BenchmarkError: Error, CustomStringConvertible {
    case usage(String)

    var description: String {
        switch self {
        case let .usage(problem): "\(problem)\n\(BenchmarkOptions.usage)"
        }
    }
}

/// Timing statistics of one case, in microseconds per call.
struct BenchmarkMeasurement {
    /// Median over repetitions of (repetition time / calls per repetition).
    let medianMicroseconds: Double
    /// 99th percentile (nearest rank) of the same per-call times.
    let p99Microseconds: Double
    /// Calls timed together in one repetition (so each repetition lasts about 2 ms).
    let callsPerRepetition: Int
}

/// Warm-up, calibration, repetitions and JSON-line output shared by every suite.
///
/// Each case is warmed up (at least 3 calls and 50 ms), then timed in `repetitions` repetitions
/// of `callsPerRepetition` back-to-back calls, chosen so that a repetition lasts about 2 ms and
/// timer overhead stays negligible. Peers in `Benchmarks/peers/` use the same scheme.
struct BenchmarkHarness {
    /// The suite name, written as `"benchmark"` in every record.
    let suite: String
    let options: BenchmarkOptions

    /// Whether `caseName` passes `--filter`.
    func shouldRun(_ caseName: String) -> Bool {
        options.filter.map { caseName.contains($0) } ?? true
    }

    /// Measures one operation.
    func measure(_ body: () -> Void) -> BenchmarkMeasurement {
        withoutActuallyEscaping(body) { measure([$0])[0] }
    }

    /// Measures several operations with their repetitions interleaved (A, B, A, B, …), so that
    /// load changes on a shared machine hit all of them alike: use it for ratios.
    func measure(_ bodies: [() -> Void]) -> [BenchmarkMeasurement] {
        let calls = bodies.map { body in Self.callsPerRepetition(for: body) }
        var samples = [[Double]](repeating: [], count: bodies.count)
        for _ in 0..<options.repetitions {
            for (index, body) in bodies.enumerated() {
                samples[index].append(Self.time(calls: calls[index], body) / Double(calls[index]))
            }
        }
        return zip(samples, calls).map { samples, calls in
            let sorted = samples.sorted()
            let p99Rank = Int((0.99 * Double(sorted.count)).rounded(.up)) - 1
            return BenchmarkMeasurement(medianMicroseconds: Self.median(sorted),
                                        p99Microseconds: sorted[min(max(p99Rank, 0), sorted.count - 1)],
                                        callsPerRepetition: calls)
        }
    }

    /// Prints one JSON record: `benchmark`, `case`, `ours_median_us`, `ours_p99_us`, `threads`,
    /// `repetitions`, `calls_per_repetition`, then `extra` (sorted keys).
    func report(_ caseName: String, _ measurement: BenchmarkMeasurement, extra: [String: Any] = [:]) {
        var record: [String: Any] = extra
        record["benchmark"] = suite
        record["case"] = caseName
        record["ours_median_us"] = Self.rounded(measurement.medianMicroseconds)
        record["ours_p99_us"] = Self.rounded(measurement.p99Microseconds)
        record["threads"] = options.threads
        record["repetitions"] = options.repetitions
        record["calls_per_repetition"] = measurement.callsPerRepetition
        do {
            let data = try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } catch {
            FileHandle.standardError.write(Data("odml-bench: cannot encode \(caseName): \(error)\n".utf8))
        }
    }

    /// Keeps a result alive so the optimiser cannot drop the call that produced it.
    @inline(never) @_optimize(none)
    static func blackHole<T>(_ value: T) {}

    /// Rounds a figure to 3 decimals for the JSON output.
    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    // MARK: - Implementation

    private static func callsPerRepetition(for body: () -> Void) -> Int {
        var calls = 0
        var elapsed = 0.0
        while calls < 3 || elapsed < 50_000 {
            elapsed += time(calls: 1, body)
            calls += 1
        }
        let perCall = elapsed / Double(calls)
        return max(1, Int((2_000 / perCall).rounded()))
    }

    /// Wall time of `calls` calls, in microseconds.
    private static func time(calls: Int, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<calls { body() }
        let duration = clock.now - start
        return Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) * 1e-12
    }

    private static func median(_ sorted: [Double]) -> Double {
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
