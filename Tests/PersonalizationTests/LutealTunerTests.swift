import Cycles
import Testing
@testable import Personalization
import CyclesLab
@testable import PersonalizationLab

@Suite struct LutealTunerTests {
    @Test func learnsHerLutealLengthAndAnchorsForecastsAfterOvulation() throws {
        // Ovulation on cycle day 15, cycles of 31 days: her luteal phase is 17 days, the model assumes 14.
        let history = HistoryFixtures.history(cycleLengths: Array(repeating: 31, count: 6))
        let data = PersonalData(history: history, cutoff: history.periodStarts.last!)
        let tuner = LutealTuner(shrinkage: 1, recencyDecay: 1)
        let luteal = try tuner.fitLutealDays(OvulationAwarePredictor(), on: data)
        // Six samples of 17 and one pseudo-sample of 14.
        #expect(abs(luteal - (6 * 17 + 14) / 7.0) < 1e-9)
        let outcome = try Personalizer(tuner: tuner).personalize(OvulationAwarePredictor(), history: history, cutoff: history.periodStarts.last!)
        #expect(outcome.kept, "\(outcome.reason)")
        #expect(outcome.candidateScore!.cycles == 3 && outcome.candidateScore!.alertHits == 3 && outcome.currentScore!.alertHits == 0)
        let model = outcome.model
        let start = history.periodStarts[3]
        // Before ovulation is detected the forecast is the model's; after, ovulation + 17 (rounded 16.6).
        #expect(try model.prediction(for: history, on: start.advanced(by: 5)).nextPeriodStart == start.advanced(by: 28))
        #expect(try model.prediction(for: history, on: start.advanced(by: 20)).nextPeriodStart == start.advanced(by: 14 + 17))
    }

    @Test func modelsWithoutOvulationEstimatesAreATypedNoHistory() throws {
        let history = HistoryFixtures.history(cycleLengths: [30, 30, 30])
        #expect(throws: PersonalizationError.self) {
            try LutealTuner().fitLutealDays(CalendarPredictor(cycleLength: 28), on: PersonalData(history: history, cutoff: history.periodStarts.last!))
        }
        // Under the guardrail that becomes a logged roll-back, not a failure.
        let outcome = try Personalizer(tuner: LutealTuner()).personalize(CalendarPredictor(cycleLength: 28), history: history, cutoff: history.periodStarts.last!)
        #expect(!outcome.kept && outcome.reason.contains("saw ovulation pass in none"))
    }
}
