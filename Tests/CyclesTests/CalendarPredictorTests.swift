import Testing
@testable import Cycles
@testable import CyclesLab

@Suite struct CalendarPredictorTests {
    @Test func forecastIsFixedPerCycleAndOvulationIsFourteenDaysBefore() throws {
        let history = TestHistories.history(starts: [0, 30, 58], lastDay: 100)
        let days = (58...100).map { TestHistories.origin.advanced(by: $0) }
        let forecasts = try CalendarPredictor().predictions(for: history, on: days, language: .en)
        // Lengths 30 and 28: median 29, fixed from day 58 on, even once it has passed.
        for forecast in forecasts {
            #expect(forecast.nextPeriodStart == TestHistories.origin.advanced(by: 58 + 29))
            #expect(forecast.ovulation?.date == TestHistories.origin.advanced(by: 58 + 29 - 14))
        }
        #expect(forecasts[0].reasoning.text.contains("median cycle 29 d over the last 2 cycles"))
        #expect(forecasts[0].reasoning.language == .en)
    }

    @Test func populationLengthBeforeTheFirstCompleteCycleAndFrenchByDefault() throws {
        let history = TestHistories.history(starts: [0], lastDay: 20)
        let forecast = try CalendarPredictor().prediction(for: history, on: TestHistories.origin.advanced(by: 3))
        #expect(forecast.nextPeriodStart == TestHistories.origin.advanced(by: 29))
        #expect(forecast.reasoning.language == .fr)
        #expect(forecast.reasoning.text.contains("cycle habituel de 29 j"))
    }

    @Test func causalAndRestartableOnEarlierDays() throws {
        let history = TestHistories.history(starts: [0, 27, 60, 88], lastDay: 120)
        let days = (0...120).map { TestHistories.origin.advanced(by: $0) }
        let all = try CalendarPredictor().predictions(for: history, on: days, language: .fr)
        for (day, forecast) in zip(days, all) where day.daysSinceEpoch % 7 == 0 {
            let truncated = try CalendarPredictor().prediction(for: history.truncated(through: day), on: day)
            #expect(truncated.nextPeriodStart == forecast.nextPeriodStart)
        }
        // Days out of order restart the state instead of reusing later records.
        let backwards = try CalendarPredictor().predictions(for: history, on: [days[100], days[30]], language: .fr)
        #expect(backwards[1].nextPeriodStart == all[30].nextPeriodStart)
    }

    @Test func alertAccuracyOfAFixedForecastOnPerfectlyRegularCycles() throws {
        let dataset = CycleDataset(users: [TestHistories.history(starts: [0, 28, 56, 84, 112], lastDay: 140)], truth: nil)
        let report = try CycleEvaluator(bootstrapSamples: 0).evaluate(CalendarPredictor(), on: dataset)
        // First cycle: population 29 vs 28 (hit); then the median 28 is exact.
        #expect(report.cycles == 4)
        #expect(report.alertAccuracy == 1)
    }
}
