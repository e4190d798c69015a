import Foundation
import Testing
@testable import Cycles
import CyclesLab

@Suite struct ForecastErrorHistoryTests {
    let today = CalendarDay(year: 2025, month: 3, day: 3)!

    /// Student-t with 4 degrees of freedom, closed form: F(t) = ½ + t (t² + 6) / (2 (t² + 4)^{3/2}).
    static func cdf(_ t: Double) -> Double { 0.5 + t * (t * t + 6) / (2 * pow(t * t + 4, 1.5)) }
    /// P(error = e) under the standard population's distribution (scale 3 d).
    static func population(_ error: Int) -> Double { cdf((Double(error) + 0.5) / 3) - cdf((Double(error) - 0.5) / 3) }
    /// P(|error| ≤ 2) under it: F(2.5 / 3) − F(−2.5 / 3) = 0.548475.
    static let populationHit = cdf(2.5 / 3) - cdf(-2.5 / 3)

    @Test func withNoHistoryTheDistributionIsThePopulations() {
        let history = ForecastErrorHistory()
        let forecast = today.advanced(by: 60)   // far enough ahead that no error is cut by "no start through today"
        let distribution = history.distribution(forecast: forecast, asOf: today, cycleDay: 9)
        #expect(abs(Self.populationHit - 0.548475) < 1e-6)
        #expect(abs(distribution.hitProbability(of: forecast) - Self.populationHit) < 1e-4)
        // Centred on the forecast and symmetric.
        #expect(abs(distribution.probability(from: forecast, through: forecast) - Self.population(0)) < 1e-4)
        #expect(abs(distribution.probability(from: forecast.advanced(by: -3), through: forecast.advanced(by: -3))
                    - distribution.probability(from: forecast.advanced(by: 3), through: forecast.advanced(by: 3))) < 1e-6)
        #expect(distribution.likeliestDate == forecast)
        let interval = distribution.centralInterval(level: 0.8)
        #expect(forecast.distance(to: interval.last) == interval.first.distance(to: forecast))
    }

    @Test func daysUpToTodayGetNoMass() {
        let history = ForecastErrorHistory()
        // A forecast of today: only tomorrow and the day after are left of its ±2-day window.
        let distribution = history.distribution(forecast: today, asOf: today, cycleDay: 28)
        #expect(distribution.asOf == today)
        #expect(distribution.probability(from: today.advanced(by: -30), through: today) == 0)
        let expected = (Self.population(1) + Self.population(2)) / (1 - Self.cdf(0.5 / 3))   // 0.484395
        #expect(abs(distribution.hitProbability(of: today) - expected) < 1e-4)
        #expect(abs(expected - 0.484395) < 1e-6)
        // A forecast long past: no mass before tomorrow, every interval after today.
        let stale = history.distribution(forecast: today.advanced(by: -10), asOf: today, cycleDay: 40)
        #expect(stale.hitProbability(of: today.advanced(by: -10)) == 0)
        #expect(stale.centralIntervals.allSatisfy { $0.first > today })
    }

    @Test func pastErrorsCountOnlyOnceTheirCycleIsComplete() {
        var history = ForecastErrorHistory()
        let start = today
        // Forecasts made on cycle days 1–3 of a cycle that will end on day 28 (errors 0, 1, 2).
        for day in 1...3 { history.record(start.advanced(by: 28 - day + 1), cycleDay: day) }
        let forecast = start.advanced(by: 100)
        let before = history.distribution(forecast: forecast, asOf: start.advanced(by: 30), cycleDay: 1)
        #expect(history.completedCycles == 0 && history.pastErrors(cycleDay: 1).isEmpty)
        #expect(before == ForecastErrorHistory().distribution(forecast: forecast, asOf: start.advanced(by: 30), cycleDay: 1))
        history.completeCycle(nextStart: start.advanced(by: 28))
        #expect(history.completedCycles == 1)
        #expect(history.pastErrors(cycleDay: 1).map(\.error) == [0])
        #expect(history.pastErrors(cycleDay: 3).map(\.error) == [2])
        #expect(history.pastErrors(cycleDay: 4).isEmpty)
        // One cycle of weight 1 beside the population's weight of 2: (2 · 0.548475 + 1) / 3 = 0.698983.
        let after = history.distribution(forecast: forecast, asOf: start.advanced(by: 30), cycleDay: 1)
        #expect(abs(after.hitProbability(of: forecast) - (2 * Self.populationHit + 1) / 3) < 1e-4)
        // An error of +2 on cycle day 3: the point mass sits two days after the forecast.
        let third = history.distribution(forecast: forecast, asOf: start.advanced(by: 30), cycleDay: 3)
        let single = (2 * Self.population(2) + 1) / 3
        #expect(abs(third.probability(from: forecast.advanced(by: 2), through: forecast.advanced(by: 2)) - single) < 1e-4)
        // No cycle reached day 4: the population's alone.
        let late = history.distribution(forecast: forecast, asOf: start.advanced(by: 30), cycleDay: 4)
        #expect(abs(late.hitProbability(of: forecast) - Self.populationHit) < 1e-4)
    }

    @Test func recentCyclesWeighMoreAndOnlyTheLastTwelveCount() {
        var history = ForecastErrorHistory()
        var start = today
        for index in 0..<14 {
            history.record(start.advanced(by: 28), cycleDay: 1)
            let next = start.advanced(by: 28 + index)   // errors 0, 1, …, 13
            history.completeCycle(nextStart: next)
            start = next
        }
        let errors = history.pastErrors(cycleDay: 1)
        #expect(history.completedCycles == 14)
        #expect(errors.map(\.error) == Array((2...13).reversed()))
        for (index, item) in errors.enumerated() { #expect(abs(item.weight - pow(0.9, Double(index))) < 1e-12) }
        // Shrinkage: the hit window of a forecast holds the population's share and the weights of the
        // errors within ±2 (errors 2: weight 0.9^11).
        let forecast = start.advanced(by: 50)
        let distribution = history.distribution(forecast: forecast, asOf: start, cycleDay: 1)
        let total = 2 + errors.reduce(0) { $0 + $1.weight }
        let expected = (2 * Self.populationHit + pow(0.9, 11)) / total
        #expect(abs(distribution.hitProbability(of: forecast) - expected) < 1e-4)
    }

    @Test func largeErrorsGoToTheTail() {
        var history = ForecastErrorHistory()
        history.record(today, cycleDay: 1)
        history.completeCycle(nextStart: today.advanced(by: 70))   // a forgotten period: error +70
        let forecast = today.advanced(by: 100)
        let distribution = history.distribution(forecast: forecast, asOf: today.advanced(by: 71), cycleDay: 1)
        // Days weighed one by one: from tomorrow (error −28) over 2 · 45 + 1 days, so through error +62.
        #expect(distribution.day(at: 0) == today.advanced(by: 72))
        #expect(distribution.day(at: distribution.probabilities.count - 1) == forecast.advanced(by: 62))
        // The point mass of weight 1 lies beyond them: it is tail.
        #expect(distribution.tailProbability > 1.0 / 3 - 1e-3)
    }

    @Test func otherAssumptionsChangeThePopulation() {
        let wide = ForecastErrorHistory.Assumptions(populationScale: 6, populationDegreesOfFreedom: 4, populationWeight: 2,
                                                    recencyDecay: 0.9, cycleLimit: 12, errorRange: 45)
        let forecast = today.advanced(by: 60)
        let distribution = ForecastErrorHistory(assumptions: wide).distribution(forecast: forecast, asOf: today, cycleDay: 1)
        // Errors below −45 days are not weighed: the rest is renormalised.
        let expected = (Self.cdf(2.5 / 6) - Self.cdf(-2.5 / 6)) / (1 - Self.cdf(-45.5 / 6))
        #expect(abs(distribution.hitProbability(of: forecast) - expected) < 1e-6)
    }
}
