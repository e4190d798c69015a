import TensorCore
import Testing
@testable import Cycles

struct NextStartDistributionTests {
    static let day = CalendarDay(year: 2025, month: 3, day: 3)!

    @Test func theLikeliestWindowAndItsProbability() throws {
        // Days 1 … 10 ahead. The ±2-day window around day 6 (days 4 … 8) holds 0.05+0.1+0.3+0.2+0.1
        // = 0.75, the one around day 7 (days 5 … 9) 0.1+0.3+0.2+0.1+0.1 = 0.8, the most.
        let weights = [0.0, 0.05, 0.05, 0.05, 0.1, 0.3, 0.2, 0.1, 0.1, 0.05]
        let distribution = try #require(NextStartDistribution(asOf: Self.day, weights: weights))
        #expect(distribution.likeliestDate == Self.day.advanced(by: 7))
        #expect(abs(distribution.hitProbability(of: Self.day.advanced(by: 7)) - 0.8) < 1e-12)
        #expect(abs(distribution.hitProbability(of: Self.day.advanced(by: 6)) - 0.75) < 1e-12)
        #expect(abs(distribution.probability(from: Self.day.advanced(by: 9), through: Self.day.advanced(by: 30)) - 0.15) < 1e-12)
    }

    /// A flat stretch (every window of it equal): the date is the tie nearest the median, inside
    /// the central intervals, not the stretch's first day.
    @Test func equalWindowsGiveTheOneNearestTheMedian() throws {
        let flat = try #require(NextStartDistribution(asOf: Self.day, weights: Array(repeating: 1, count: 28)))
        let median = flat.medianDate
        #expect(abs(flat.likeliestDate.distance(to: median)) <= 1)
        let eighty = flat.centralInterval(level: 0.8)
        #expect(eighty.first <= flat.likeliestDate && flat.likeliestDate <= eighty.last)
    }

    @Test func centralIntervalsTakeTheNearestBounds() throws {
        // Cumulative 0.02, 0.15, 0.45, 0.87, 0.96, 1.0 over days 1 … 6.
        let distribution = try #require(NextStartDistribution(asOf: Self.day, weights: [0.02, 0.13, 0.3, 0.42, 0.09, 0.04]))
        // 80 %: P(earlier) nearest 0.1 is 0.15 (day 3; day 2 has 0.02); P(up to) nearest 0.9 is
        // 0.87 (day 4; day 5 has 0.96). Days 3 … 4 hold 0.72: the nearest bounds, not the outer ones.
        let interval = distribution.centralInterval(level: 0.8)
        #expect(interval.first == Self.day.advanced(by: 3) && interval.last == Self.day.advanced(by: 4))
        // 95 %: P(earlier) nearest 0.025 is 0.02 (day 2); P(up to) nearest 0.975 is 0.96 (day 5).
        let wide = distribution.centralInterval(level: 0.95)
        #expect(wide.first == Self.day.advanced(by: 2) && wide.last == Self.day.advanced(by: 5))
    }

    /// The one walk that stops early gives, level by level, the interval of the definition's
    /// full walk: on random distributions with spikes, flat stretches, zero days and tails, at the
    /// reported levels and at narrow ones (below ⅓ a lower bound can still improve past the upper).
    @Test func oneWalkOverEveryLevelEqualsTheDefinition() throws {
        var generator = SeededGenerator(seed: 17)
        let levels = [0.05, 0.2, 0.33, 0.5, 0.68, 0.8, 0.95, 0.99]
        for trial in 0..<2_000 {
            let count = Int.random(in: 1...60, using: &generator)
            let weights = (0..<count).map { _ -> Double in
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: 0
                case 1: 1
                case 2: Double.random(in: 0...1, using: &generator)
                default: Double.random(in: 0...40, using: &generator)
                }
            }
            let tail = trial % 3 == 0 ? Double.random(in: 0...5, using: &generator) : 0
            guard let distribution = NextStartDistribution(asOf: Self.day, weights: weights, tailWeight: tail) else { continue }
            let intervals = distribution.centralIntervals(levels: levels)
            for (level, interval) in zip(levels, intervals) {
                #expect(interval == Self.definition(distribution, level: level), "trial \(trial), level \(level), weights \(weights), tail \(tail)")
            }
            #expect(distribution.centralIntervals == ForecastInterval.levels.map { Self.definition(distribution, level: $0) })
        }
    }

    /// `centralInterval(level:)` as documented: every day walked.
    static func definition(_ distribution: NextStartDistribution, level: Double) -> ForecastInterval {
        let lowerTarget = (1 - level) / 2, upperTarget = (1 + level) / 2
        var before = 0.0
        var first = (index: 0, gap: Double.infinity), last = (index: 0, gap: Double.infinity)
        for (index, p) in distribution.probabilities.enumerated() {
            if abs(before - lowerTarget) < first.gap { first = (index, abs(before - lowerTarget)) }
            before += p
            if abs(before - upperTarget) < last.gap { last = (index, abs(before - upperTarget)) }
        }
        if distribution.tailProbability > 0, abs(1 - upperTarget) < last.gap { last = (distribution.probabilities.count, 0) }
        return ForecastInterval(level: level, first: distribution.day(at: first.index),
                                last: distribution.day(at: max(first.index, last.index)))
    }

    @Test func rejectsWeightsThatAreNotAProbability() {
        #expect(NextStartDistribution(asOf: Self.day, weights: []) == nil)
        #expect(NextStartDistribution(asOf: Self.day, weights: [0, 0]) == nil)
        #expect(NextStartDistribution(asOf: Self.day, weights: [1, -1, 2]) == nil)
        #expect(NextStartDistribution(asOf: Self.day, weights: [1, .nan]) == nil)
    }
}
