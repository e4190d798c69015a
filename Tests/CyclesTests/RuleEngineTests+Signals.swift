import Testing
@testable import Cycles

/// The rules' forecast once the fertility signals evidence ovulation (`CycleSignalState`):
/// ovulation + her luteal length + 1, said in French and English.
extension RuleEngineTests {
    /// 30-day cycles starting on offsets 0, 30, 60, 90; a positive LH test on cycle day 14 of the
    /// first three (ovulation the next day, luteal 15 d) and on `currentSurge` in the fourth.
    static func chartedHistory(currentSurge: Int?, lastDay: Int = 110) -> UserHistory {
        var lh: [Int: LHTestResult] = [13: .positive, 43: .positive, 73: .positive, 100: .negative]
        if let currentSurge { lh[currentSurge] = .positive }
        return CycleSignalStateTests.history(starts: [0, 30, 60, 90], lastDay: lastDay, lh: lh)
    }

    @Test func positiveLHTestGivesOvulationPlusHerLutealLength() throws {
        let history = Self.chartedHistory(currentSurge: 102)
        let day = origin.advanced(by: 102)
        let french = try engine.prediction(for: history, on: day, language: .fr)
        // Ovulation on offset 103 (June 14), luteal 15 d from her three charted cycles: 103 + 15 + 1.
        #expect(french.nextPeriodStart == origin.advanced(by: 119))
        #expect(french.ovulation?.date == origin.advanced(by: 103))
        #expect(french.reasoning.text == "Règles prévues le 30 juin : test LH positif le 13 + phase lutéale ≈ 15 j")
        // One day before the calendar's (30-day cycles): the factors still add up to the date.
        #expect(french.reasoning.factors.contains { $0.key == "rule.ovulation_evidence" && $0.contribution == -1 })
        #expect(french.reasoning.factors.reduce(0) { $0 + $1.contribution } == Double(119 - 90 - CycleState.populationCycleLength))
        let english = try engine.prediction(for: history, on: day, language: .en)
        #expect(english.reasoning.text == "Period expected June 30: positive LH test on the 13th + luteal phase ≈ 15 d")
        // The day before the surge, the calendar (30 d cycles) stands.
        let before = try engine.prediction(for: history, on: day.advanced(by: -1))
        #expect(before.nextPeriodStart == origin.advanced(by: 120))
        #expect(!before.reasoning.factors.contains { $0.key == "rule.ovulation_evidence" })
    }

    /// Without a personal luteal length, the prior (`AlertPolicy.lutealPriorDays`) is used.
    @Test func firstChartedCycleUsesTheLutealPrior() throws {
        let history = CycleSignalStateTests.history(starts: [0, 30, 60, 90], lastDay: 105, lh: [102: .positive])
        let prediction = try engine.prediction(for: history, on: origin.advanced(by: 102), language: .en)
        #expect(prediction.nextPeriodStart == origin.advanced(by: 103 + AlertPolicy.lutealPriorDays + 1))
        #expect(prediction.reasoning.text.hasSuffix("positive LH test on the 13th + luteal phase ≈ \(AlertPolicy.lutealPriorDays) d"))
    }

    /// Negative tests with no surge push the calendar's date later: ovulation is still ahead.
    @Test func negativeTestsPushTheDateAndSaySo() throws {
        let lh = Dictionary(uniqueKeysWithValues: (98...108).map { ($0, LHTestResult.negative) })
        let history = CycleSignalStateTests.history(starts: [0, 30, 60, 90], lastDay: 108, lh: lh)
        let prediction = try engine.prediction(for: history, on: origin.advanced(by: 108), language: .en)
        // The day after the last negative + the luteal prior + 1 = offset 123 (July 4), three days past
        // the calendar's 120; the test is in another month, so it is dated in full.
        #expect(prediction.nextPeriodStart == origin.advanced(by: 108 + 1 + AlertPolicy.lutealPriorDays + 1))
        #expect(prediction.reasoning.text.contains("negative LH test on June 19, ovulation still ahead"))
        #expect(prediction.reasoning.factors.contains { $0.key == "rule.negative_lh_test" && $0.contribution == 3 })
    }

    /// Without measurements the rules are the calendar's (30-day cycles here), with no signal factor.
    @Test func noSignalsLeavesTheCalendarRules() throws {
        let charted = Self.chartedHistory(currentSurge: nil, lastDay: 119)
        let plain = UserHistory(profile: charted.profile, records: charted.records, measurements: [])
        for offset in 91...119 {
            let day = origin.advanced(by: offset)
            let prediction = try engine.prediction(for: plain, on: day)
            #expect(prediction.nextPeriodStart == (try CalendarPredictor().prediction(for: plain, on: day)).nextPeriodStart)
            #expect(!prediction.reasoning.factors.contains { ["rule.ovulation_evidence", "rule.negative_lh_test"].contains($0.key) })
        }
    }
}
