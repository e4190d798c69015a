import Foundation
import Cycles
import Testing
@testable import Personalization
import CyclesLab
@testable import PersonalizationLab

@Suite struct PersonalizerTests {
    @Test func residualCorrectionLearnsHerLongerCyclesAndPassesTheGuardrail() throws {
        // She has 32-day cycles; the population calendar says 28.
        let history = HistoryFixtures.history(cycleLengths: Array(repeating: 32, count: 6))
        let cutoff = history.periodStarts.last!
        let personalizer = Personalizer(tuner: ResidualCorrectionTuner())
        let outcome = try personalizer.personalize(CalendarPredictor(cycleLength: 28), history: history, cutoff: cutoff)
        #expect(outcome.kept, "\(outcome.reason)")
        #expect(outcome.reason.hasPrefix("kept: residual beats calendar28"))
        let candidate = try #require(outcome.candidateScore)
        let current = try #require(outcome.currentScore)
        #expect(candidate.alertHits > current.alertHits || candidate.meanAbsoluteErrorDays < current.meanAbsoluteErrorDays)
        let corrected = try #require(outcome.model as? ResidualCorrectedPredictor)
        // Early in the cycle the calendar is 4 days short: the far bucket's offset is close to +4.
        #expect(corrected.correction.offsetsDays[3] > 3 && corrected.correction.offsetsDays[3] <= 4)
    }

    @Test func rollsBackWhenTheCurrentModelIsAlreadyRight() throws {
        let history = HistoryFixtures.history(cycleLengths: Array(repeating: 28, count: 6))
        let outcome = try Personalizer(tuner: ResidualCorrectionTuner())
            .personalize(CalendarPredictor(cycleLength: 28), history: history, cutoff: history.periodStarts.last!)
        #expect(!outcome.kept)
        #expect(outcome.model.name == "calendar28")
        #expect(outcome.reason.hasPrefix("rolled back: residual not better than calendar28"))
    }

    @Test func rollsBackAndSaysWhyWithTooFewCycles() throws {
        let history = HistoryFixtures.history(cycleLengths: [30])
        let outcome = try Personalizer(tuner: ResidualCorrectionTuner())
            .personalize(CalendarPredictor(cycleLength: 28), history: history, cutoff: history.periodStarts.last!)
        #expect(!outcome.kept)
        #expect(outcome.reason == "rolled back: needs 2 complete cycles up to \(history.periodStarts.last!), found 1")
    }

