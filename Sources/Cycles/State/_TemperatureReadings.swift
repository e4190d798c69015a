import Foundation

/// One temperature signal's readings for `_SignalLikelihood`: this cycle's by cycle day, her
/// baseline readings (cycle days `_SignalLikelihood.baselineCycleDays`) over all her cycles, and
/// her last day-to-day differences (from which her own day noise is read).
struct _TemperatureReadings: Sendable, Equatable, Codable {
    /// Day-to-day differences kept for her noise.
    static let noiseDifferenceCount = 60
    /// Weight, in differences, of the signal's population noise in hers.
    static let noisePriorWeight = 3.0
    /// Lowest noise SD her differences may give, °C (readings on a 0.05 °C grid are never exact).
    static let noiseFloor = 0.04

    /// This cycle's readings by cycle day (`nil` when none).
    private(set) var values = [Double?](repeating: nil, count: _SignalLikelihood.maxCycleDay + 1)
    /// This cycle's readings, counted.
    private(set) var count = 0
    /// Her baseline readings over all cycles: sum and count.
    private(set) var baselineSum = 0.0, baselineCount = 0
    /// |reading − the reading of the day before| over her last `noiseDifferenceCount` pairs of
    /// consecutive days within a cycle, oldest first.
    private(set) var differences: [Double] = []
    /// The median of `differences` (0 when there are none), kept with them: every day's
    /// posterior reads her noise, her differences change on a reading day only.
    private(set) var differencesMedian = 0.0
    /// `differences` in increasing order, kept with them for the median.
    private var sortedDifferences: [Double] = []

    /// The stored values (`differencesMedian` is derived from `differences` when decoded).
    private enum CodingKeys: String, CodingKey {
        case values, count, baselineSum, baselineCount, differences
    }

    init() {}

    /// Encodes `values` and `differences` as packed bytes (`_PackedNumbers`; a day without a
    /// reading is NaN, which no reading is): a kept day reads them without parsing text.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(_PackedNumbers.data(values.map { $0 ?? .nan }), forKey: .values)
        try container.encode(count, forKey: .count)
        try container.encode(baselineSum, forKey: .baselineSum)
        try container.encode(baselineCount, forKey: .baselineCount)
        try container.encode(_PackedNumbers.data(differences), forKey: .differences)
    }

    /// Decodes what `encode(to:)` wrote, and derives `differencesMedian`.
    /// - Throws: `DecodingError` when `values` does not hold one number per cycle day, or there
    ///   are more than `noiseDifferenceCount` differences.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        values = try _PackedNumbers.values(try container.decode(Data.self, forKey: .values), as: Double.self,
                                           count: _SignalLikelihood.maxCycleDay + 1,
                                           codingPath: container.codingPath + [CodingKeys.values])
            .map { $0.isNaN ? nil : $0 }
        count = try container.decode(Int.self, forKey: .count)
        baselineSum = try container.decode(Double.self, forKey: .baselineSum)
        baselineCount = try container.decode(Int.self, forKey: .baselineCount)
        differences = try _PackedNumbers.values(try container.decode(Data.self, forKey: .differences), as: Double.self,
                                                codingPath: container.codingPath + [CodingKeys.differences])
        guard differences.count <= _TemperatureReadings.noiseDifferenceCount else {
            throw DecodingError.dataCorruptedError(forKey: .differences, in: container,
                                                   debugDescription: "\(differences.count) differences, more than the \(_TemperatureReadings.noiseDifferenceCount) kept")
        }
        sortedDifferences = differences.sorted()
        differencesMedian = _TemperatureReadings.median(ofSorted: sortedDifferences)
    }

    /// The median of `sorted` values (the mean of the middle two for an even count; 0 when empty).
    private static func median(ofSorted sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let count = sorted.count
        return count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2
    }

    /// Adds a reading taken on `cycleDay` (1 ... `_SignalLikelihood.maxCycleDay`).
    mutating func observe(_ value: Double, cycleDay: Int) {
        if cycleDay >= 2, let previous = values[cycleDay - 1] {
            let difference = abs(value - previous)
            differences.append(difference)
            sortedDifferences.insert(difference, at: sortedDifferences.partitioningIndex { $0 >= difference })
            if differences.count > _TemperatureReadings.noiseDifferenceCount {
                let oldest = differences.removeFirst()
                sortedDifferences.remove(at: sortedDifferences.partitioningIndex { $0 >= oldest })
            }
            differencesMedian = _TemperatureReadings.median(ofSorted: sortedDifferences)
        }
        values[cycleDay] = value
        count += 1
        if _SignalLikelihood.baselineCycleDays.contains(cycleDay) { baselineSum += value; baselineCount += 1 }
    }

    /// Forgets this cycle's readings; her baseline readings stay.
    mutating func startCycle() {
        values = [Double?](repeating: nil, count: values.count)
        count = 0
    }

    /// Her baseline's mean and variance: her baseline readings when she has three (plus the
    /// cycle-to-cycle drift), the signal's population prior before.
    func baseline(_ shift: _TemperatureShiftModel.Parameters) -> (mean: Double, variance: Double) {
        guard baselineCount >= 3 else { return (shift.priorMean, shift.priorDeviation * shift.priorDeviation) }
        let drift = _SignalLikelihood.baselineDriftDeviation, noise = noise(shift)
        return (baselineSum / Double(baselineCount), drift * drift + noise * noise / Double(baselineCount))
    }

    /// Her day noise SD: the robust SD of her day-to-day differences (their median / (0.6745 √2),
    /// at least `noiseFloor`; a rise moves one difference a cycle, not the median) pooled with the
    /// signal's population noise weighing `noisePriorWeight` differences; the population noise
    /// before she has any.
    func noise(_ shift: _TemperatureShiftModel.Parameters) -> Double {
        guard !differences.isEmpty else { return shift.noise }
        let own = max(differencesMedian / (0.674_489_750_196 * 2.0.squareRoot()), _TemperatureReadings.noiseFloor)
        let weight = _TemperatureReadings.noisePriorWeight, n = Double(differences.count)
        return ((weight * shift.noise * shift.noise + n * own * own) / (weight + n)).squareRoot()
    }
}
