import Cycles
import TensorCore

/// A 95 % interval `[low, high]`, written as a two-element JSON array.
public struct ConfidenceInterval: Sendable, Equatable, Codable {
    /// Lower end.
    public var low: Double
    /// Upper end.
    public var high: Double

    /// Creates `[low, high]`.
    public init(low: Double, high: Double) {
        self.low = low
        self.high = high
    }

    /// The percentile interval of `samples` (2.5 % and 97.5 %, `quantile(_:_:)`); `nil` when none is finite.
    public init?(percentilesOf samples: [Double]) {
        let sorted = samples.filter { $0.isFinite }.sorted()
        guard let low = ConfidenceInterval.quantile(sorted: sorted, 0.025),
              let high = ConfidenceInterval.quantile(sorted: sorted, 0.975) else { return nil }
        self.init(low: low, high: high)
    }

    /// The `q`-quantile (0–1) of `values` by the one percentile rule of intervals and statistics,
    /// `Quantile.interpolated` (Hyndman–Fan type 7, NumPy's default); `nil` when empty.
    public static func quantile(_ values: [Double], _ q: Double) -> Double? {
        quantile(sorted: values.sorted(), q)
    }

    /// `quantile(_:_:)` of values already sorted in increasing order.
    static func quantile(sorted: [Double], _ q: Double) -> Double? {
        Quantile.interpolated(sorted: sorted, q)
    }

    /// `true` when `value` lies inside.
    public func contains(_ value: Double) -> Bool { value >= low && value <= high }

    public init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        low = try container.decode(Double.self)
        high = try container.decode(Double.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(low)
        try container.encode(high)
    }
}
