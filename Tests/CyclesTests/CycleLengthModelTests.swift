import Foundation
import Testing
@testable import Cycles

/// The period-history model: parity with its independent NumPy implementation, and the
/// behaviour the issue asks of it (forgotten periods, her own spread, lateness, honest width).
struct CycleLengthModelTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/cycle-length-model.json")
    static let day = CalendarDay(year: 2025, month: 3, day: 3)!

    /// The forecast distribution on cycle day `cycleDay` after `lengths`.
    static func distribution(_ lengths: [Int], cycleDay: Int = 1, prior: CycleLengthPrior = .standard) -> NextStartDistribution {
        CycleLengthModel(prior: prior, lengths: lengths).distribution(cycleDay: cycleDay, asOf: day)
    }

    @Test func predictiveEqualsTheNumPyImplementation() throws {
        struct Case: Decodable { var lengths: [Int]; var probabilities: [Double] }
        struct Fixture: Decodable { var cases: [Case] }
        let fixture = try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: Self.fixture))
        #expect(fixture.cases.count == 5)
        for testCase in fixture.cases {
            let model = CycleLengthModel(lengths: testCase.lengths)
            for (index, expected) in testCase.probabilities.enumerated() {
                // The Swift tables are single precision: agreement to 1e-6 of the largest class.
                #expect(abs(model.lengthProbabilities[index] - expected) < 1e-6, "lengths \(testCase.lengths), class \(index + 1)")
            }
        }
    }

    @Test func studentTMatchesReferenceValues() {
        // scipy.stats.t.cdf(t, nu); from 1e6 degrees of freedom the normal limit, scipy.stats.norm.cdf(t).
        for (t, nu, expected) in [(2.0, 5.0, 0.9490302605850708), (-1.3, 6.5, 0.1188983330021931), (0.0, 3.0, 0.5),
                                  (4.5, 2.5, 0.985052970495633), (-0.7, 1e6, 0.24196365222307303)] {
            #expect(abs(_StudentT.cdf(t, degreesOfFreedom: nu) - expected) < 1e-9)
        }
    }

    @Test func aForgottenPeriodMovesHerForecastByAtMostOneDay() {
        let lengths = [28, 29, 30, 28, 29, 31, 28, 29, 30, 29]
        var forgotten = lengths
        forgotten.replaceSubrange(4...5, with: [lengths[4] + lengths[5]])   // one start not logged
        let full = Self.distribution(lengths).likeliestDate, merged = Self.distribution(forgotten).likeliestDate
        #expect(abs(full.distance(to: merged)) <= 1)
        #expect(CycleLengthModel(lengths: forgotten).forgottenPeriodShare > CycleLengthModel(lengths: lengths).forgottenPeriodShare)
    }

    @Test func herOwnSpreadSetsTheConfidence() {
        // 12 cycles of SD ≈ 1.5 d, then 12 of SD ≈ 6 d (same mean).
        let regular = [28, 30, 29, 27, 29, 31, 28, 30, 29, 27, 29, 31]
        let irregular = [22, 35, 29, 23, 36, 30, 21, 34, 29, 24, 37, 28]
        func sd(_ x: [Int]) -> Double {
            let m = Double(x.reduce(0, +)) / Double(x.count)
            return (x.reduce(0.0) { $0 + pow(Double($1) - m, 2) } / Double(x.count - 1)).squareRoot()
        }
        #expect(abs(sd(regular) - 1.5) < 0.2 && abs(sd(irregular) - 6) < 0.5)
        let regularForecast = Self.distribution(regular), irregularForecast = Self.distribution(irregular)
        #expect(regularForecast.hitProbability(of: regularForecast.likeliestDate) >= 0.75)
        #expect(irregularForecast.hitProbability(of: irregularForecast.likeliestDate) <= 0.45)
    }

    @Test func aLateCycleIsForecastAfterTodayAndAlertedAgain() throws {
        // Nine cycles of 28–31 days, then no period logged: every day from her usual length on,
        // the period-history forecast stays after today, and a forecast within the alert horizon
        // comes back each time the last one's window has passed without bleeding.
        let lengths = [28, 29, 30, 28, 29, 31, 28, 29, 30]
        let starts = lengths.reduce(into: [0]) { $0.append($0.last! + $1) }
        let last = starts.last!
        let history = TestHistories.history(starts: starts, lastDay: last + 60)
        let days = (29...60).map { TestHistories.origin.advanced(by: last + $0) }
        let forecasts = try PeriodHistoryPredictor().predictions(for: history, on: days, language: .en)
        for forecast in forecasts { #expect(forecast.nextPeriodStart > forecast.asOf, "\(forecast.asOf)") }
        let alerts = forecasts.filter { AlertPolicy.isAlert(madeOn: $0.asOf, forecastStart: $0.nextPeriodStart) }
        let first = try #require(alerts.first)
        // Once the first alert's window has passed with no bleeding, a later alert comes, for a later date.
        let passed = first.nextPeriodStart.advanced(by: AlertPolicy.toleranceDays)
        #expect(alerts.contains { $0.asOf > passed && $0.nextPeriodStart > passed })
    }

    @Test func intervalsWidenWithFewerCycles() {
        let lengths = [29, 27, 31, 28, 30, 29, 26, 32, 29, 28, 30, 29]
        var widths: [Int] = []
        for count in [1, 3, 6, 12] {
            let interval = Self.distribution(Array(lengths.suffix(count))).centralInterval(level: 0.8)
            widths.append(interval.first.distance(to: interval.last))
        }
        #expect(widths == widths.sorted(by: >), "80 % widths \(widths) with 1, 3, 6, 12 cycles")
        #expect(widths.first! > widths.last!)
    }

    @Test func aColdStartIsHonestlyWide() {
        let cold = Self.distribution([]), known = Self.distribution([29, 28, 29, 30, 29, 28])
        let interval = cold.centralInterval(level: 0.8)
        #expect(interval.first.distance(to: interval.last) >= 6)
        #expect(cold.hitProbability(of: cold.likeliestDate) < known.hitProbability(of: known.likeliestDate) - 0.15)
    }

    @Test func longCyclesDoNotDragHerMean() {
        let lengths = [28, 29, 28, 62, 29, 28, 29]
        #expect(abs(CycleLengthModel(lengths: lengths).usualLength - 28.6) < 1.0)
    }

    /// Both built-in priors share tables built once (building them is ≈ 0.1 s: a prediction that
    /// rebuilt them would be 30 times slower); a custom prior gets its own.
    @Test func theBuiltInPriorsShareTheirTables() {
        #expect(_CycleLengthTables.tables(for: .standard) === _CycleLengthTables.tables(for: .standard))
        #expect(_CycleLengthTables.tables(for: .declaredIrregular) === _CycleLengthTables.tables(for: .declaredIrregular))
        var custom = CycleLengthPrior.standard
        custom.populationLength += 1
        #expect(_CycleLengthTables.tables(for: custom) !== _CycleLengthTables.tables(for: .standard))
    }

    /// A length class's log-likelihood terms are kept from its second add on (a replay of many
    /// women then takes no logarithm per grid point), and kept terms are the computed ones.
    @Test func aLengthClassKeepsItsTermsFromItsSecondAdd() {
        var custom = CycleLengthPrior.standard
        custom.populationLength += 0.5
        let tables = _CycleLengthTables(prior: custom)
        func storage(_ terms: [Double]) -> UnsafePointer<Double>? { terms.withUnsafeBufferPointer { $0.baseAddress } }
        let first = tables.logLikelihoodTerms(lengthClass: 28), second = tables.logLikelihoodTerms(lengthClass: 28)
        let third = tables.logLikelihoodTerms(lengthClass: 28)
        #expect(_CycleLengthTables.addsBeforeKeepingTerms == 2)
        #expect(first == second && second == third)
        #expect(storage(first) != storage(second) && storage(second) == storage(third))
        #expect(first.allSatisfy { $0.isFinite && $0 < 0 })
    }

    /// The model before any cycle of a woman whose age or declared cycles are known is kept per
    /// prior and age, and it is the model computed afresh, summaries included; adding a cycle to
    /// it leaves the kept one untouched.
    @Test func aProfilesUnseenModelIsKeptAndEqualsAFreshOne() {
        let day = CalendarDay(year: 2026, month: 1, day: 1)!
        let profile = UserProfile(id: "u", createdAt: day, cycleType: .irregular, preferencesJSON: #"{"age": 37}"#)
        let fresh = CycleLengthModel(prior: .declaredIrregular, age: 37)
        var kept = CycleLengthModel(profile: profile)
        for model in [kept, CycleLengthModel(profile: profile)] {
            #expect(model == fresh)
            #expect(model.lengthProbabilities == fresh.lengthProbabilities)
            #expect(model.usualCycleProbabilities == fresh.usualCycleProbabilities)
            #expect(model.usualLength == fresh.usualLength && model.usualDeviation == fresh.usualDeviation)
        }
        kept.add(30)
        #expect(kept.cycleCount == 1 && CycleLengthModel(profile: profile).cycleCount == 0)
        #expect(CycleLengthModel(profile: profile) == fresh)
    }

    @Test func theDeclaredIrregularPriorIsWider() {
        let standard = Self.distribution([30, 31], prior: .standard), irregular = Self.distribution([30, 31], prior: .declaredIrregular)
        #expect(irregular.hitProbability(of: irregular.likeliestDate) < standard.hitProbability(of: standard.likeliestDate))
    }
}
