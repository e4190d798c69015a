import Foundation
import Testing
@testable import Cycles
@testable import CyclesLab

@Suite struct CycleEvaluatorTests {
    let evaluator = CycleEvaluator(bootstrapSamples: 50)

    @Test func alertHitWhenFirstCloseForecastIsWithinTwoDays() throws {
        // Starts on days 0 and 30, data to day 35; forecast = last start + 28.
        let dataset = CycleDataset(users: [TestHistories.history(starts: [0, 30], lastDay: 35)])
        let report = try evaluator.evaluate(FixedLengthPredictor(length: 28), on: dataset)
        #expect(report.users == 1)
        #expect(report.cycles == 1)
        #expect(report.predictions == 36)
        #expect(report.metrics[CycleMetric.alertAccuracy] == 1)
        let outcome = try #require(report.cycleOutcomes.first)
        #expect(outcome.alertDay == TestHistories.origin.advanced(by: 25))
        #expect(outcome.alertedStart == TestHistories.origin.advanced(by: 28))
        // Every scored day (0...29) is off by exactly 2 days.
        #expect(report.metrics[CycleMetric.accuracy2d] == 1)
        #expect(report.metrics[CycleMetric.accuracy1d] == 0)
        #expect(report.metrics[CycleMetric.accuracy3d] == 1)
        #expect(report.metrics[CycleMetric.maeDays] == 2)
        #expect(report.metrics[CycleMetric.day1Accuracy2d] == 1)
        #expect(report.metrics[CycleMetric.byCycleDay15plus] == 1)
        #expect(report.userEvaluations[0].tally(for: CycleMetric.byCycleDay1to7).count == 7)
        #expect(report.userEvaluations[0].tally(for: CycleMetric.byCycleDay15plus).count == 16)
        #expect(report.intervals[CycleMetric.alertAccuracy] == ConfidenceInterval(low: 1, high: 1))
    }

    @Test func periodBeforeAnyAlertIsAMiss() throws {
        let dataset = CycleDataset(users: [TestHistories.history(starts: [0, 30], lastDay: 35)])
        let report = try evaluator.evaluate(FixedLengthPredictor(length: 35), on: dataset)
        #expect(report.metrics[CycleMetric.alertAccuracy] == 0)
        #expect(report.cycleOutcomes.first?.alertDay == nil)
        #expect(report.metrics[CycleMetric.maeDays] == 5)
        #expect(report.metrics[CycleMetric.accuracy3d] == 0)
    }

    @Test func earlyAlertOutsideToleranceIsAMiss() throws {
        // Forecast 25: alert on day 22 for day 25, true start day 30.
        let dataset = CycleDataset(users: [TestHistories.history(starts: [0, 30, 58], lastDay: 60)])
        let report = try evaluator.evaluate(FixedLengthPredictor(length: 25), on: dataset)
        #expect(report.cycles == 2)
        // Cycle 1: alerted 25 vs 30 (miss); cycle 2: alerted 55 vs 58 (miss).
        #expect(report.metrics[CycleMetric.alertAccuracy] == 0)
        let hits = try evaluator.evaluate(FixedLengthPredictor(length: 28), on: dataset)
        // Cycle 1: 28 vs 30 hit; cycle 2: 58 vs 58 hit.
        #expect(hits.metrics[CycleMetric.alertAccuracy] == 1)
    }

    @Test func poolsCyclesOverUsersAndBootstrapsUsers() throws {
        let hitUser = TestHistories.history(id: "a", starts: [0, 28], lastDay: 30)
        let missUser = TestHistories.history(id: "b", starts: [0, 40], lastDay: 41)
        let dataset = CycleDataset(users: [hitUser, missUser])
        let report = try evaluator.evaluate(FixedLengthPredictor(length: 28), on: dataset)
        #expect(report.metrics[CycleMetric.alertAccuracy] == 0.5)
        let interval = try #require(report.intervals[CycleMetric.alertAccuracy])
        #expect(interval.low == 0 && interval.high == 1)
        #expect(report.userEvaluations.map { $0.value(for: CycleMetric.alertAccuracy) } == [1, 0])
    }

