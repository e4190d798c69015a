import Foundation
import TensorCore

/// The part of `OvulationPosterior` that depends only on her past cycles: the prior weight of each
/// (ovulation day, luteal length) pair, the product of an ovulation-day prior and her luteal
/// length's probability (the luteal phase is the stable one: a late ovulation makes a long cycle,
/// not a short luteal phase).
///
/// The ovulation-day prior is her cycle-length model's distribution of a cycle she logs whole
/// (`CycleLengthModel.usualCycleProbabilities`: her usual and long cycles, heavy tails and skew
/// included) moved earlier by her mean luteal length and narrowed around its median so that its
/// spread (half the central 68 %) is the cycle's less the luteal phase's, at least
/// `minimumOvulationDeviation` days. Her luteal length comes from her signal-evidenced ones
/// (`OvulationPosterior.lutealDistribution`). Her past cycles change only when one completes, so
/// `CycleDayState` keeps the prior and renews it then instead of recomputing it every day.
struct _OvulationPrior: Sendable, Equatable {
    /// Smallest spread of the ovulation-day prior, in days.
    static let minimumOvulationDeviation = 2.0

    /// How many completed cycles her cycle-length model had seen.
    let cycleCount: Int
    /// Her signal-evidenced luteal lengths it was computed from.
    let lutealLengths: [Double]
    /// P(ovulation on `OvulationPosterior.ovulationDays[d]`) · P(luteal length
    /// `OvulationPosterior.lutealRange.lowerBound + l`) · (1 − `OvulationPosterior.anovulatoryShare`)
    /// at index d · `lutealRange.count` + l.
    let pairWeights: [Double]
    /// P(luteal length) over `OvulationPosterior.lutealRange`.
    let lutealProbabilities: [Double]

    /// The prior from her cycle-length `model` and her signal-evidenced luteal lengths.
    init(model: CycleLengthModel, lutealLengths: [Double]) {
        typealias P = OvulationPosterior
        cycleCount = model.cycleCount
        self.lutealLengths = lutealLengths
        let (lutealMean, lutealDeviation, luteal) = P.lutealDistribution(lutealLengths)
        let lengths = model.usualCycleProbabilities
        // Median and spread (half the central 68 %) of her cycle length, from the cumulative distribution.
        let median = Quantile.interpolated(masses: lengths, 0.5)
        let spread = max((Quantile.interpolated(masses: lengths, 0.84) - Quantile.interpolated(masses: lengths, 0.16)) / 2, 1e-6)
        let ovulationSpread = max((max(spread * spread - lutealDeviation * lutealDeviation, 0)).squareRoot(),
                                  _OvulationPrior.minimumOvulationDeviation)
        let scale = min(ovulationSpread / spread, 1)
        // P(ovulation on day d): the cycle-length density at the length d maps to, median + (d + luteal − median) / scale.
        func lengthDensity(_ length: Double) -> Double {
            let lower = Int(length.rounded(.down)), fraction = length - Double(lower)
            func at(_ l: Int) -> Double { l >= 1 && l <= lengths.count ? lengths[l - 1] : 0 }
            return at(lower) * (1 - fraction) + at(lower + 1) * fraction
        }
        var ovulation = P.ovulationDays.map { day in lengthDensity(median + (Double(day) + lutealMean - median) / scale) }
        let total = ovulation.reduce(0, +)
        ovulation = ovulation.map { $0 / max(total, 1e-300) }
        var weights: [Double] = []
        weights.reserveCapacity(P.ovulationDays.count * luteal.count)
        for p in ovulation {
            for q in luteal { weights.append(p * q * (1 - P.anovulatoryShare)) }
        }
        pairWeights = weights
        lutealProbabilities = luteal
    }

    /// Whether it was computed from a model that had seen `cycleCount` cycles and from these luteal lengths.
    func isFor(cycleCount: Int, lutealLengths: [Double]) -> Bool {
        self.cycleCount == cycleCount && self.lutealLengths == lutealLengths
    }
}
