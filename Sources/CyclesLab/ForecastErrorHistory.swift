import Cycles

/// A forecast's next-start distribution from the predictor's own past errors, for a predictor
/// that states only a date (the calendar, the rules): so that its confidence and intervals can be
/// measured beside those of a predictor with a distribution.
///
/// For one user and one predictor it keeps, per completed cycle, the error (true start − forecast
/// start, in days) of the forecast made on each cycle day. A new forecast made on cycle day `k`
/// then gets the distribution of `forecast + error`, where the error is drawn as the posterior
/// predictive of a Dirichlet process: with weight `Assumptions.populationWeight` from the
/// population's error distribution (a discretised Student-t centred on 0), else one of her past
/// errors on cycle day `k`, the cycle `j` before the last one weighed `recencyDecay^j` (the last
/// `cycleLimit` cycles). Only cycles that ran to day `k` have an error there, so late in a cycle
/// the errors are those of her long cycles, and with no such cycle the distribution is the
/// population's. The distribution is conditioned on no start through the day the forecast is
/// made: days up to it get no mass.
///
/// It is causal by construction: a cycle's errors count from the day its next start is known
/// (`completeCycle(nextStart:)`), and the caller records each forecast on the day it is made.
public struct ForecastErrorHistory: Sendable, Equatable {
    /// The numbers the distribution assumes; assumptions, not fitted values (see each property).
    public struct Assumptions: Sendable, Equatable {
        /// Scale of the population's error distribution, in days: a calendar forecast of a
        /// typical woman misses by about 2–3 days (within-woman SD of cycle length ≈ 2–3 d,
        /// `CycleLengthPrior.typicalWithinWomanDeviation`), more on irregular cycles.
        package var populationScale: Double
        /// Degrees of freedom of that Student-t: heavy tails, for forgotten and long cycles.
        package var populationDegreesOfFreedom: Double
        /// Weight of the population's distribution, in completed cycles: about two of her cycles
        /// outweigh it.
        package var populationWeight: Double
        /// Weight of the cycle `j` before her last completed one: `recencyDecay^j`.
        package var recencyDecay: Double
        /// Completed cycles kept (the most recent ones).
        package var cycleLimit: Int
        /// Errors weighed one by one, in days either side of the forecast; larger ones count in
        /// the distribution's tail.
        package var errorRange: Int

        /// Creates assumptions (see the properties).
        package init(populationScale: Double, populationDegreesOfFreedom: Double, populationWeight: Double,
                    recencyDecay: Double, cycleLimit: Int, errorRange: Int) {
            self.populationScale = populationScale
            self.populationDegreesOfFreedom = populationDegreesOfFreedom
            self.populationWeight = populationWeight
            self.recencyDecay = recencyDecay
            self.cycleLimit = cycleLimit
            self.errorRange = errorRange
        }

        /// Scale 3 d, 4 degrees of freedom, a weight of two cycles, her last 12 cycles weighed
        /// 0.9 per cycle back (as `CycleLengthPrior.standard` weighs her cycle lengths), errors of
        /// up to ±45 days one by one.
        public static let standard = Assumptions(populationScale: 3, populationDegreesOfFreedom: 4, populationWeight: 2,
                                                 recencyDecay: 0.9, cycleLimit: 12, errorRange: 45)
    }

    /// The assumptions it weighs errors with.
    package let assumptions: Assumptions
    /// P(error ≤ e) under the population's distribution (the Student-t's mass below e + ½), for
    /// e = −`errorRange` − 1 … `Self.tableEnd(assumptions)` at index e + `errorRange` + 1.
    private let cumulative: [Double]
    /// Per kept completed cycle (oldest first), the error of the forecast made on cycle day
    /// `k` at index `k − 1`; `Self.missing` where no forecast was recorded.
    private var cycles: [[Int32]] = []
    /// The running cycle's forecasts (days since the epoch) by cycle day, `Self.missing` where none.
    private var running: [Int32] = []
    /// Completed cycles seen (kept or not).
    package private(set) var completedCycles = 0

    private static let missing = Int32.min

    /// An empty history (no completed cycle: every distribution is the population's).
    package init(assumptions: Assumptions = .standard) {
        self.assumptions = assumptions
        cumulative = assumptions == .standard ? Self.standardCumulative : Self.cumulativeTable(assumptions)
    }

    /// Records the forecast `forecast` made on cycle day `cycleDay` (1 on the start day) of the
    /// running cycle; a later record for the same day replaces it.
    public mutating func record(_ forecast: CalendarDay, cycleDay: Int) {
        guard cycleDay >= 1 else { return }
        if running.count < cycleDay { running.append(contentsOf: repeatElement(Self.missing, count: cycleDay - running.count)) }
        running[cycleDay - 1] = Int32(clamping: forecast.daysSinceEpoch)
    }

