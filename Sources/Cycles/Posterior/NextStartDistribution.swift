/// What a forecast made at the end of one day believes about the next period start: a
/// probability for each day from tomorrow on, given that no period started through today.
///
/// The decisions every predictor with a distribution takes from it live here, so that they agree:
/// - the **forecast date** is the day whose ±`AlertPolicy.toleranceDays` window holds the most
///   probability (the earliest of equal ones). An alert is a forecast at most
///   `AlertPolicy.horizonDays` ahead, so the forecast enters the alert horizon exactly when the
///   likeliest window does: the alert rule's hit probability is maximised day by day;
/// - its **confidence** is the probability that the start falls in that window, i.e. that the
///   forecast is scored a hit (`AlertPolicy.isHit`);
/// - its **central intervals** (`centralInterval(level:)`).
public struct NextStartDistribution: Sendable, Equatable {
    /// The day the forecast is made on; `probabilities[0]` is for the day after.
    public var asOf: CalendarDay
    /// P(next start `k + 1` days after `asOf`) at index `k`; they sum to 1 − `tailProbability`.
    public var probabilities: [Double]
    /// P(next start later than the last day `probabilities` covers).
    public var tailProbability: Double

    /// A distribution from per-day weights (any non-negative scale, normalised here, with
    /// `tailWeight` for the days beyond); `nil` when the weights are empty, not finite or all zero.
    public init?(asOf: CalendarDay, weights: consuming [Double], tailWeight: Double = 0) {
        var probabilities = weights
        let total = probabilities.reduce(0, +) + tailWeight
        guard total > 0, total.isFinite, probabilities.allSatisfy({ $0 >= 0 }), tailWeight >= 0 else { return nil }
        for index in probabilities.indices { probabilities[index] /= total }
        self.asOf = asOf
        self.probabilities = probabilities
        self.tailProbability = tailWeight / total
    }

    /// The day `probabilities[index]` is for.
    public func day(at index: Int) -> CalendarDay { asOf.advanced(by: index + 1) }

    /// P(next start on a day of `first … last`).
    public func probability(from first: CalendarDay, through last: CalendarDay) -> Double {
        let low = max(0, asOf.distance(to: first) - 1), high = min(probabilities.count - 1, asOf.distance(to: last) - 1)
        guard low <= high else { return 0 }
        return probabilities[low...high].reduce(0, +)
    }

    /// P(the start falls within ±`AlertPolicy.toleranceDays` of `date`): the probability that a
    /// forecast of `date` is a hit.
    public func hitProbability(of date: CalendarDay) -> Double {
        probability(from: date.advanced(by: -AlertPolicy.toleranceDays), through: date.advanced(by: AlertPolicy.toleranceDays))
    }

    /// The forecast date: the day whose ±`AlertPolicy.toleranceDays` window holds the most
    /// probability, no earlier than tomorrow; among equal windows (a flat stretch, e.g. once she
    /// is later than any length her model weighs), the one nearest the median, so that the date
    /// stays inside its own central intervals.
    public var likeliestDate: CalendarDay {
        let tolerance = AlertPolicy.toleranceDays, count = probabilities.count
        let median = day(at: 0).distance(to: medianDate)
        return probabilities.withUnsafeBufferPointer { probabilities in
            // The window mass of each day in turn (the window of tomorrow: days 1 … 1 + tolerance),
            // walked twice: for the best mass, then for the day nearest the median among those
            // within 1e-12 of it (the earliest of equally near ones).
            func forEachWindowMass(_ body: (Int, Double) -> Void) {
                var window = probabilities.prefix(tolerance + 1).reduce(0, +)
                body(0, window)
                for index in 1..<max(count, 1) {
                    if index + tolerance < count { window += probabilities[index + tolerance] }
                    if index - tolerance - 1 >= 0 { window -= probabilities[index - tolerance - 1] }
                    body(index, window)
                }
            }
            var best = -Double.infinity
            forEachWindowMass { _, mass in if mass > best { best = mass } }
            var chosen = -1
            forEachWindowMass { index, mass in
                if mass >= best - 1e-12, chosen < 0 || abs(index - median) < abs(chosen - median) { chosen = index }
            }
            return day(at: chosen)
        }
    }

    /// The central interval of `level`: its first day is the one where the probability of an
    /// earlier start is nearest (1 − `level`) / 2, its last day the one where the probability of
    /// a start up to it is nearest (1 + `level`) / 2. Whole days cannot hold exactly `level`; taking
    /// the nearest bound on each side, rather than the outer one, keeps the interval's coverage at
    /// `level` on average instead of above it. The tail beyond the last listed day counts as
    /// starting on the day after it.
    public func centralInterval(level: Double) -> ForecastInterval { centralIntervals(levels: [level])[0] }

    /// The intervals of `ForecastInterval.levels`.
    public var centralIntervals: [ForecastInterval] { centralIntervals(levels: ForecastInterval.levels) }

    /// `centralInterval(level:)` of each of `levels`, in one walk over the days that stops once
    /// the probability so far passes every upper bound (no later day can be nearer any of them).
    func centralIntervals(levels: [Double]) -> [ForecastInterval] {
        let lowerTargets = levels.map { (1 - $0) / 2 }, upperTargets = levels.map { (1 + $0) / 2 }
        let highestTarget = upperTargets.max() ?? 0
        var firsts = [(index: Int, gap: Double)](repeating: (0, .infinity), count: levels.count), lasts = firsts
        var before = 0.0
        probabilities.withUnsafeBufferPointer { probabilities in
            for index in probabilities.indices {
                for level in levels.indices where abs(before - lowerTargets[level]) < firsts[level].gap {
                    firsts[level] = (index, abs(before - lowerTargets[level]))
                }
                before += probabilities[index]
                for level in levels.indices where abs(before - upperTargets[level]) < lasts[level].gap {
                    lasts[level] = (index, abs(before - upperTargets[level]))
                }
                // The probabilities are not negative: once past every target, and farther from
                // each lower one than its best day, the gaps only grow.
                if before >= highestTarget, levels.indices.allSatisfy({ before - lowerTargets[$0] >= firsts[$0].gap }) { break }
            }
        }
        return levels.indices.map { level in
            var last = lasts[level]
            if tailProbability > 0, abs(1 - upperTargets[level]) < last.gap { last = (probabilities.count, 0) }
            return ForecastInterval(level: levels[level], first: day(at: firsts[level].index),
                                    last: day(at: max(firsts[level].index, last.index)))
        }
    }

    /// Half the width of the central 68 % in days (≈ one standard deviation; at least ½), the
    /// spread `CyclePrediction.nextPeriodUncertaintyDays` states.
    public var halfWidth68: Double {
        let interval = centralInterval(level: 0.68)
        return max(0.5, Double(interval.first.distance(to: interval.last)) / 2)
    }

    /// The median day of the next start.
    public var medianDate: CalendarDay {
        var cumulative = 0.0
        for (index, p) in probabilities.enumerated() {
            cumulative += p
            if cumulative >= 0.5 { return day(at: index) }
        }
        return day(at: probabilities.count)
    }
}