    @Test func energyTomorrowClassesAndError() throws {
        let day = TestHistories.origin
        let extra = [DayRecord(date: day.advanced(by: 5), symptoms: [.energy: 9]),
                     DayRecord(date: day.advanced(by: 6), symptoms: [.energy: 5])]
        let dataset = CycleDataset(users: [TestHistories.history(starts: [0, 28], lastDay: 30, extra: extra)])
        let report = try evaluator.evaluate(FixedLengthPredictor(length: 28, energy: 5), on: dataset)
        // Forecast 5 (medium) vs 9 (high) and vs 5 (medium).
        #expect(report.metrics[CycleMetric.energyAccuracy3Class] == 0.5)
        #expect(report.metrics[CycleMetric.energyMAE] == 2)
        #expect(report.metrics[CycleMetric.moodMAE] == nil)
        // "Same as today": nothing logged before day 5; on day 5 it says 9 (high) for day 6's 5.
        #expect(report.metrics[CycleMetric.energySameAsTodayAccuracy3Class] == 0)
        #expect(report.metrics[CycleMetric.moodSameAsTodayAccuracy3Class] == nil)
    }

    @Test func sameAsTodayCarriesTheLastLoggedValueOverGaps() throws {
        let day = TestHistories.origin
        let extra = [DayRecord(date: day.advanced(by: 5), symptoms: [.mood: 2]),
                     DayRecord(date: day.advanced(by: 6), symptoms: [.mood: 9]),
                     DayRecord(date: day.advanced(by: 9), symptoms: [.mood: 8]),
                     DayRecord(date: day.advanced(by: 10), symptoms: [.mood: 3])]
        let dataset = CycleDataset(users: [TestHistories.history(starts: [0, 28], lastDay: 30, extra: extra)])
        let report = try evaluator.evaluate(FixedLengthPredictor(length: 28, mood: 8), on: dataset)
        // Scored: the forecasts for days 5, 6, 9 and 10 (moods 2, 9, 8, 3); the model's high is
        // right for days 6 and 9. The baseline has nothing before day 5, then says low (2) for
        // day 6, high (9, carried over days 7-8) for day 9 (right) and high (8) for day 10.
        #expect(report.metrics[CycleMetric.moodAccuracy3Class] == 2.0 / 4)
        #expect(report.metrics[CycleMetric.moodSameAsTodayAccuracy3Class] == 1.0 / 3)
        #expect(report.metrics[CycleMetric.energySameAsTodayAccuracy3Class] == nil)
    }

    @Test func metricKeysAreTheJSONNamesInReportOrder() throws {
        #expect(CycleMetric.allCases.enumerated().allSatisfy { $0.offset == $0.element.index })
        #expect(Set(CycleMetric.allCases.map(\.rawValue)).count == CycleMetric.allCases.count)
        #expect(CycleMetric.allCases.first == .alertAccuracy && CycleMetric.allCases.count == 16)
        #expect(CycleMetric.byCycleDay8to14.cycleDayBucket == "8-14" && CycleMetric.accuracy2d.cycleDayBucket == nil)
        #expect(CycleMetric.allCases.filter(\.lowerIsBetter) == [.maeDays, .energyMAE, .moodMAE])
        // Dictionaries keyed by metric encode as JSON objects keyed by the metric's name.
        let json = String(decoding: try JSONEncoder().encode([CycleMetric.alertAccuracy: 0.5]), as: UTF8.self)
        #expect(json == #"{"period_start.alert_accuracy":0.5}"#)
    }

    @Test func jsonHasExactKeysAndNestedBuckets() throws {
        let dataset = CycleDataset(users: [TestHistories.history(starts: [0, 30], lastDay: 35)])
        let json = try evaluator.evaluate(FixedLengthPredictor(length: 28), on: dataset).jsonString()
        #expect(json.contains("\"period_start.alert_accuracy\" : 1"))
        #expect(json.contains("\"period_start.alert_accuracy_ci\" : ["))
        #expect(json.contains("\"period_start.by_cycle_day\" : {"))
        #expect(json.contains("\"15+\" : 1"))
        #expect(json.contains("\"model\" : \"fixed\""))
    }

    @Test func pairedDifferencesResampleTheSameUsersForBothModels() throws {
        let users = (0..<6).map { TestHistories.history(id: "u\($0)", starts: [0, 36, 72, 108], lastDay: 120) }
        let dataset = CycleDataset(users: users)
        let calendar = try evaluator.evaluate(CalendarPredictor(), on: dataset)
        let same = evaluator.pairedDifferences(calendar, baseline: calendar)[CycleMetric.alertAccuracy]
        #expect(same == PairedDifference(value: 0, interval: ConfidenceInterval(low: 0, high: 0)))
        let fixed = try evaluator.evaluate(FixedLengthPredictor(length: 28), on: dataset)
        let worse = try #require(evaluator.pairedDifferences(fixed, baseline: calendar)[CycleMetric.alertAccuracy])
        #expect(worse.value < 0)
        #expect(try #require(worse.interval).high < 0)
    }
}