    /// Closes the running cycle: its next start is `nextStart`, so each recorded forecast's error
    /// is known. A new cycle starts with no forecast.
    package mutating func completeCycle(nextStart: CalendarDay) {
        let start = Int32(clamping: nextStart.daysSinceEpoch)
        cycles.append(running.map { $0 == Self.missing ? Self.missing : start &- $0 })
        if cycles.count > assumptions.cycleLimit { cycles.removeFirst(cycles.count - assumptions.cycleLimit) }
        running.removeAll(keepingCapacity: true)
        completedCycles += 1
    }

    /// Her past errors on cycle day `cycleDay` with their weights, the last completed cycle first.
    package func pastErrors(cycleDay: Int) -> [(error: Int, weight: Double)] {
        guard cycleDay >= 1 else { return [] }
        var result: [(error: Int, weight: Double)] = []
        var weight = 1.0
        for errors in cycles.reversed() {
            if cycleDay <= errors.count, errors[cycleDay - 1] != Self.missing { result.append((Int(errors[cycleDay - 1]), weight)) }
            weight *= assumptions.recencyDecay
        }
        return result
    }

    /// The next start of a forecast of `forecast` made at the end of `asOf`, cycle day `cycleDay`:
    /// `forecast` + an error drawn from the population's distribution or her past errors on that
    /// cycle day (see the type), conditioned on a start after `asOf`. The days weighed one by one
    /// run from the later of tomorrow and `forecast − errorRange` over `2 · errorRange + 1` days;
    /// later starts are the tail, earlier ones (errors below −`errorRange`, a few in 100,000 under
    /// the population's distribution) are not weighed.
    package func distribution(forecast: CalendarDay, asOf: CalendarDay, cycleDay: Int) -> NextStartDistribution {
        let range = assumptions.errorRange, span = 2 * range + 1
        let firstError = max(forecast.distance(to: asOf) + 1, -range)   // a start tomorrow, or the range's first error
        let lastError = firstError + span - 1
        let leading = asOf.advanced(by: 1).distance(to: forecast.advanced(by: firstError))   // days before it, none possible
        let scale = assumptions.populationWeight
        var weights = [Double](repeating: 0, count: leading + span)
        var below = populationCDF(upTo: firstError - 1)
        for index in 0..<span {
            let upTo = populationCDF(upTo: firstError + index)
            weights[leading + index] = scale * (upTo - below)
            below = upTo
        }
        var tail = scale * (1 - below)
        var weight = 1.0
        for errors in cycles.reversed() {
            defer { weight *= assumptions.recencyDecay }
            guard cycleDay >= 1, cycleDay <= errors.count, errors[cycleDay - 1] != Self.missing else { continue }
            let error = Int(errors[cycleDay - 1])
            if error > lastError { tail += weight } else if error >= firstError { weights[leading + error - firstError] += weight }
        }
        // The population's mass is positive on every day, so the weights never all vanish; a flat
        // month keeps the result total should they underflow.
        return NextStartDistribution(asOf: asOf, weights: weights, tailWeight: tail)
            ?? NextStartDistribution(asOf: asOf, weights: [Double](repeating: 1, count: 28))!
    }

    /// P(error ≤ `error`) under the population's distribution: from the table, or computed past it.
    private func populationCDF(upTo error: Int) -> Double {
        let index = error + assumptions.errorRange + 1
        if index >= 0, index < cumulative.count { return cumulative[index] }
        return Self.cdf(Double(error) + 0.5, assumptions)
    }

    /// The Student-t's mass below `days` (in days from the forecast).
    private static func cdf(_ days: Double, _ assumptions: Assumptions) -> Double {
        _StudentT.cdf(days / assumptions.populationScale, degreesOfFreedom: assumptions.populationDegreesOfFreedom)
    }

    /// P(error ≤ e) for e = −`errorRange` − 1 … 6 · `errorRange`: errors up to six ranges late (a
    /// forecast long past during a gap in her logs) come from the table, not the continued fraction.
    private static func cumulativeTable(_ assumptions: Assumptions) -> [Double] {
        (-assumptions.errorRange - 1...6 * assumptions.errorRange).map { cdf(Double($0) + 0.5, assumptions) }
    }

    /// The table of the standard assumptions, computed once.
    private static let standardCumulative = cumulativeTable(.standard)

    public static func == (lhs: ForecastErrorHistory, rhs: ForecastErrorHistory) -> Bool {
        lhs.assumptions == rhs.assumptions && lhs.cycles == rhs.cycles && lhs.running == rhs.running
            && lhs.completedCycles == rhs.completedCycles
    }
}
