import Testing
@testable import Cycles

/// The ovulation-evidence rules of `CycleSignalState`, on hand-written histories: periods start on
/// day offsets 0 and 30 (and more) from `TestHistories.origin`; measurements are placed by offset.
@Suite struct CycleSignalStateTests {
    static let origin = TestHistories.origin

    static func day(_ offset: Int) -> CalendarDay { origin.advanced(by: offset) }

    /// A history with 4-day periods on `starts` and the given measurements, logged through `lastDay`.
    static func history(starts: [Int] = [0], lastDay: Int = 60, lh: [Int: LHTestResult] = [:], bbt: [Int: Double] = [:],
                        wrist: [Int: Double] = [:], mucus: [Int: CervicalMucus] = [:]) -> UserHistory {
        var days: [Int: DayMeasurements] = [:]
        func update(_ offset: Int, _ change: (inout DayMeasurements) -> Void) {
            var value = days[offset] ?? DayMeasurements(date: day(offset))
            change(&value)
            days[offset] = value
        }
        for (offset, result) in lh { update(offset) { $0.lhTest = result } }
        for (offset, value) in bbt { update(offset) { $0.basalBodyTemperature = value } }
        for (offset, value) in wrist { update(offset) { $0.wristTemperature = value } }
        for (offset, value) in mucus { update(offset) { $0.cervicalMucus = value } }
        let base = TestHistories.history(starts: starts, lastDay: lastDay)
        return UserHistory(profile: base.profile, records: base.records, measurements: Array(days.values))
    }

    static func signals(_ history: UserHistory, at offset: Int) -> CycleSignalState {
        CycleDayState(history: history, through: day(offset)).signals
    }

    @Test func positiveLHTestEvidencesOvulationTheNextDay() {
        let history = Self.history(lh: [11: .negative, 12: .negative, 13: .negative, 14: .positive])
        #expect(Self.signals(history, at: 13).evidence == nil)
        let evidence = Self.signals(history, at: 14).evidence
        #expect(evidence == OvulationEvidence(ovulation: Self.day(15), source: .lhPositive, observed: Self.day(14), confirmed: Self.day(14)))
        // Period = ovulation + luteal prior + 1, before any cycle of hers is known.
        #expect(CycleDayState(history: history, through: Self.day(14)).anchoredNextStart == Self.day(15 + AlertPolicy.lutealPriorDays + 1))
    }

    @Test func peakReadingEvidencesOvulationThatDay() {
        let history = Self.history(lh: [12: .negative, 13: .peak, 14: .positive])
        let evidence = Self.signals(history, at: 14).evidence
        #expect(evidence?.source == .lhPeak && evidence?.ovulation == Self.day(13))
        // A positive after a peak continues the surge: no new evidence.
        #expect(evidence?.observed == Self.day(13))
    }

    /// Negative tests with no surge yet: ovulation is still ahead, so the period cannot come
    /// before the day after the last negative + luteal + 1.
    @Test func negativeTestsPushTheCalendarLater() {
        let history = Self.history(lh: Dictionary(uniqueKeysWithValues: (12...17).map { ($0, .negative) }))
        let state = CycleDayState(history: history, through: Self.day(17))
        #expect(state.cycle.calendarNextStart == Self.day(CycleState.populationCycleLength))
        #expect(state.anchoredNextStart == Self.day(17 + 1 + AlertPolicy.lutealPriorDays + 1))
        // Before the tests reach that far, the calendar's date stands.
        #expect(CycleDayState(history: history, through: Self.day(12)).anchoredNextStart == Self.day(CycleState.populationCycleLength))
    }

    /// An early false surge followed by negatives, then the true surge: the later one wins.
    @Test func laterSurgeReplacesAnEarlyFalseOne() {
        let history = Self.history(lh: [8: .positive, 9: .negative, 10: .negative, 11: .negative, 16: .positive])
        #expect(Self.signals(history, at: 10).evidence?.ovulation == Self.day(9))
        #expect(Self.signals(history, at: 16).evidence?.ovulation == Self.day(17))
    }

