import Foundation

/// The part of `OvulationPosterior` that depends only on her past cycles: the prior weight of each
/// (ovulation day, luteal length) pair. Her cycle length comes from her cycle-length model
/// (`CycleLengthModel.usualCycleProbabilities`: her usual and long cycles, without the forgotten
/// periods that only her logs have) and her luteal length from her signal-evidenced ones
/// (`OvulationPosterior.lutealDistribution`); a pair weighs P(cycle length = ovulation day +
/// luteal length) · P(luteal length), so that without readings the posterior's next start is the
/// period-history forecast's. Her past cycles change only when one completes, so `CycleDayState`
/// keeps the prior and renews it then instead of recomputing it every day.
struct _OvulationPrior: Sendable, Equatable {
    /// How many completed cycles her cycle-length model had seen.
    let cycleCount: Int
    /// Her signal-evidenced luteal lengths it was computed from.
    let lutealLengths: [Double]
    /// P(ovulation on `OvulationPosterior.ovulationDays[d]` and luteal length
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
        let luteal = P.lutealDistribution(lutealLengths).probabilities
        let lengths = model.usualCycleProbabilities
        var weights: [Double] = []
        weights.reserveCapacity(P.ovulationDays.count * luteal.count)
        for day in P.ovulationDays {
            for (index, p) in luteal.enumerated() {
                // Ovulation on cycle day `day`, luteal length λ: the next start is cycle day day + λ + 1,
                // a cycle of length day + λ.
                let length = day + P.lutealRange.lowerBound + index
                weights.append(length <= lengths.count ? lengths[length - 1] * p * (1 - P.anovulatoryShare) : 0)
            }
        }
        pairWeights = weights
        lutealProbabilities = luteal
    }

    /// Whether it was computed from a model that had seen `cycleCount` cycles and from these luteal lengths.
    func isFor(cycleCount: Int, lutealLengths: [Double]) -> Bool {
        self.cycleCount == cycleCount && self.lutealLengths == lutealLengths
    }
}
