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
        // Each metric's tallies follow the previous one's; the calibration errors keep a reliability table.
        var offset = 0
        for metric in CycleMetric.allCases {
            #expect(metric.tallyOffset == offset)
            offset += metric.tallyCount
        }
        #expect(offset == CycleMetric.tallyWidth && CycleMetric.confidenceECE.tallyCount == 2 * ReliabilityTable.binCount)
        #expect(Set(CycleMetric.allCases.map(\.rawValue)).count == CycleMetric.allCases.count)
        #expect(CycleMetric.allCases.first == .alertAccuracy && CycleMetric.allCases.count == 28)
        #expect(CycleMetric.byCycleDay8to14.nesting?.group == CycleMetric.byCycleDayPrefix && CycleMetric.byCycleDay8to14.nesting?.key == "8-14")
        #expect(CycleMetric.maeByCycleDay35.nesting?.group == "period_start.mae_by_cycle_day" && CycleMetric.maeByCycleDay35.nesting?.key == "35")
        #expect(CycleMetric.accuracy2d.nesting == nil && CycleMetric.confidenceECE.nesting == nil)
        #expect(CycleMetric.allCases.filter(\.lowerIsBetter) == [.maeDays, .confidenceECE, .alertConfidenceECE, .brier, .maeByCycleDay0,
                                                                 .maeByCycleDay14, .maeByCycleDay21, .maeByCycleDay28, .maeByCycleDay35,
                                                                 .maeByCycleDay40, .energyMAE, .moodMAE])
        #expect(CycleMetric.confidenceECE.reliabilityKey == "period_start.confidence_reliability")
        #expect(CycleMetric.alertConfidenceECE.reliabilityKey == "period_start.alert_confidence_reliability")
        #expect(CycleMetric.maeCycleDays.compactMap { CycleMetric.maeByCycleDay(daysAfterStart: $0) }.count == 6)
        #expect(ForecastInterval.levels.compactMap { CycleMetric.coverage(level: $0)?.coverageLevel } == ForecastInterval.levels)
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
        for key in ["period_start.confidence_ece", "period_start.confidence_ece_ci", "period_start.alert_confidence_ece",
                    "period_start.brier", "period_start.brier_ci", "period_start.coverage_50", "period_start.coverage_80",
                    "period_start.coverage_95", "period_start.coverage_95_ci", "period_start.confidence_reliability",
                    "period_start.alert_confidence_reliability", "period_start.confidence_from_past_errors"] {
            #expect(json.contains("\"\(key)\" : "), "\(key) missing")
        }
        #expect(json.contains("\"period_start.mae_by_cycle_day\" : {"))
        #expect(json.contains("\"period_start.mae_by_cycle_day_ci\" : {"))
        #expect(!json.contains("\"period_start.mae_by_cycle_day.0\""))
    }

    /// User a: starts on days 0 and 30, forecast day 28 every day: 30 hits (error 2). User b: starts
    /// on days 0 and 40, the same forecast: 40 misses (error 12). Confidence 0.95 on cycle days 1–10,
    /// 0.15 after.
    @Test func calibrationOfStatedConfidencesByHand() throws {
        let dataset = CycleDataset(users: [TestHistories.history(id: "a", starts: [0, 30], lastDay: 35),
                                           TestHistories.history(id: "b", starts: [0, 40], lastDay: 45)])
        let report = try evaluator.evaluate(StatedConfidencePredictor(length: 28, early: 0.95, late: 0.15), on: dataset)
        func value(_ metric: CycleMetric) throws -> Double { try #require(report.metrics[metric], "\(metric)") }
        // Bin 0.9–1.0: 20 forecasts (10 + 10), 10 hits, |0.95 − 0.5| = 0.45; bin 0.1–0.2: 50
        // forecasts (20 + 30), 20 hits, |0.15 − 0.4| = 0.25. ECE = (20 · 0.45 + 50 · 0.25) / 70.
        #expect(abs(try value(.confidenceECE) - 21.5 / 70) < 1e-12)
        let table = try #require(report.reliability[.confidenceECE])
        #expect(table.bins.map(\.count) == [0, 50, 0, 0, 0, 0, 0, 0, 0, 20])
        let topConfidence = try #require(table.bins[9].meanConfidence)
        #expect(table.bins[9].hitRate == 0.5 && abs(topConfidence - 0.95) < 1e-12)
        #expect(table.bins[1].hitRate == 0.4 && table.bins[0].hitRate == nil)
        // Brier: a: 10 · 0.05² + 20 · 0.85²; b: 10 · 0.95² + 30 · 0.15²; over 70.
        #expect(abs(try value(.brier) - (14.475 + 9.7) / 70) < 1e-12)
        // Alerts on day 25 (cycle day 26, confidence 0.15): a hits, b misses: |0.15 − 0.5|.
        #expect(abs(try value(.alertConfidenceECE) - 0.35) < 1e-12)
        #expect(report.cycleOutcomes.map(\.alertConfidence) == [0.15, 0.15])
        // 50 % [28, 30] and 80 % [25, 31] hold a's start (30), not b's (40); 95 % [23, 43] both.
        #expect(abs(try value(.coverage50) - 30.0 / 70) < 1e-12)
        #expect(abs(try value(.coverage80) - 30.0 / 70) < 1e-12)
        #expect(try value(.coverage95) == 1)
        // MAE k days after the start, over the cycles still running: both (2 and 12) up to day 28,
        // b alone on day 35, neither on day 40 (b's next start).
        for metric in [CycleMetric.maeByCycleDay0, .maeByCycleDay14, .maeByCycleDay21, .maeByCycleDay28] {
            #expect(try value(metric) == 7)
        }
        #expect(try value(.maeByCycleDay35) == 12)
        #expect(report.metrics[.maeByCycleDay40] == nil)
        #expect(report.confidenceFromPastErrors == 0 && report.confidenceSource == "predictor")
    }

    @Test func aForecastWithoutConfidenceIsScoredWithItsPastErrors() throws {
        let history = TestHistories.history(starts: [0, 30, 60], lastDay: 62)
        let report = try evaluator.evaluate(FixedLengthPredictor(length: 28), on: CycleDataset(users: [history]))
        #expect(report.confidenceFromPastErrors == 1 && report.confidenceSource == "past errors")
        // The confidences the evaluator scored: each day's from the errors of the cycles completed before it.
        var past = ForecastErrorHistory()
        var tallies = [MetricTally](repeating: MetricTally(), count: ReliabilityTable.tallyCount)
        let origin = TestHistories.origin
        for offset in 0..<60 {
            let day = origin.advanced(by: offset), start = origin.advanced(by: offset < 30 ? 0 : 30)
            if offset == 30 { past.completeCycle(nextStart: start) }
            let forecast = start.advanced(by: 28), cycleDay = start.distance(to: day) + 1
            let distribution = past.distribution(forecast: forecast, asOf: day, cycleDay: cycleDay)
            ReliabilityTable.add(confidence: distribution.hitProbability(of: forecast), hit: true, to: &tallies, at: 0)
            past.record(forecast, cycleDay: cycleDay)
        }
        let expected = ReliabilityTable(tallies: tallies[...])
        #expect(report.reliability[.confidenceECE] == expected)
        #expect(report.metrics[.confidenceECE] == expected.expectedCalibrationError)
        #expect(report.metrics[.coverage80] != nil && report.metrics[.brier] != nil)
    }

    @Test func reliabilityBinsAndCalibrationError() throws {
        #expect(ReliabilityTable.bin(of: 0) == 0 && ReliabilityTable.bin(of: 0.1) == 1 && ReliabilityTable.bin(of: 0.999) == 9)
        #expect(ReliabilityTable.bin(of: 1) == 9 && ReliabilityTable.bin(of: -0.2) == 0 && ReliabilityTable.bin(of: .nan) == 0)
        var tallies = [MetricTally](repeating: MetricTally(), count: ReliabilityTable.tallyCount)
        // 0.3 × 4 with 1 hit (|0.3 − 0.25| = 0.05), 0.8 × 2 with 2 hits (|0.8 − 1| = 0.2).
        for hit in [true, false, false, false] { ReliabilityTable.add(confidence: 0.3, hit: hit, to: &tallies, at: 0) }
        for _ in 0..<2 { ReliabilityTable.add(confidence: 0.8, hit: true, to: &tallies, at: 0) }
        let table = ReliabilityTable(tallies: tallies[...])
        #expect(table.forecasts == 6)
        let error = try #require(table.expectedCalibrationError)
        #expect(abs(error - (4 * 0.05 + 2 * 0.2) / 6) < 1e-12)
        #expect(ReliabilityTable(tallies: [MetricTally](repeating: MetricTally(), count: ReliabilityTable.tallyCount)[...])
            .expectedCalibrationError == nil)
        let rows = ReliabilityTable.rows([("m", table)])
        #expect(rows.count == 1 + ReliabilityTable.binCount + 1)
        #expect(rows[4] == ["0.3-0.4", "25.0 % / 30.0 % (4)"] && rows[1] == ["0.0-0.1", "-"] && rows.last == ["ECE", "0.100"])
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