    /// A false surge with nothing after it is withdrawn once its period date has passed by more
    /// than the alert tolerance: it never pins a wrong date for the rest of the cycle.
    @Test func contradictedEvidenceIsWithdrawn() {
        let history = Self.history(lastDay: 45, lh: [8: .positive])
        let deadline = 9 + AlertPolicy.lutealPriorDays + 1 + AlertPolicy.toleranceDays
        #expect(Self.signals(history, at: deadline).evidence?.ovulation == Self.day(9))
        let after = CycleDayState(history: history, through: Self.day(deadline + 1))
        #expect(after.signals.evidence == nil)
        #expect(after.anchoredNextStart == after.cycle.calendarNextStart)
    }

    /// Three surges in one cycle read as tonic positives (PCOS-like): no LH evidence.
    @Test func tonicPositivesGiveNoEvidence() {
        let history = Self.history(lh: [9: .positive, 10: .negative, 12: .positive, 13: .negative, 15: .positive])
        #expect(Self.signals(history, at: 12).evidence?.ovulation == Self.day(13))
        #expect(Self.signals(history, at: 15).evidence == nil)
    }

    /// A user whose positives keep missing (luteal lengths far outside 7–18 d) has her LH tests
    /// ignored until they work again.
    @Test func unreliableLHTestsAreIgnoredForHer() {
        // Cycles of 40 days, a positive on cycle day 9 each time: luteal 40 − 9 − 1 − 1 = 29 d.
        let starts = [0, 40, 80, 120]
        var lh: [Int: LHTestResult] = [:]
        for start in starts { lh[start + 8] = .positive }
        let history = Self.history(starts: starts, lastDay: 130, lh: lh)
        // Each positive is withdrawn before the next start (its date passed), a failure each time.
        #expect(Self.signals(history, at: 88).isReliable(.lhTest) == false)
        #expect(Self.signals(history, at: 88).evidence == nil)
        #expect(Self.signals(history, at: 88).evidence(from: .lhTest) != nil)
        #expect(Self.signals(history, at: 88).lutealLengths.isEmpty)
    }

