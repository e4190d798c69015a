import Foundation
import TensorCore

/// Her next period start from her period logs alone: a hierarchical Bayesian model of her cycle
/// lengths, the base of every forecast (the `"period-history"` predictor, the prior over the
/// cycle length of the ovulation posterior, an input of the learned models).
///
/// Her log cycle length is her own mean `m` plus a Student-t residual of her own scale `s`
/// (`CycleLengthPrior.residualDegreesOfFreedom`); with her own propensities a cycle is instead a
/// long one (about `longCycleFactor` times her length) or two cycles logged as one (a forgotten
/// period: log mean m + log 2). Her mean is shrunk towards the population's, her scale towards a
/// typical woman's, her propensities towards small ones (`CycleLengthPrior`), by the posterior on
/// a grid of (m, s, propensities) given her completed cycles, the cycle `k` before the last weighed
/// `recencyDecay^k`. So a 60-day "cycle" of a 29-day woman is read as a forgotten period (it
/// raises her propensity for one, not her mean), a drifting cycle is followed, and from her first
/// logged period the forecast is the population's, honestly wide.
///
/// `lengthProbabilities` is the predictive distribution of the length of her current cycle, i.e.
/// of the next logged start; `distribution(cycleDay:asOf:)` conditions it on "no start through
/// today", which is what moves the forecast every day while she is late.
public struct CycleLengthModel: Sendable, Equatable, Codable {
    /// The prior it was built from.
    package var prior: CycleLengthPrior { tables.prior }
    /// How many completed cycles it has seen.
    public private(set) var cycleCount = 0
    /// P(current cycle length = L) at index L − 1, for L = 1 … `maxLength` − 1; the last entry
    /// is P(L ≥ `maxLength`).
    public private(set) var lengthProbabilities: [Double]
    /// The same for a cycle she logs whole (her usual and long cycles, without the forgotten
    /// periods): what her body does, for the ovulation posterior.
    public private(set) var usualCycleProbabilities: [Double]
    /// Posterior mean of her usual cycle length, in days (exp of her log mean).
    public private(set) var usualLength: Double
    /// Posterior mean of her within-woman SD of cycle length, in days.
    public private(set) var usualDeviation: Double
    /// Posterior mean of her propensity for a forgotten period.
    public private(set) var forgottenPeriodShare: Double

    /// Longest cycle length with its own probability (`lengthProbabilities`' last entry is "this long or longer").
    package static var maxLength: Int { _CycleLengthTables.maxLength }

    private let tables: _CycleLengthTables
    private let age: Double?
    /// Σₖ decayᵏ · log-likelihood of the k-th last completed cycle, per grid point
    /// (index ((mean · scales + scale) · longShares + long) · forgottenShares + forgotten).
    private var logLikelihood: [Double]
    /// `cycleCount` when the summaries (`lengthProbabilities` … `forgottenPeriodShare`) were last
    /// computed (−1 before the first time): they are stale after `add(_:summarizing:)` with
    /// `false` until `summarize()`.
    private var summarizedCycleCount = 0

    /// A model that has seen no cycle, for a woman of `age` (years; `nil` when unknown); with
    /// `summarizing: false` its summaries wait for `summarize()` (a replay computes them once, at
    /// its end).
    package init(prior: CycleLengthPrior = .standard, age: Double? = nil, summarizing: Bool = true) {
        tables = _CycleLengthTables.tables(for: prior)
        self.age = age
        logLikelihood = tables.noLogLikelihood   // shared until her first cycle is added
        lengthProbabilities = []
        usualCycleProbabilities = []
        usualLength = prior.populationLength
        usualDeviation = prior.typicalWithinWomanDeviation
        forgottenPeriodShare = 0
        if summarizing { update() } else { summarizedCycleCount = -1 }
    }

    /// A model that has seen `lengths` (completed cycle lengths in days, oldest first).
    package init(prior: CycleLengthPrior = .standard, age: Double? = nil, lengths: [Int]) {
        self.init(prior: prior, age: age, summarizing: false)
        for length in lengths { add(length, summarizing: false) }
        update()
    }

    /// The standard prior's model before any cycle, of a woman of unknown age (computed once).
    package static let unseen = CycleLengthModel()

    /// The model before any cycle of the woman `profile` describes: the prior
    /// `CycleLengthPrior.declaredIrregular` when she declared irregular cycles or PCOS
    /// (`UserProfile.declaresIrregularCycles`), else the standard one, at her age
    /// (`UserProfile.age()`; a dataset's reader has already rejected an invalid one), summarized
    /// (once per prior and age in a process: `_UnseenCycleLengthModels`).
    package init(profile: UserProfile) {
        let age = (try? profile.age()) ?? nil
        let prior: CycleLengthPrior = profile.declaresIrregularCycles ? .declaredIrregular : .standard
        self = age == nil && prior == .standard ? .unseen : CycleLengthModel.unseenByAge.model(prior: prior, age: age)
    }

