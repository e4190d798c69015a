import Cycles

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

    /// The percentile interval of `samples` (2.5 % and 97.5 %); `nil` when empty.
    public init?(percentilesOf samples: [Double]) {
        let sorted = samples.filter { $0.isFinite }.sorted()
        guard !sorted.isEmpty else { return nil }
        func quantile(_ q: Double) -> Double {
            let position = q * Double(sorted.count - 1)
            let lower = Int(position.rounded(.down)), upper = Int(position.rounded(.up))
            return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
        }
        self.init(low: quantile(0.025), high: quantile(0.975))
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
