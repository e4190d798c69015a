import Cycles

/// A metric's numerator and denominator for one user (or pooled): value = sum / count.
public struct MetricTally: Sendable, Equatable, Codable {
    /// Sum of per-item scores (hits, absolute errors).
    public var sum: Double
    /// Number of items (cycles, days).
    public var count: Double

    /// Creates a tally.
    public init(sum: Double = 0, count: Double = 0) {
        self.sum = sum
        self.count = count
    }

    /// sum / count, `nil` when nothing was counted.
    public var value: Double? { count > 0 ? sum / count : nil }

    /// Adds one item.
    public mutating func add(_ score: Double) {
        sum += score
        count += 1
    }

    /// Adds another tally.
    public static func + (lhs: MetricTally, rhs: MetricTally) -> MetricTally {
        MetricTally(sum: lhs.sum + rhs.sum, count: lhs.count + rhs.count)
    }
}