    /// The summarized models before any cycle of the women this process has seen, by prior and age.
    private static let unseenByAge = _UnseenCycleLengthModels()

    private enum CodingKeys: String, CodingKey {
        case prior, age, cycleCount, logLikelihood, lengthProbabilities, usualCycleProbabilities, usualLength, usualDeviation,
             forgottenPeriodShare
    }

    /// The built-in priors by the name a kept state stores.
    private static let priorNames: [(name: String, prior: CycleLengthPrior)] = [
        ("standard", .standard), ("declared-irregular", .declaredIrregular),
    ]

    /// Encodes the model with its prior's name and its grid's log-likelihood (a model built on a
    /// custom prior is not encoded: `EncodingError.invalidValue`).
    public func encode(to encoder: any Encoder) throws {
        guard let name = CycleLengthModel.priorNames.first(where: { $0.prior == prior })?.name else {
            throw EncodingError.invalidValue(prior, .init(codingPath: encoder.codingPath,
                                                         debugDescription: "only a model on a built-in prior is encoded"))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .prior)
        try container.encodeIfPresent(age, forKey: .age)
        try container.encode(cycleCount, forKey: .cycleCount)
        try container.encode(_PackedNumbers.data(logLikelihood), forKey: .logLikelihood)
        try container.encode(_PackedNumbers.data(lengthProbabilities), forKey: .lengthProbabilities)
        try container.encode(_PackedNumbers.data(usualCycleProbabilities), forKey: .usualCycleProbabilities)
        try container.encode(usualLength, forKey: .usualLength)
        try container.encode(usualDeviation, forKey: .usualDeviation)
        try container.encode(forgottenPeriodShare, forKey: .forgottenPeriodShare)
    }

