import Foundation
import TensorCore

/// What this cycle's fertility signals and her past cycles say, in probabilities, about the
/// current cycle's ovulation day and the next start: a Bayesian posterior over the ovulation day
/// (and a cycle without ovulation), conditioned on "no start through today", computed at the end
/// of a day from `CycleSignalState`.
///
/// The prior weighs each (ovulation day, luteal length) pair: the ovulation day by her
/// cycle-length model's distribution (`CycleLengthModel.usualCycleProbabilities`) moved earlier by
/// her luteal length and narrowed by its spread, the luteal length by her signal-evidenced
/// luteal lengths shrunk towards `AlertPolicy.lutealPriorDays` with two pseudo-cycles
/// (within-woman SD 1.48 d on the Marquette charts, between-woman 1.6 d; her lengths are those
/// her signals placed sharply in completed cycles, `completedCycleLutealLength`),
/// with `anovulatoryShare` of cycles without ovulation (`_OvulationPrior`). The signal likelihoods are
/// `_SignalLikelihood`'s (published figures only). Her symptoms weigh the starts of the next
/// `CycleDayState.premenstrualDays` days through her own premenstrual well-being dip
/// (`_PremenstrualLikelihood`). Without readings or symptoms this cycle its next start is close to
/// the period-history forecast (`CycleLengthModel`), with the anovulatory share spread flat,
/// conditioned on no start.
package struct OvulationPosterior: Sendable, Equatable {
    /// P(next start in k days) at index k − 1, for k = 1 through the latest start the hypotheses
    /// allow (at least `AlertPolicy.windowDays + 1` entries, zero-padded).
    package var startProbabilities: [Double]
    /// P(ovulation happened on or before today).
    package var ovulationPassedProbability: Double
    /// The median of the days until the next start.
    package var medianDaysToStart: Int
    /// The interquartile range of the days until the next start.
    package var spreadDays: Int
    /// The most probable ovulation day, as a cycle day (1 on the start day).
    package var likeliestOvulationCycleDay: Int
    /// P(ovulation on cycle day `ovulationDays[i]` | an ovulatory cycle, no start through today)
    /// at index i.
    package var ovulationDayProbabilities: [Double]

    /// Share of cycles without ovulation in the prior (7–10 % in ovulation studies; more with PCOS).
    package static let anovulatoryShare = 0.08
    /// Within-woman SD of the luteal length (Marquette charts, `Datasets/REFERENCE-STATISTICS.md`).
    package static let lutealWithinDeviation = 1.48
    /// Between-woman SD of the luteal length (Fehring 2006's range).
    package static let lutealBetweenDeviation = 1.6
    /// Luteal lengths the posterior allows (Bull 2019's 95 % range, 7–17 d, and a day).
    package static let lutealRange = 7...18
    /// Cycle days a cycle without ovulation may end on (next start).
    package static let anovulatoryStartRange = 22...120

    /// P(start in 1 day) − P(start in `AlertPolicy.windowDays + 1` days): `AlertTiming`'s score.
    package var alertScore: Double { startProbabilities[0] - startProbabilities[AlertPolicy.windowDays] }

    /// P(next start within the window an alert made today would cover: 1 … `AlertPolicy.windowDays` days).
    package var windowProbability: Double { startProbabilities.prefix(AlertPolicy.windowDays).reduce(0, +) }

    /// The ovulation days the posterior weighs: cycle day 6 through the last day that leaves a
    /// full luteal phase before `_SignalLikelihood.maxCycleDay`.
    package static let ovulationDays = Array(6...(_SignalLikelihood.maxCycleDay - lutealRange.upperBound - 1))

    /// The central interval of the ovulation day holding `mass` of its probability (given an
    /// ovulatory cycle), as cycle days: from the day the cumulative probability reaches
    /// (1 − `mass`) / 2 to the day it reaches (1 + `mass`) / 2; `nil` when no day has mass.
    package func ovulationInterval(mass: Double) -> ClosedRange<Int>? {
        let days = OvulationPosterior.ovulationDays
        var cumulative = 0.0
        var lower: Int?
        for (index, probability) in ovulationDayProbabilities.enumerated() {
            cumulative += probability
            if lower == nil, cumulative >= (1 - mass) / 2 { lower = days[index] }
            if let lower, cumulative >= (1 + mass) / 2 - 1e-12 { return lower...days[index] }
        }
        return lower.map { $0...days[days.count - 1] }
    }

    /// The posterior on cycle day `cycleDay` (1 on the start day) from this cycle's `likelihood`
    /// and her `prior` (her recent complete cycle lengths and signal-evidenced luteal lengths);
    /// `nil` when the cycle has run past the hypotheses (`_SignalLikelihood.maxCycleDay` less a
    /// luteal phase). `startLogLikelihood[k − 1]`, when given, is the log-likelihood ratio of a
    /// start in k days from evidence other than the signals (`_PremenstrualLikelihood`); it weighs
    /// the ovulation days through the starts they lead to.
    static func compute(likelihood: _SignalLikelihood, cycleDay today: Int, prior: _OvulationPrior,
                        startLogLikelihood: [Double] = []) -> OvulationPosterior? {
        let maxDay = _SignalLikelihood.maxCycleDay
        guard today >= 1, today <= maxDay - lutealRange.upperBound else { return nil }
        let lutealCount = lutealRange.count

        // Weight of each ovulation day's signals (its prior comes with the luteal length, in the pair
        // weights), the start factors and the start masses: one scratch buffer per call (this runs
        // once per day of her history for the LSTM's features).
        let days = ovulationDays
        let signals = _SignalLogLikelihood(likelihood, cycleDay: today)
        let anovulatoryLog = log(anovulatoryShare) + signals.anovulatory
        var passed = 0.0
        var best = (day: days[0], weight: -1.0)
        var dayMass = [Double](repeating: 0, count: days.count)
        var total = 0.0, quartile = 0, median = 0, upperQuartile = 0
        let computed = withUnsafeTemporaryAllocation(of: Double.self, capacity: days.count + 2 * (maxDay + 1)) { scratch -> [Double]? in
            let weights = UnsafeMutableBufferPointer(rebasing: scratch[0..<days.count])
            let startFactor = UnsafeMutableBufferPointer(rebasing: scratch[days.count..<(days.count + maxDay + 1)])
            let start = UnsafeMutableBufferPointer(rebasing: scratch[(days.count + maxDay + 1)...])
            for (index, day) in days.enumerated() { weights[index] = signals.ovulatory(day) }
            let top = max(weights.max()!, anovulatoryLog)
            for index in weights.indices { weights[index] -= top }
            VectorMath.exp(weights.baseAddress!, into: weights.baseAddress!, count: weights.count)
            let anovulatoryWeight = exp(anovulatoryLog - top)

            // Next-start distribution (cycle day of the next start), conditioned on no start through today.
            startFactor.initialize(repeating: 1)
            for (offset, value) in startLogLikelihood.enumerated() where today + 1 + offset <= maxDay {
                startFactor[today + 1 + offset] = exp(value)
            }
            start.initialize(repeating: 0)
            // The luteal lengths whose start is already past (next ≤ today) are skipped as a range.
            prior.pairWeights.withUnsafeBufferPointer { pairWeights in
                let firstNext = lutealRange.lowerBound + 1
                for (index, day) in days.enumerated() {
                    let weight = weights[index], row = pairWeights.baseAddress! + index * lutealCount
                    var kept = 0.0
                    let lower = max(0, today + 1 - day - firstNext)  // next > today from here
                    for lutealIndex in lower..<max(lower, lutealCount) {
                        let next = day + firstNext + lutealIndex
                        let mass = weight * row[lutealIndex] * startFactor[next]
                        start[next] += mass
                        kept += mass
                    }
                    if day <= today { passed += kept }
                    if kept > best.weight { best = (day, kept) }
                    dayMass[index] = kept
                }
            }
            let firstAnovulatoryDay = max(anovulatoryStartRange.lowerBound, today + 1)
            if firstAnovulatoryDay <= anovulatoryStartRange.upperBound {
                let mass = anovulatoryWeight / Double(anovulatoryStartRange.count)
                for day in firstAnovulatoryDay...anovulatoryStartRange.upperBound { start[day] += mass * startFactor[day] }
            } else {
                // A cycle this long: the next start is soon and unknown; keep a flat fortnight.
                for day in (today + 1)...min(maxDay, today + 14) { start[day] += anovulatoryWeight / 14 * startFactor[day] }
            }
            total = start.reduce(0, +)
            guard total > 0, total.isFinite else { return nil }
            var cumulative = 0.0
            return [Double](unsafeUninitializedCapacity: max(maxDay - today, AlertPolicy.windowDays + 1)) { buffer, count in
                for day in (today + 1)...maxDay {
                    let p = start[day] / total, ahead = day - today
                    buffer[ahead - 1] = p
                    cumulative += p
                    if quartile == 0, cumulative >= 0.25 { quartile = ahead }
                    if median == 0, cumulative >= 0.5 { median = ahead }
                    if upperQuartile == 0, cumulative >= 0.75 { upperQuartile = ahead }
                }
                for index in (maxDay - today)..<buffer.count { buffer[index] = 0 }
                count = buffer.count
            }
        }
        guard let probabilities = computed else { return nil }
        let ovulatory = dayMass.reduce(0, +)
        if ovulatory > 0 {
            for index in dayMass.indices { dayMass[index] /= ovulatory }
        }
        return OvulationPosterior(startProbabilities: probabilities, ovulationPassedProbability: passed / total,
                                  medianDaysToStart: max(1, median), spreadDays: upperQuartile - quartile,
                                  likeliestOvulationCycleDay: best.day, ovulationDayProbabilities: dayMass)
    }

    /// Her luteal length's mean and SD (her lengths shrunk towards `AlertPolicy.lutealPriorDays`
    /// with two pseudo-cycles) and its probabilities over `lutealRange`.
    static func lutealDistribution(_ lutealLengths: [Double]) -> (mean: Double, deviation: Double, probabilities: [Double]) {
        let count = Double(lutealLengths.count)
        let mean = (Double(AlertPolicy.lutealPriorDays) * 2 + lutealLengths.reduce(0, +)) / (2 + count)
        let deviation = (lutealWithinDeviation * lutealWithinDeviation
                         + lutealBetweenDeviation * lutealBetweenDeviation * 2 / (2 + count)).squareRoot()
        let weights = lutealRange.map { exp(-0.5 * pow((Double($0) - mean) / deviation, 2)) }
        let total = weights.reduce(0, +)
        return (mean, deviation, weights.map { $0 / total })
    }

    /// Most posterior SD of a completed cycle's ovulation day from which its luteal length counts.
    package static let completedCycleDeviationLimit = 1.5
    /// Least P(ovulatory) of a completed cycle from which its luteal length counts.
    package static let completedCycleOvulatoryLimit = 0.8

    /// The luteal length of a cycle that just completed in `cycleLength` days (next start on cycle
    /// day `cycleLength + 1`), read from its signals: the next start minus 1 minus the posterior
    /// mean ovulation day, given the start and her luteal distribution (no cycle-length prior: the
    /// start is known). `nil` unless the signals place ovulation sharply (posterior SD ≤
    /// `completedCycleDeviationLimit` d, ovulatory with P ≥ `completedCycleOvulatoryLimit`).
    static func completedCycleLutealLength(likelihood: _SignalLikelihood, cycleLength: Int, lutealLengths: [Double]) -> Double? {
        guard likelihood.hasReadings, cycleLength >= lutealRange.lowerBound + 2, cycleLength <= _SignalLikelihood.maxCycleDay else { return nil }
        let lutealP = lutealDistribution(lutealLengths).probabilities
        let signals = _SignalLogLikelihood(likelihood, cycleDay: cycleLength)
        var days: [Int] = [], logWeights: [Double] = []
        for (index, luteal) in lutealRange.enumerated() {
            let day = cycleLength - luteal
            guard day >= 1 else { continue }
            days.append(day)
            logWeights.append(log(lutealP[index] * (1 - anovulatoryShare)) + signals.ovulatory(day))
        }
        guard !days.isEmpty else { return nil }
        let anovulatoryLog = anovulatoryStartRange.contains(cycleLength + 1)
            ? log(anovulatoryShare / Double(anovulatoryStartRange.count)) + signals.anovulatory : -Double.infinity
        let top = max(logWeights.max()!, anovulatoryLog)
        let weights = logWeights.map { exp($0 - top) }
        let ovulatory = weights.reduce(0, +)
        let total = ovulatory + exp(anovulatoryLog - top)
        guard ovulatory / total >= completedCycleOvulatoryLimit else { return nil }
        let mean = zip(days, weights).reduce(0) { $0 + Double($1.0) * $1.1 } / ovulatory
        let variance = zip(days, weights).reduce(0) { $0 + pow(Double($1.0) - mean, 2) * $1.1 } / ovulatory
        guard variance.squareRoot() <= completedCycleDeviationLimit else { return nil }
        return Double(cycleLength) - mean
    }
}
