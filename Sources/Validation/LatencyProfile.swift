import TensorCore

/// The distribution of single-prediction times of one model, in microseconds.
///
/// Percentiles are exact: the `p`-th percentile is the sample at rank ⌈p·n⌉ of the sorted
/// times (nearest-rank), so the p99 of 1,000 predictions is the 990th fastest.
public struct LatencyProfile: Sendable, Equatable, Encodable {
    /// Every timed prediction, sorted increasingly, µs.
    public var sortedMicroseconds: [Double]
    /// Untimed predictions run first to warm caches and lazy state.
    public var warmupPredictions: Int
    /// BLAS threads during the measurement.
    public var threads: Int

    /// Creates a profile from unsorted times in µs.
    public init(microseconds: [Double], warmupPredictions: Int, threads: Int) {
        sortedMicroseconds = microseconds.sorted()
        self.warmupPredictions = warmupPredictions
        self.threads = threads
    }

    /// Timed predictions.
    public var count: Int { sortedMicroseconds.count }

    /// The nearest-rank percentile `p` (0–100, `Quantile.nearestRank`); 0 when empty.
    public func percentile(_ p: Double) -> Double {
        Quantile.nearestRank(sorted: sortedMicroseconds, p / 100) ?? 0
    }

    /// Median, µs.
    public var p50: Double { percentile(50) }
    /// 99th percentile, µs.
    public var p99: Double { percentile(99) }
    /// Mean, µs.
    public var mean: Double { sortedMicroseconds.isEmpty ? 0 : sortedMicroseconds.reduce(0, +) / Double(count) }
    /// Slowest, µs.
    public var maximum: Double { sortedMicroseconds.last ?? 0 }

    private enum CodingKeys: String, CodingKey {
        case count, warmupPredictions = "warmup_predictions", threads
        case p50 = "p50_us", p99 = "p99_us", mean = "mean_us", maximum = "max_us", histogram
    }

    /// Counts per power-of-two bucket of µs: `[(upper bound µs, count)]`, from the fastest
    /// sample's bucket to the slowest's (what the latency chart draws).
    public var histogram: [(upperMicroseconds: Double, count: Int)] {
        guard let first = sortedMicroseconds.first, let last = sortedMicroseconds.last else { return [] }
        var bound = 1.0
        while bound < first { bound *= 2 }
        var buckets: [(Double, Int)] = []
        var index = 0
        while true {
            var count = 0
            while index < sortedMicroseconds.count, sortedMicroseconds[index] <= bound { count += 1; index += 1 }
            buckets.append((bound, count))
            if bound >= last { break }
            bound *= 2
        }
        return buckets
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encode(warmupPredictions, forKey: .warmupPredictions)
        try container.encode(threads, forKey: .threads)
        try container.encode(p50, forKey: .p50)
        try container.encode(p99, forKey: .p99)
        try container.encode(mean, forKey: .mean)
        try container.encode(maximum, forKey: .maximum)
        try container.encode(histogram.map { ["le_us": $0.upperMicroseconds, "count": Double($0.count)] }, forKey: .histogram)
    }
}
