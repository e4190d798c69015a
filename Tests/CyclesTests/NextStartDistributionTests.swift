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

    @Test func rejectsWeightsThatAreNotAProbability() {
        #expect(NextStartDistribution(asOf: Self.day, weights: []) == nil)
        #expect(NextStartDistribution(asOf: Self.day, weights: [0, 0]) == nil)
        #expect(NextStartDistribution(asOf: Self.day, weights: [1, -1, 2]) == nil)
        #expect(NextStartDistribution(asOf: Self.day, weights: [1, .nan]) == nil)
    }
}