    /// Decodes an encoded model.
    /// - Throws: `DecodingError` for an unknown prior or arrays of the wrong size.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .prior)
        guard let prior = CycleLengthModel.priorNames.first(where: { $0.name == name })?.prior else {
            throw DecodingError.dataCorruptedError(forKey: .prior, in: container, debugDescription: "unknown prior \"\(name)\"")
        }
        tables = _CycleLengthTables.tables(for: prior)
        age = try container.decodeIfPresent(Double.self, forKey: .age)
        cycleCount = try container.decode(Int.self, forKey: .cycleCount)
        let gridCount = _CycleLengthTables.logMeans.count * _CycleLengthTables.logScales.count
            * prior.longCycleShares.count * prior.forgottenPeriodShares.count
        let maxLength = _CycleLengthTables.maxLength
        func packed(_ key: CodingKeys, count: Int) throws -> [Double] {
            try _PackedNumbers.values(try container.decode(Data.self, forKey: key), as: Double.self, count: count,
                                      codingPath: container.codingPath + [key])
        }
        logLikelihood = try packed(.logLikelihood, count: gridCount)
        lengthProbabilities = try packed(.lengthProbabilities, count: maxLength)
        usualCycleProbabilities = try packed(.usualCycleProbabilities, count: maxLength)
        usualLength = try container.decode(Double.self, forKey: .usualLength)
        usualDeviation = try container.decode(Double.self, forKey: .usualDeviation)
        forgottenPeriodShare = try container.decode(Double.self, forKey: .forgottenPeriodShare)
        summarizedCycleCount = cycleCount
    }

    /// Adds a completed cycle of `length` days (the newest).
    public mutating func add(_ length: Int) {
        add(length, summarizing: true)
    }

    /// Adds a completed cycle of `length` days (the newest); with `summarizing: false` the
    /// summaries stay those of the cycles before until `summarize()`, which a replay of many days
    /// calls once at their end.
    package mutating func add(_ length: Int, summarizing: Bool) {
        let terms = tables.logLikelihoodTerms(lengthClass: min(max(length, 1), _CycleLengthTables.maxLength) - 1)
        let decay = prior.recencyDecay
        logLikelihood.withUnsafeMutableBufferPointer { logLikelihood in
            terms.withUnsafeBufferPointer { terms in
                for index in logLikelihood.indices { logLikelihood[index] = decay * logLikelihood[index] + terms[index] }
            }
        }
        cycleCount += 1
        if summarizing { update() }
    }

    public static func == (lhs: CycleLengthModel, rhs: CycleLengthModel) -> Bool {
        lhs.prior == rhs.prior && lhs.age == rhs.age && lhs.cycleCount == rhs.cycleCount && lhs.logLikelihood == rhs.logLikelihood
    }

    /// Whether cycles were added since the summaries were computed (`add(_:summarizing:)`).
    package var needsSummary: Bool { summarizedCycleCount != cycleCount }

    /// Computes the summaries when cycles were added without (`add(_:summarizing:)`).
    package mutating func summarize() {
        if needsSummary { update() }
    }

    /// Recomputes the posterior's summaries and the predictive distribution.
    private mutating func update() {
        summarizedCycleCount = cycleCount
        let maxLength = _CycleLengthTables.maxLength
        let means = _CycleLengthTables.logMeans, scales = _CycleLengthTables.logScales
        let longShares = prior.longCycleShares, forgottenShares = prior.forgottenPeriodShares
        let priorMean = prior.logMean(age: age), tau = prior.betweenWomanLogDeviation
        let longShareLogPriors = longShares.map { log($0.probability) }, forgottenShareLogPriors = forgottenShares.map { log($0.probability) }
        // Per grid point its shares' log priors and values, (long, forgotten) in the grid's order.
        let combinations = longShares.count * forgottenShares.count
        let cellCount = means.count * scales.count, rowCount = scales.count * combinations
        // Component weights per (mean, scale): usual, long, merged.
        var usualWeight = [Double](repeating: 0, count: cellCount)
        var mergedWeight = usualWeight
        var longWeight = [Double](repeating: 0, count: means.count)
        // Scratch: per combination its long and forgotten log priors and shares; per cell its
        // prior and its best log posterior; one mean's log posteriors and weights.
        let scratchCount = 4 * combinations + 2 * cellCount + 2 * rowCount
        // Σ weight, Σ weight · length, Σ weight · length · scale, Σ weight · forgotten share.
        let (total, lengthSum, deviationSum, forgottenSum) = withUnsafeTemporaryAllocation(of: Double.self, capacity: scratchCount) { scratch in
            let longLog = scratch.baseAddress!, forgottenLog = longLog + combinations
            let longShare = forgottenLog + combinations, forgottenShare = longShare + combinations
            let cellPrior = forgottenShare + combinations, cellTop = cellPrior + cellCount
            let logPosteriors = cellTop + cellCount, weights = logPosteriors + rowCount
            for combination in 0..<combinations {
                let long = longShares[combination / forgottenShares.count]
                let forgotten = forgottenShares[combination % forgottenShares.count]
                longLog[combination] = longShareLogPriors[combination / forgottenShares.count]
                forgottenLog[combination] = forgottenShareLogPriors[combination % forgottenShares.count]
                longShare[combination] = long.share
                forgottenShare[combination] = forgotten.share
            }
            for cell in 0..<cellCount {
                let z = (means[cell / scales.count] - priorMean) / tau
                cellPrior[cell] = -0.5 * z * z + tables.logPrior[cell]
            }
            return logLikelihood.withUnsafeBufferPointer { logLikelihood in
                let logLikelihood = logLikelihood.baseAddress!
                var total = 0.0, lengthSum = 0.0, deviationSum = 0.0, forgottenSum = 0.0
                /// The log posterior of one grid point (computed in both passes, the same bits).
                func logPosterior(cell: Int, combination: Int) -> Double {
                    cellPrior[cell] + longLog[combination] + forgottenLog[combination] + logLikelihood[cell * combinations + combination]
                }
                // The best log posterior of each (mean, scale) cell and the best of all for a stable exponent.
                var top = -Double.infinity
                for cell in 0..<cellCount {
                    func value(_ combination: Int) -> Double { logPosterior(cell: cell, combination: combination) }
                    // Four running maxima (the same maximum, without one long chain of comparisons).
                    var best0 = -Double.infinity, best1 = best0, best2 = best0, best3 = best0
                    var combination = 0
                    while combination + 4 <= combinations {
                        best0 = max(best0, value(combination))
                        best1 = max(best1, value(combination + 1))
                        best2 = max(best2, value(combination + 2))
                        best3 = max(best3, value(combination + 3))
                        combination += 4
                    }
                    for remaining in combination..<combinations { best0 = max(best0, value(remaining)) }
                    let best = max(max(best0, best1), max(best2, best3))
                    cellTop[cell] = best
                    top = max(top, best)
                }
                // Points more than e^40 below the best weigh nothing a Double sum would keep: skipped.
                let negligible = top - 40
                // One mean's points at a time: their log posteriors, then their weights
                // exp(log posterior − top) in one vector call (`VectorMath.exp`: the C library's
                // `exp`, bit for bit), exponents below −500 (points skipped) raised to −500.
                for i in 0..<means.count {
                    let firstCell = i * scales.count
                    guard (firstCell..<(firstCell + scales.count)).contains(where: { cellTop[$0] > negligible }) else { continue }
                    for j in 0..<scales.count {
                        for combination in 0..<combinations {
                            let value = logPosterior(cell: firstCell + j, combination: combination)
                            logPosteriors[j * combinations + combination] = value
                            weights[j * combinations + combination] = max(value - top, -500)
                        }
                    }
                    VectorMath.exp(weights, into: weights, count: rowCount)
                    let length = exp(means[i])
                    var long = 0.0
                    for j in 0..<scales.count {
                        let cell = firstCell + j, scale = scales[j]
                        guard cellTop[cell] > negligible else { continue }
                        var usual = 0.0, merged = 0.0
                        for combination in 0..<combinations {
                            let point = j * combinations + combination
                            guard logPosteriors[point] > negligible else { continue }
                            let w = weights[point], forgotten = forgottenShare[combination]
                            total += w
                            usual += w * (1 - longShare[combination] - forgotten)
                            long += w * longShare[combination]
                            merged += w * forgotten
                            lengthSum += w * length
                            deviationSum += w * length * scale
                            forgottenSum += w * forgotten
                        }
                        usualWeight[cell] = usual
                        mergedWeight[cell] = merged
                    }
                    longWeight[i] = long
                }
                return (total, lengthSum, deviationSum, forgottenSum)
            }
        }
        var single = [Double](repeating: 0, count: maxLength), merged = single
        single.withUnsafeMutableBufferPointer { single in
            merged.withUnsafeMutableBufferPointer { mergedSum in
                tables.usual.withUnsafeBufferPointer { usualTable in
                    tables.merged.withUnsafeBufferPointer { mergedTable in
                        for cell in usualWeight.indices {
                            let u = usualWeight[cell], m = mergedWeight[cell]
                            guard u + m > total * 1e-12 else { continue }
                            VectorMath.addScaled(usualTable.baseAddress! + cell * maxLength, scale: u, to: single.baseAddress!,
                                                 count: maxLength)
                            VectorMath.addScaled(mergedTable.baseAddress! + cell * maxLength, scale: m, to: mergedSum.baseAddress!,
                                                 count: maxLength)
                        }
                    }
                }
            }
            tables.long.withUnsafeBufferPointer { long in
                for mean in longWeight.indices where longWeight[mean] > total * 1e-12 {
                    VectorMath.addScaled(long.baseAddress! + mean * maxLength, scale: longWeight[mean], to: single.baseAddress!,
                                         count: maxLength)
                }
            }
        }
        let singleMass = single.reduce(0, +), mergedMass = merged.reduce(0, +)
        lengthProbabilities = zip(single, merged).map { ($0 + $1) / (singleMass + mergedMass) }
        usualCycleProbabilities = single.map { $0 / singleMass }
        usualLength = lengthSum / total
        usualDeviation = deviationSum / total
        forgottenPeriodShare = forgottenSum / total
    }

    /// The next start as of the end of `asOf`, cycle day `cycleDay` (1 on the start day) of a
    /// cycle in which no start has been logged since: the predictive distribution conditioned on
    /// a length of at least `cycleDay`. Lengths past `maxLength` ("that long or longer") spread
    /// over the 28 days after the later of `maxLength` and tomorrow.
    public func distribution(cycleDay: Int, asOf: CalendarDay) -> NextStartDistribution {
        let maxLength = _CycleLengthTables.maxLength
        let first = max(cycleDay, 1)   // the smallest length still possible: a start tomorrow
        let offset = max(maxLength - first, 0), spreadDays = 28
        var weights = [Double](unsafeUninitializedCapacity: offset + spreadDays) { buffer, count in
            lengthProbabilities.withUnsafeBufferPointer { lengths in
                for index in 0..<offset { buffer[index] = lengths[first - 1 + index] }
            }
            for index in offset..<(offset + spreadDays) { buffer[index] = 0 }
            count = offset + spreadDays
        }
        let beyond = lengthProbabilities[maxLength - 1]
        let total = weights.reduce(0, +) + beyond
        if total.isFinite && total > 1e-12 {
            for day in 0..<spreadDays { weights[offset + day] += beyond / Double(spreadDays) }
        } else {
            // Past every length the model weighs (or a posterior that is not a number, from an
            // input no reader should let through): a start any day of the next four weeks.
            weights = [Double](repeating: 0, count: offset) + [Double](repeating: 1, count: spreadDays)
        }
        // `first` is the cycle day of tomorrow's start when cycleDay = first: index 0 = tomorrow.
        return NextStartDistribution(asOf: asOf, weights: weights)
            ?? NextStartDistribution(asOf: asOf, weights: [Double](repeating: 0, count: offset) + [Double](repeating: 1, count: spreadDays))!
    }
}
