import Foundation

/// The probability tables of `CycleLengthModel` for one prior, computed once: for each point of
/// the grid of her log mean `m` and within-woman log scale `s`, the probability of each whole
/// cycle length under each component (her usual cycle, a long one, two cycles logged as one).
///
/// A cycle of length L has its log length in [log(L − ½), log(L + ½)); lengths from
/// `maxLength` on are one censored class (`maxLength` stands for "that long or longer").
///
/// It also keeps, per length class, the log-likelihood of one cycle of that class at every grid
/// point (`logLikelihoodTerms(lengthClass:)`) once the class has been added
/// `addsBeforeKeepingTerms` times in the process: a replay, an evaluation or a training run that
/// adds the same lengths for many women then sums kept terms instead of taking one logarithm per
/// grid point and cycle, while an app that adds one cycle a month keeps none. A kept class holds
/// 166 KB (20,736 doubles).
final class _CycleLengthTables: @unchecked Sendable {
    /// Longest length with its own class; longer cycles fall in the last class.
    static let maxLength = 180
    /// Grid of her mean log cycle length: 15 … 70 days.
    static let logMeans: [Double] = (0..<72).map { log(15.0) + Double($0) * (log(70.0) - log(15.0)) / 71 }
    /// Grid of her within-woman SD of log cycle length (log-spaced, 0.015 … 0.6: 0.4 … 17 d at 29 d).
    static let logScales: [Double] = (0..<24).map { exp(log(0.015) + Double($0) * (log(0.6) - log(0.015)) / 23) }
    /// Weight of a uniform floor over 1 … `maxLength` days mixed into every component, so that a
    /// logging error (a 4-day "cycle") cannot dominate her posterior.
    static let floorWeight = 0.002

    let prior: CycleLengthPrior
    /// P(length class `L`) for L = 1 … `maxLength` (index L − 1) under her usual cycle, per grid
    /// point (index (mean · scales + scale) · maxLength + L − 1).
    let usual: [Float]
    /// The same for two cycles logged as one (log mean m + log 2, scale s / √2).
    let merged: [Float]
    /// The same for a long cycle, per mean only (index mean · maxLength + L − 1).
    let long: [Float]
    /// log prior of each grid point (index mean · scales + scale), for an age-free prior.
    let logPrior: [Double]

    /// The log-likelihood of no cycle at every grid point (zeros), shared by the models that
    /// have seen none.
    let noLogLikelihood: [Double]

    /// Adds of a length class before its log-likelihood terms are kept.
    static let addsBeforeKeepingTerms = 2
    /// Guards `addsPerClass` and `keptTerms`.
    private let termsLock = NSLock()
    /// Adds so far of each length class (index length − 1), until its terms are kept.
    private var addsPerClass = [Int](repeating: 0, count: maxLength)
    /// The kept log-likelihood terms of each length class (index length − 1).
    private var keptTerms = [[Double]?](repeating: nil, count: maxLength)