    /// Lows alternating 36.20 / 36.25 (coverline 36.25), then 36.40, a morning missed, 36.45,
    /// 36.50: three higher readings, the third 0.25 above → the regular rule on the day of the third.
    @Test func threeOverSixConfirmsABasalShift() {
        var bbt: [Int: Double] = [:]
        for offset in 4...13 { bbt[offset] = offset % 2 == 0 ? 36.20 : 36.25 }
        bbt[14] = 36.40; bbt[16] = 36.45; bbt[17] = 36.50  // one morning missed between the highs
        let history = Self.history(bbt: bbt)
        #expect(Self.signals(history, at: 16).evidence == nil)
        let evidence = Self.signals(history, at: 17).evidence
        #expect(evidence == OvulationEvidence(ovulation: Self.day(12), source: .basalTemperatureShift, observed: Self.day(14),
                                              confirmed: Self.day(17), temperatureRule: .regular))
        // A third higher reading less than 0.2 °C over the coverline confirms nothing yet (the
        // first exception waits for a fourth; `SymptothermalChartTests` reads every rule).
        bbt[17] = 36.40
        #expect(Self.signals(Self.history(bbt: bbt), at: 17).evidence == nil)
    }

    @Test func wristShiftIsFoundAcrossNightsOff() {
        var wrist: [Int: Double] = [:]
        for offset in [3, 4, 6, 7, 9, 10, 12] { wrist[offset] = offset % 3 == 0 ? -0.10 : -0.05 }
        wrist[15] = 0.20; wrist[17] = 0.25; wrist[19] = 0.22  // the watch charged every other night
        let history = Self.history(wrist: wrist)
        let evidence = Self.signals(history, at: 19).evidence
        #expect(evidence?.source == .wristTemperatureShift)
        #expect(evidence?.observed == Self.day(15) && evidence?.ovulation == Self.day(14))
        // Raised nights spread over more than 5 days are not a sustained shift.
        wrist[17] = nil; wrist[19] = nil; wrist[18] = 0.25; wrist[21] = 0.22
        #expect(Self.signals(Self.history(wrist: wrist), at: 21).evidence == nil)
    }

    /// Peak = the last S+ day (13), confirmed by the third lower observation after it (14, 16,
    /// 17: a day without one is skipped).
    @Test func mucusPeakIsConfirmedByThreeLowerObservations() {
        var mucus: [Int: CervicalMucus] = [5: .dry, 6: .nothing, 8: .moist, 9: .creamy, 10: .creamy, 11: .eggWhite, 12: .eggWhite,
                                           13: .eggWhite, 14: .creamy, 16: .dry, 17: .nothing]
        let history = Self.history(mucus: mucus)
        #expect(Self.signals(history, at: 16).evidence == nil)
        let evidence = Self.signals(history, at: 17).evidence
        #expect(evidence == OvulationEvidence(ovulation: Self.day(13), source: .mucusPeak, observed: Self.day(13), confirmed: Self.day(17)))
        // S+ again after the peak withdraws it; a new peak is confirmed later.
        mucus[19] = .eggWhite; mucus[20] = .creamy; mucus[22] = .dry; mucus[23] = .dry
        let later = Self.history(mucus: mucus)
        #expect(Self.signals(later, at: 19).evidence == nil)
        #expect(Self.signals(later, at: 22).evidence == nil)
        #expect(Self.signals(later, at: 23).evidence?.ovulation == Self.day(19))
    }

    /// An anovulatory cycle: negative tests only, flat temperatures, mucus S every third day and f
    /// between (never three lower observations after an S).
    @Test func anovulatoryCycleHasNoEvidence() {
        var bbt: [Int: Double] = [:], mucus: [Int: CervicalMucus] = [:]
        for offset in 3...40 { bbt[offset] = [36.20, 36.25, 36.15, 36.30][offset % 4]; mucus[offset] = offset % 3 == 0 ? .creamy : .moist }
        let history = Self.history(lastDay: 40, lh: [10: .negative, 12: .negative, 14: .negative], bbt: bbt, mucus: mucus)
        for offset in 10...40 { #expect(Self.signals(history, at: offset).evidence == nil) }
    }

    /// An early false surge followed by a true temperature shift: the shift, 3+ days later, wins.
    @Test func laterTemperatureShiftOverrulesAnEarlySurge() {
        var bbt: [Int: Double] = [:]
        for offset in 3...15 { bbt[offset] = 36.20 }
        bbt[16] = 36.45; bbt[17] = 36.45; bbt[18] = 36.50
        let history = Self.history(lh: [7: .negative, 8: .positive], bbt: bbt)
        #expect(Self.signals(history, at: 17).evidence?.source == .lhPositive)
        #expect(Self.signals(history, at: 18).evidence?.source == .basalTemperatureShift)
        #expect(Self.signals(history, at: 18).evidence?.ovulation == Self.day(14))
    }

    /// Her luteal length is the median of the lengths past evidence gave (prior until one is known).
    @Test func lutealLengthComesFromPastEvidence() {
        // Surges on cycle day 14 (offset 13): ovulation on offset 14, next starts 30 d apart → luteal 15 d.
        let history = Self.history(starts: [0, 30, 60], lastDay: 70, lh: [13: .positive, 43: .positive])
        #expect(Self.signals(history, at: 29).lutealLength == AlertPolicy.lutealPriorDays)
        #expect(Self.signals(history, at: 29).hasPersonalLutealLength == false)
        let state = Self.signals(history, at: 65)
        #expect(state.lutealLengths == [15, 15] && state.lutealLength == 15 && state.evidencedCycles == 2)
        let day = CycleDayState(history: history, through: Self.day(65))
        #expect(day.recentCycles.last?.ovulationEvidence?.ovulation == Self.day(44))
    }

    /// The state is causal: the same at the end of a day from the whole history or from the
    /// history truncated to that day.
    @Test func signalsAreCausal() {
        let history = Self.history(lastDay: 60, lh: [12: .negative, 14: .positive], mucus: [10: .creamy, 13: .eggWhite, 15: .dry, 17: .moist])
        for offset in stride(from: 0, through: 60, by: 3) {
            let day = Self.day(offset)
            #expect(CycleDayState(history: history, through: day) == CycleDayState(history: history.truncated(through: day), through: day))
        }
    }
}
