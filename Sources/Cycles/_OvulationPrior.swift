import Foundation

/// The part of `OvulationPosterior` that depends only on her past cycles: the log prior weight of
/// each ovulation-day hypothesis (her cycle length less her luteal length, with outlying and
/// anovulatory mass; see `OvulationPosterior`) and her luteal-length probabilities. Her past
/// cycles change only when one completes, so `CycleDayState` keeps the prior and renews it then
/// instead of recomputing it every day.
struct _OvulationPrior: Sendable, Equatable {
    /// Her recent complete cycle lengths it was computed from.
    let pastCycleLengths: [Int]
    /// Her signal-evidenced luteal lengths it was computed from.
    let lutealLengths: [Double]
    /// log(P(ovulation on the day) · (1 − `OvulationPosterior.anovulatoryShare`)) for each of
    /// `OvulationPosterior.ovulationDays`.
    let logWeights: [Double]
    /// P(luteal length) over `OvulationPosterior.lutealRange`.
    let lutealProbabilities: [Double]

    /// The prior from her recent complete cycle lengths and her signal-evidenced luteal lengths.
    init(pastCycleLengths: [Int], lutealLengths: [Double]) {
        typealias P = OvulationPosterior
        self.pastCycleLengths = pastCycleLengths
        self.lutealLengths = lutealLengths
        // Her luteal length and cycle length, shrunk towards the population.
        let (lutealMean, lutealDeviation, lutealP) = P.lutealDistribution(lutealLengths)
        let lengths = pastCycleLengths.map(Double.init)
        let lengthMean = (lengths.reduce(0, +) + Double(CycleState.populationCycleLength)) / Double(lengths.count + 1)
        var lengthDeviation = P.cycleLengthPriorDeviation
        if lengths.count >= 2 {
            let mean = lengths.reduce(0, +) / Double(lengths.count)
            let squares = lengths.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
            let prior = P.cycleLengthPriorDeviation * P.cycleLengthPriorDeviation
            lengthDeviation = ((squares + prior * 3) / Double(lengths.count + 2)).squareRoot()
        }
        let ovulationMean = lengthMean - lutealMean
        let ovulationDeviation = max((max(lengthDeviation * lengthDeviation - lutealDeviation * lutealDeviation, 1)).squareRoot(), 2)
        let uniform = 1.0 / Double(P.ovulationDays.count)
        logWeights = P.ovulationDays.map { day -> Double in
            let z = (Double(day) - ovulationMean) / ovulationDeviation
            let prior = 0.9 * exp(-0.5 * z * z) / (ovulationDeviation * 2.5066282746310002) + 0.1 * uniform
            return log(prior * (1 - P.anovulatoryShare))
        }
        lutealProbabilities = lutealP
    }

    /// Whether it was computed from these lengths.
    func isFor(pastCycleLengths: [Int], lutealLengths: [Double]) -> Bool {
        self.pastCycleLengths == pastCycleLengths && self.lutealLengths == lutealLengths
    }
}