    init(prior: CycleLengthPrior) {
        self.prior = prior
        let means = _CycleLengthTables.logMeans, scales = _CycleLengthTables.logScales
        let maxLength = _CycleLengthTables.maxLength
        let edges = (0...maxLength).map { log(Double($0) + 0.5) }   // edges[L] = log(L + ½)
        let nu = prior.residualDegreesOfFreedom
        func classes(mean: Double, scale: Double, degrees: Double, into table: inout [Float], at offset: Int) {
            var below = _StudentT.cdf((log(0.5) - mean) / scale, degreesOfFreedom: degrees)
            let floor = _CycleLengthTables.floorWeight / Double(maxLength)
            for length in 1...maxLength {
                let upper = length == maxLength ? 1 : _StudentT.cdf((edges[length] - mean) / scale, degreesOfFreedom: degrees)
                let mass = (length == 1 ? upper : upper - below)
                table[offset + length - 1] = Float((1 - _CycleLengthTables.floorWeight) * max(mass, 0) + floor)
                below = upper
            }
        }
        var usual = [Float](repeating: 0, count: means.count * scales.count * maxLength)
        var merged = usual
        for (i, mean) in means.enumerated() {
            for (j, scale) in scales.enumerated() {
                let offset = (i * scales.count + j) * maxLength
                classes(mean: mean, scale: scale, degrees: nu, into: &usual, at: offset)
                classes(mean: mean + log(2), scale: scale / 2.0.squareRoot(), degrees: nu, into: &merged, at: offset)
            }
        }
        var long = [Float](repeating: 0, count: means.count * maxLength)
        for (i, mean) in means.enumerated() {
            classes(mean: mean + log(prior.longCycleFactor), scale: prior.longCycleLogDeviation, degrees: 1e6,
                    into: &long, at: i * maxLength)
        }
        self.usual = usual
        self.merged = merged
        self.long = long
        let typical = log(prior.typicalWithinWomanDeviation / prior.populationLength)
        var logPrior: [Double] = []
        logPrior.reserveCapacity(means.count * scales.count)
        for _ in means {
            for scale in scales {
                let z = (log(scale) - typical) / prior.withinWomanLogSpread
                logPrior.append(-0.5 * z * z)   // the scale grid is log-spaced: its density in log s
            }
        }
        self.logPrior = logPrior
        noLogLikelihood = [Double](repeating: 0, count: means.count * scales.count * prior.longCycleShares.count
                                                       * prior.forgottenPeriodShares.count)
    }

    /// log P(one cycle of length class `lengthClass` | grid point) for every grid point of
    /// `CycleLengthModel`'s log-likelihood (index ((mean · scales + scale) · longShares + long) ·
    /// forgottenShares + forgotten), the point's usual, long and merged components mixed with its
    /// shares. `lengthClass` is the length − 1, `maxLength` − 1 for "that long or longer".
    func logLikelihoodTerms(lengthClass: Int) -> [Double] {
        termsLock.lock()
        if let kept = keptTerms[lengthClass] {
            termsLock.unlock()
            return kept
        }
        addsPerClass[lengthClass] += 1
        let keeps = addsPerClass[lengthClass] >= Self.addsBeforeKeepingTerms
        termsLock.unlock()
        let terms = computedTerms(lengthClass: lengthClass)
        if keeps {
            termsLock.lock()
            keptTerms[lengthClass] = terms
            termsLock.unlock()
        }
        return terms
    }

    /// `logLikelihoodTerms(lengthClass:)` computed.
    private func computedTerms(lengthClass: Int) -> [Double] {
        let maxLength = _CycleLengthTables.maxLength, scales = _CycleLengthTables.logScales.count
        let longShares = prior.longCycleShares.map(\.share), forgottenShares = prior.forgottenPeriodShares.map(\.share)
        var terms = [Double](repeating: 0, count: _CycleLengthTables.logMeans.count * scales * longShares.count * forgottenShares.count)
        terms.withUnsafeMutableBufferPointer { terms in
            var index = 0
            for mean in 0..<_CycleLengthTables.logMeans.count {
                let long = Double(self.long[mean * maxLength + lengthClass])
                for scale in 0..<scales {
                    let cell = (mean * scales + scale) * maxLength + lengthClass
                    let usual = Double(self.usual[cell]), merged = Double(self.merged[cell])
                    for longShare in longShares {
                        for forgotten in forgottenShares {
                            terms[index] = log((1 - longShare - forgotten) * usual + longShare * long + forgotten * merged)
                            index += 1
                        }
                    }
                }
            }
        }
        return terms
    }

    /// The tables of `CycleLengthPrior.standard`, built on first use.
    static let standard = _CycleLengthTables(prior: .standard)
    /// The tables of `CycleLengthPrior.declaredIrregular`, built on first use.
    static let declaredIrregular = _CycleLengthTables(prior: .declaredIrregular)

    /// The tables for `prior`: the shared ones of the two built-in priors (building them costs
    /// ≈ 0.1 s, so a prediction must never do it), new ones for any other prior.
    static func tables(for prior: CycleLengthPrior) -> _CycleLengthTables {
        switch prior {
        case .standard: return standard
        case .declaredIrregular: return declaredIrregular
        default: return _CycleLengthTables(prior: prior)
        }
    }
}
