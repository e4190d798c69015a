import Cycles

/// How well stated confidences match what happened: forecasts grouped in 10 equal-width bins of
/// their confidence ([0, 0.1), …, [0.9, 1]), each bin's mean confidence beside its hit rate, and the
/// expected calibration error (`CycleMetric.confidenceECE`: Σ over bins of (forecasts in the bin /
/// all) · |mean confidence − hit rate|).
///
/// A user's evaluation keeps it as tallies (`tallyCount` of them, pooled by addition like every
/// other metric's): per bin, the hits over the forecasts, then the confidences over the forecasts.
/// JSON: an array of bins `{"lower", "upper", "count", "mean_confidence", "hit_rate"}`.
public struct ReliabilityTable: Sendable, Equatable, Encodable {
    /// One confidence bin.
    public struct Bin: Sendable, Equatable, Encodable {
        /// Lowest confidence in the bin.
        public var lower: Double
        /// Upper end of the bin (excluded, but for the last bin's 1).
        public var upper: Double
        /// Forecasts whose confidence falls in the bin.
        public var count: Int
        /// Their mean confidence, `nil` when the bin is empty.
        public var meanConfidence: Double?
        /// Their share of hits, `nil` when the bin is empty.
        public var hitRate: Double?

        private enum CodingKeys: String, CodingKey {
            case lower, upper, count, meanConfidence = "mean_confidence", hitRate = "hit_rate"
        }
    }

    /// Bins of equal width over [0, 1].
    public static let binCount = 10
    /// Tallies kept per table: two per bin.
    public static let tallyCount = 2 * binCount

    /// The bins, lowest confidence first.
    public var bins: [Bin]

    /// The table of `tallies` (`tallyCount` of them, as `add(confidence:hit:to:at:)` writes them).
    public init(tallies: ArraySlice<MetricTally>) {
        let start = tallies.startIndex
        bins = (0..<Self.binCount).map { bin in
            let hits = tallies[start + 2 * bin], confidences = tallies[start + 2 * bin + 1]
            return Bin(lower: Double(bin) / Double(Self.binCount), upper: Double(bin + 1) / Double(Self.binCount),
                       count: Int(hits.count), meanConfidence: confidences.value, hitRate: hits.value)
        }
    }

    /// Forecasts in the table.
    public var forecasts: Int { bins.reduce(0) { $0 + $1.count } }

    /// Σ over bins of (forecasts in the bin / all) · |mean confidence − hit rate|; `nil` when empty.
    public var expectedCalibrationError: Double? {
        let total = forecasts
        guard total > 0 else { return nil }
        return bins.reduce(0) { sum, bin in
            guard let confidence = bin.meanConfidence, let hitRate = bin.hitRate else { return sum }
            return sum + Double(bin.count) * abs(confidence - hitRate)
        } / Double(total)
    }

    /// The bin of `confidence` (clamped to [0, 1], so 1 falls in the last bin; not a number: the first).
    public static func bin(of confidence: Double) -> Int {
        guard confidence > 0 else { return 0 }
        guard confidence < 1 else { return binCount - 1 }
        return min(Int(confidence * Double(binCount)), binCount - 1)
    }

    /// Counts a forecast of `confidence` that hit or missed in the table whose tallies start at `offset`.
    public static func add(confidence: Double, hit: Bool, to tallies: inout [MetricTally], at offset: Int) {
        let bin = offset + 2 * bin(of: confidence)
        tallies[bin].add(hit ? 1 : 0)
        tallies[bin + 1].add(confidence)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(bins)
    }
}
