import Testing
@testable import Cycles
@testable import CyclesLab

@Suite struct OvulationAwarePredictorTests {
    static func truth(_ start: Int, ovulation: Int?, luteal: Int?) -> CycleTruth {
        CycleTruth(userID: "u1", cycleStart: TestHistories.origin.advanced(by: start),
                   ovulationDate: ovulation.map { TestHistories.origin.advanced(by: start + $0 - 1) },
                   lutealLength: luteal, follicularLength: ovulation, cohort: "test")
    }

    @Test func anchorsOnTheTrueOvulationWithHerPastLutealLength() throws {
        // Cycles of 28 and 30 d with luteal 11 and 11; the third cycle ovulates late on day 25.
        let history = TestHistories.history(starts: [0, 28, 58, 94], lastDay: 100)
        let truth = ["u1": [Self.truth(0, ovulation: 17, luteal: 11), Self.truth(28, ovulation: 19, luteal: 11),
                            Self.truth(58, ovulation: 25, luteal: 11)]]
        let predictor = OvulationAwarePredictor(truth: truth)
        let day = { (offset: Int) in TestHistories.origin.advanced(by: offset) }
        // Cycle day 1 of the third cycle: the calendar date (median 29).
        #expect(try predictor.prediction(for: history, on: day(58)).nextPeriodStart == day(58 + 29))
        // Cycle day 20 (no ovulation yet): 20 + 1 + 11 + 1 > 29, pushed to today + luteal + 2.
        #expect(try predictor.prediction(for: history, on: day(58 + 19)).nextPeriodStart == day(58 + 19 + 13))
        // From the ovulation day (cycle day 25) on: ovulation + 11 + 1.
        let ovulation = day(58 + 24)
        let forecast = try predictor.prediction(for: history, on: ovulation, language: .en)
        #expect(forecast.nextPeriodStart == ovulation.advanced(by: 12))
        #expect(forecast.ovulation?.passedProbability == 1)
        #expect(forecast.reasoning.text.contains("11 d luteal phase"))
    }

    @Test func cycleWithoutOvulationIsTheCalendarAndTheLutealPriorIsThirteen() throws {
        let history = TestHistories.history(starts: [0, 28, 56], lastDay: 80)
        let truth = ["u1": [Self.truth(0, ovulation: 15, luteal: nil), Self.truth(28, ovulation: nil, luteal: nil)]]
        let predictor = OvulationAwarePredictor(truth: truth)
        let day = { (offset: Int) in TestHistories.origin.advanced(by: offset) }
        #expect(try predictor.prediction(for: history, on: day(40)).nextPeriodStart
                == CalendarPredictor().prediction(for: history, on: day(40)).nextPeriodStart)
        #expect(try predictor.prediction(for: history, on: day(16)).nextPeriodStart == day(14 + 13 + 1))
    }

    @Test func needsTruth() {
        #expect(throws: DatasetError.self) { try OvulationAwarePredictor(dataset: CycleDataset(users: [], truth: nil)) }
    }
}