    @Test func noHistoryBeforeTheCutoffIsATypedError() throws {
        let history = HistoryFixtures.history(cycleLengths: [30, 30])
        #expect(throws: PersonalizationError.noHistory(user: "u1", detail: "no day logged on or before \(HistoryFixtures.firstDay.advanced(by: -1))")) {
            try Personalizer(tuner: ResidualCorrectionTuner())
                .personalize(CalendarPredictor(cycleLength: 28), history: history, cutoff: HistoryFixtures.firstDay.advanced(by: -1))
        }
    }

    @Test func fineTuningNeverSeesDataAfterTheCutoff() throws {
        let history = HistoryFixtures.history(cycleLengths: [29, 33, 27, 31, 35, 30, 28, 32])
        let spy = SpyTuner()
        // Feedback on every day, some known only later: the tuner must get none from the future.
        let signals = (0..<240).map { offset in
            FeedbackSignal(day: HistoryFixtures.firstDay.advanced(by: offset), knownOn: HistoryFixtures.firstDay.advanced(by: offset + 20),
                           isAccurate: offset % 3 == 0, source: .prediction)
        }
        let cutoff = HistoryFixtures.firstDay.advanced(by: 150)
        _ = try Personalizer(tuner: spy).personalize(CalendarPredictor(cycleLength: 28), history: history, cutoff: cutoff, signals: signals)
        #expect(spy.seen.count >= 1)
        for seen in spy.seen {
            #expect(seen.cutoff <= cutoff)
            #expect(try #require(seen.latestRecord) <= seen.cutoff)
            #expect(try #require(seen.latestLabel) <= seen.cutoff)
            #expect(try #require(seen.latestSignal) <= seen.cutoff)
        }
    }

    @Test func inaccurateFeedbackUpWeightsNearbyDays() {
        let day = HistoryFixtures.firstDay
        let weighting = FeedbackWeighting(boost: 2, bandwidthDays: 3)
        let signals = [FeedbackSignal(day: day.advanced(by: 10), knownOn: day.advanced(by: 12), isAccurate: false, source: .insight),
                       FeedbackSignal(day: day.advanced(by: 30), knownOn: day.advanced(by: 31), isAccurate: true, source: .insight)]
        let weights = weighting.weights(for: [day.advanced(by: 10), day.advanced(by: 13), day.advanced(by: 30)], signals: signals)
        #expect(weights[0] == 3)
        #expect(abs(weights[1] - (1 + 2 * exp(-1.0))) < 1e-12)
        #expect(weights[2] < 1.01)
        // Feedback known after the cut-off is dropped.
        let data = PersonalData(history: HistoryFixtures.history(cycleLengths: [30]), cutoff: day.advanced(by: 11),
                                signals: signals, weighting: weighting)
        #expect(data.signals.isEmpty)
    }

    @Test func feedbackPullsTheCorrectionTowardsTheDaysShePointedAt() throws {
        // Cycles alternate 28 and 32 days: the unweighted far-bucket residual is about +2; her
        // "inaccurate" verdicts fall in the long cycles, so with weighting the offset moves up.
        let lengths = [28, 32, 28, 32, 28, 32]
        let history = HistoryFixtures.history(cycleLengths: lengths)
        let starts = history.periodStarts
        let signals = stride(from: 1, to: lengths.count, by: 2).flatMap { index in
            (0..<20).map { offset in
                FeedbackSignal(day: starts[index].advanced(by: offset), knownOn: starts[index + 1], isAccurate: false, source: .insight)
            }
        }
        let tuner = ResidualCorrectionTuner(recencyDecay: 1, shrinkage: 0)
        let plain = try tuner.fitCorrection(CalendarPredictor(cycleLength: 28), on: PersonalData(history: history, cutoff: starts.last!))
        let weighted = try tuner.fitCorrection(CalendarPredictor(cycleLength: 28),
                                               on: PersonalData(history: history, cutoff: starts.last!, signals: signals,
                                                                weighting: FeedbackWeighting(boost: 3, bandwidthDays: 2)))
        #expect(abs(plain.offsetsDays[3] - 2) < 0.5)
        #expect(weighted.offsetsDays[3] > plain.offsetsDays[3] + 0.5)
    }

    @Test func alertScoringFollowsTheDefinition() {
        let start = HistoryFixtures.firstDay
        let next = start.advanced(by: 30)
        func forecast(_ day: Int, _ predicted: Int) -> CyclePrediction {
            CyclePrediction(asOf: start.advanced(by: day), nextPeriodStart: start.advanced(by: predicted), nextPeriodUncertaintyDays: 1,
                            reasoning: .init(text: "", language: .en))
        }
        // Forecasts 28 until day 24 (alert on day 25: 28 is 3 days ahead, 2 days early → hit).
        let hit = CycleForecastScore(cycleStart: start, nextStart: next, predictions: (0..<30).map { forecast($0, $0 < 25 ? 40 : 28) })
        #expect(hit.alertDay == start.advanced(by: 25) && hit.alertHit)
        // Alert raised 4 days early for a day 34 forecast → miss even though later forecasts are right.
        let miss = CycleForecastScore(cycleStart: start, nextStart: next, predictions: (0..<30).map { forecast($0, $0 < 25 ? 40 : 26) })
        #expect(miss.alertDay == start.advanced(by: 25) && !miss.alertHit)
        // Never within 3 days before the start → no alert, a miss.
        let none = CycleForecastScore(cycleStart: start, nextStart: next, predictions: (0..<30).map { forecast($0, 40) })
        #expect(none.alertDay == nil && !none.alertHit)
        #expect(none.dayCount == 30 && none.withinTwoDays == 0 && none.meanAbsoluteError == 10)
    }
}
