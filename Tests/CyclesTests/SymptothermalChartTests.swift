import Testing
@testable import Cycles

/// Charts written from the symptothermal method's published rules (Sensiplan; the rules as
/// `docs/symptothermal-rules.md` states them), one per rule and edge. Each chart is one cycle
/// starting on `TestHistories.origin` (cycle day d is offset d − 1) after, where a test needs
/// one, an earlier 28-day cycle with a rise. The expected result of each is derived by hand in
/// its comment: the coverline is the highest of the six readings before the first higher one,
/// on the 0.05 °C grid.
@Suite struct SymptothermalChartTests {
    /// One cycle's chart by cycle day, and what it takes to read it.
    struct Chart {
        var bbt: [Int: Double] = [:]
        var disturbed: Set<Int> = []
        var mucus: [Int: CervicalMucus] = [:]
        var cervix: [Int: CervixObservation] = [:]
        /// Start this cycle 28 days after an earlier cycle whose chart is `previous`.
        var previous: [Int: Double]?

        /// Cycle day `day` of this cycle, as a calendar day.
        func date(_ day: Int) -> CalendarDay { TestHistories.origin.advanced(by: (previous == nil ? 0 : 28) + day - 1) }

        var history: UserHistory {
            let offset = previous == nil ? 0 : 28
            var days: [Int: DayMeasurements] = [:]
            func update(_ cycleDay: Int, cycleOffset: Int, _ change: (inout DayMeasurements) -> Void) {
                let key = cycleOffset + cycleDay - 1
                var value = days[key] ?? DayMeasurements(date: TestHistories.origin.advanced(by: key))
                change(&value)
                days[key] = value
            }
            for (day, value) in previous ?? [:] { update(day, cycleOffset: 0) { $0.basalBodyTemperature = value } }
            for (day, value) in bbt {
                update(day, cycleOffset: offset) {
                    $0.basalBodyTemperature = value
                    if disturbed.contains(day) { $0.disturbed.insert(.basalBodyTemperature) }
                }
            }
            for (day, value) in mucus { update(day, cycleOffset: offset) { $0.cervicalMucus = value } }
            for (day, value) in cervix { update(day, cycleOffset: offset) { $0.cervix = value } }
            let base = TestHistories.history(starts: previous == nil ? [0] : [0, 28], lastDay: offset + 40)
            return UserHistory(profile: base.profile, records: base.records, measurements: Array(days.values))
        }

        /// Her state at the end of cycle day `day`.
        func state(through day: Int) -> CycleDayState { CycleDayState(history: history, through: date(day)) }

        /// The method's findings at the end of cycle day `day`.
        func signals(through day: Int) -> CycleSignalState { state(through: day).signals }
    }

    /// Six lower readings on cycle days 5–10 whose highest is 36.50 (the coverline), then `highs`
    /// from day 11 on.
    static func chart(highs: [Double]) -> Chart {
        var chart = Chart()
        for (index, value) in [36.45, 36.50, 36.40, 36.45, 36.50, 36.45].enumerated() { chart.bbt[5 + index] = value }
        for (index, value) in highs.enumerated() { chart.bbt[11 + index] = value }
        return chart
    }

    // MARK: Temperature

    /// Regular rule. Lows 36.45 36.50 36.40 36.45 36.50 36.45 (days 5–10): coverline 36.50.
    /// Day 11 36.60 > 36.50 (first higher), day 12 36.65 > 36.50, day 13 36.70 ≥ 36.50 + 0.20:
    /// three over six with the third 0.2 above → regular rule, confirmed on day 13; on day 12
    /// only two higher readings exist, nothing is confirmed.
    @Test func regularRule() {
        let chart = Self.chart(highs: [36.60, 36.65, 36.70])
        #expect(chart.signals(through: 12).temperatureShift == nil)
        #expect(chart.signals(through: 13).temperatureShift
                == TemperatureShift(firstHigherReading: chart.date(11), coverline: 36.5, rule: .regular, confirmed: chart.date(13)))
    }

    /// First exception. Coverline 36.50; days 11–13: 36.60 36.65 36.65 — three higher, but the
    /// third only 0.15 above: not the regular rule. Day 14 36.55 > 36.50 (above the coverline,
    /// though not 0.2 above) → first exception, confirmed on day 14, first higher reading day 11.
    @Test func firstExceptionRule() {
        let chart = Self.chart(highs: [36.60, 36.65, 36.65, 36.55])
        #expect(chart.signals(through: 13).temperatureShift == nil)
        let shift = chart.signals(through: 14).temperatureShift
        #expect(shift == TemperatureShift(firstHigherReading: chart.date(11), coverline: 36.5, rule: .firstException, confirmed: chart.date(14)))
    }

    /// First exception, fourth reading on the coverline. Days 11–14: 36.60 36.65 36.65 36.50: the
    /// fourth must be *above* 36.50 and is not; the second exception does not apply (no higher
    /// reading fell on the coverline among the second and third) → no rise through day 14.
    @Test func firstExceptionNeedsTheFourthAboveTheCoverline() {
        let chart = Self.chart(highs: [36.60, 36.65, 36.65, 36.50])
        #expect(chart.signals(through: 14).temperatureShift == nil)
    }

    /// Second exception. Coverline 36.50; day 11 36.60 (first higher), day 12 36.45 ≤ 36.50 (left
    /// out), day 13 36.65 (second counted), day 14 36.70 = 36.50 + 0.20 (third counted, 0.2 above)
    /// → second exception, confirmed on day 14, day 12 left out.
    @Test func secondExceptionRule() {
        let chart = Self.chart(highs: [36.60, 36.45, 36.65, 36.70])
        let shift = chart.signals(through: 14).temperatureShift
        #expect(shift == TemperatureShift(firstHigherReading: chart.date(11), coverline: 36.5, rule: .secondException,
                                          confirmed: chart.date(14), leftOut: chart.date(12)))
        // A reading exactly on the coverline counts as the dip too: day 12 at 36.50.
        let onTheLine = Self.chart(highs: [36.60, 36.50, 36.65, 36.70])
        #expect(onTheLine.signals(through: 14).temperatureShift?.rule == .secondException)
    }

    /// The two exceptions are never combined. Coverline 36.50; day 11 36.60, day 12 36.45 (a dip,
    /// left out under the second exception), day 13 36.60, day 14 36.65: the third counted
    /// reading is only 0.15 above, which the second exception does not allow, and waiting for
    /// one more reading would be the first exception on top of it → no rise on day 14. Day 15
    /// 36.70 brings none either: the later candidates (day 13, 36.60, over days 7–12 whose highest
    /// is 36.60; day 14, 36.65, over days 8–13, coverline 36.60) have no third higher reading yet.
    @Test func exceptionsAreNeverCombined() {
        let chart = Self.chart(highs: [36.60, 36.45, 36.60, 36.65, 36.70])
        #expect(chart.signals(through: 14).temperatureShift == nil)
        #expect(chart.signals(through: 15).temperatureShift == nil)
        // Day 16 36.75: candidate day 14 (coverline 36.60) has days 15 and 16 higher, day 16 0.15
        // above; day 17 36.70 > 36.60 → first exception from day 14 on day 17.
        var later = chart
        later.bbt[16] = 36.75
        later.bbt[17] = 36.70
        #expect(later.signals(through: 17).temperatureShift
                == TemperatureShift(firstHigherReading: chart.date(14), coverline: 36.6, rule: .firstException, confirmed: chart.date(17)))
    }

    /// A failed candidate, then a rise. Lows 36.40 ×6 (days 5–10); day 11 36.60, day 12 36.60, day
    /// 13 36.40: the candidate day 11 fails every rule (third not higher, fourth 36.40 too). Day
    /// 14 36.40, day 15 36.70: over days 9–14 (36.40 36.40 36.60 36.60 36.40 36.40) the coverline
    /// is 36.60; days 16, 17: 36.80 36.90 → regular from day 15, confirmed on day 17.
    @Test func aLaterCandidateAfterAFailedOne() {
        var chart = Chart()
        for day in 5...10 { chart.bbt[day] = 36.40 }
        for (index, value) in [36.60, 36.60, 36.40, 36.40, 36.70, 36.80, 36.90].enumerated() { chart.bbt[11 + index] = value }
        #expect(chart.signals(through: 16).temperatureShift == nil)
        #expect(chart.signals(through: 17).temperatureShift
                == TemperatureShift(firstHigherReading: chart.date(15), coverline: 36.6, rule: .regular, confirmed: chart.date(17)))
    }

    /// A disturbed reading is bracketed: neither counted nor among the six. Day 8 reads 36.90
    /// after a late night, marked disturbed. Usable lows: days 5, 6, 7, 9, 10, 11 (36.45 36.50
    /// 36.40 36.50 36.45 36.45; coverline 36.50); day 12 36.60, day 13 36.55 marked disturbed (not
    /// counted), day 14 36.65, day 15 36.70 → the three counted are days 12, 14, 15, the third
    /// 0.2 above → regular rule, confirmed on day 15. Unmarked, day 8 would be the coverline
    /// (36.90) and nothing would rise above it.
    @Test func disturbedReadingsAreBracketed() {
        var chart = Chart()
        for (day, value) in [5: 36.45, 6: 36.50, 7: 36.40, 8: 36.90, 9: 36.50, 10: 36.45, 11: 36.45,
                             12: 36.60, 13: 36.55, 14: 36.65, 15: 36.70] { chart.bbt[day] = value }
        chart.disturbed = [8, 13]
        #expect(chart.signals(through: 14).temperatureShift == nil)
        #expect(chart.signals(through: 15).temperatureShift
                == TemperatureShift(firstHigherReading: chart.date(12), coverline: 36.5, rule: .regular, confirmed: chart.date(15)))
        chart.disturbed = []
        #expect(chart.signals(through: 15).temperatureShift == nil)
    }

    /// Readings are rounded to the 0.05 °C grid as the charts do (nearest step, halves up:
    /// x.x2 → x.x0, x.x3 → x.x5, x.x7 → x.x5, x.x8 → x+0.1). Lows 36.42 36.47 36.38 36.52 36.41
    /// 36.44 → 36.40 36.45 36.40 36.50 36.40 36.45: coverline 36.50 (the raw maximum, 36.52, is
    /// not it). Highs 36.58 → 36.60, 36.63 → 36.65, 36.68 → 36.70 = 36.50 + 0.20 → regular rule on
    /// day 13. Compared in hundredths, 36.68 is only 0.16 above 36.52.
    @Test func readingsAreRoundedToTheChartGrid() {
        var chart = Chart()
        for (index, value) in [36.42, 36.47, 36.38, 36.52, 36.41, 36.44, 36.58, 36.63, 36.68].enumerated() { chart.bbt[5 + index] = value }
        #expect(chart.signals(through: 13).temperatureShift
                == TemperatureShift(firstHigherReading: chart.date(11), coverline: 36.5, rule: .regular, confirmed: chart.date(13)))
        #expect(TemperatureShift.steps(celsius: 36.52) == TemperatureShift.steps(celsius: 36.50))
        #expect(TemperatureShift.steps(celsius: 36.53) == TemperatureShift.steps(celsius: 36.55))
        #expect(TemperatureShift.steps(celsius: 36.57) == TemperatureShift.steps(celsius: 36.55))
        #expect(TemperatureShift.steps(celsius: 36.58) == TemperatureShift.steps(celsius: 36.60))
    }

    /// Days without a reading are skipped, as bracketed ones are: the rules count readings. Lows
    /// on days 3, 4, 5, 7, 9, 10 (no reading on days 6 and 8): 36.45 36.50 36.40 36.45 36.50
    /// 36.45, coverline 36.50; day 11 36.60, no reading on day 12, day 13 36.65, day 14 36.70 →
    /// the three consecutive readings are days 11, 13, 14 → regular rule, confirmed on day 14.
    @Test func daysWithoutAReadingAreSkipped() {
        var chart = Chart()
        for (day, value) in [3: 36.45, 4: 36.50, 5: 36.40, 7: 36.45, 9: 36.50, 10: 36.45, 11: 36.60, 13: 36.65, 14: 36.70] {
            chart.bbt[day] = value
        }
        #expect(chart.signals(through: 13).temperatureShift == nil)
        #expect(chart.signals(through: 14).temperatureShift
                == TemperatureShift(firstHigherReading: chart.date(11), coverline: 36.5, rule: .regular, confirmed: chart.date(14)))
    }

    // MARK: Mucus and cervix

    /// A cycle whose best mucus is S: f on day 8, S on days 9–11, then f, Ø, t on days 12–14. The
    /// best quality seen is S; its last day is day 11 (the peak); days 12, 13 and 14 are lower →
    /// confirmed on day 14. Before day 14 it is a candidate.
    @Test func aCreamyOnlyCycleHasItsPeakOnTheLastS() {
        var chart = Chart()
        chart.mucus = [8: .moist, 9: .creamy, 10: .creamy, 11: .creamy, 12: .moist, 13: .nothing, 14: .dry]
        #expect(chart.signals(through: 13).mucusPeak == MucusPeak(day: chart.date(11), quality: .creamy))
        #expect(chart.signals(through: 14).mucusPeak == MucusPeak(day: chart.date(11), quality: .creamy, confirmed: chart.date(14)))
        // The method's finding; a peak below S+ gives no ovulation evidence (`CycleSignalState`).
        #expect(chart.signals(through: 14).evidence(from: .cervicalMucus) == nil)
    }

    /// A returning peak. S+ on day 10, S day 11, f day 12, Ø day 13: peak day 10 confirmed on day
    /// 13. S+ again on day 15 (no double check yet, no temperature): the peak is withdrawn, day 15
    /// is the candidate; S day 16, f day 17, t day 18 → confirmed on day 18. Day 14 (not charted)
    /// changes nothing.
    @Test func aReturnOfTheBestQualityWithdrawsThePeak() {
        var chart = Chart()
        chart.mucus = [9: .creamy, 10: .eggWhite, 11: .creamy, 12: .moist, 13: .nothing, 15: .eggWhite, 16: .creamy, 17: .moist, 18: .dry]
        #expect(chart.signals(through: 13).mucusPeak == MucusPeak(day: chart.date(10), quality: .eggWhite, confirmed: chart.date(13)))
        #expect(chart.signals(through: 15).mucusPeak == MucusPeak(day: chart.date(15), quality: .eggWhite))
        #expect(chart.signals(through: 15).evidence(from: .cervicalMucus) == nil)
        #expect(chart.signals(through: 18).mucusPeak == MucusPeak(day: chart.date(15), quality: .eggWhite, confirmed: chart.date(18)))
    }

    /// The cervix in place of mucus. Temperature: regular rule confirmed on day 13 (as
    /// `regularRule`). Cervix (no mucus charted): day 9 open and soft, day 10 partly open and
    /// soft, days 11–13 closed and firm → its peak is day 10 (the last fertile sign), confirmed on
    /// day 13 (third closed-and-firm day). Both evaluations complete on day 13 → the double check
    /// completes on day 13, by the cervix; the fertile window closes that evening.
    @Test func theCervixStandsInForMucus() {
        var chart = Self.chart(highs: [36.60, 36.65, 36.70])
        let firm = CervixObservation(opening: .closed, firmness: .firm, position: .low)
        chart.cervix = [9: CervixObservation(opening: .open, firmness: .soft, position: .high),
                        10: CervixObservation(opening: .partlyOpen, firmness: .soft), 11: firm, 12: firm, 13: firm]
        let signals = chart.signals(through: 13)
        #expect(signals.cervixPeak == CervixPeak(day: chart.date(10), confirmed: chart.date(13)))
        #expect(signals.doubleCheck == FertilityFindings.DoubleCheck(completed: chart.date(13), symptom: .cervix))
        #expect(signals.fertileWindow?.closes == chart.date(13))
        #expect(chart.signals(through: 12).doubleCheck == nil)
    }

    /// The double check. Temperature: regular rule confirmed on day 13. Mucus: S+ on day 12, then
    /// S, f, t on days 13–15 → peak day 12 confirmed on day 15. The post-ovulatory phase starts
    /// on the evening of the later of the two, day 15 (on day 14 only the temperature is
    /// complete). A return of S+ on day 17, after the double check, changes nothing: the cycle's
    /// evaluation is closed.
    @Test func theDoubleCheckWaitsForBothEvaluations() {
        var chart = Self.chart(highs: [36.60, 36.65, 36.70, 36.70, 36.75, 36.70, 36.75])
        chart.mucus = [10: .creamy, 11: .creamy, 12: .eggWhite, 13: .creamy, 14: .moist, 15: .dry, 17: .eggWhite]
        #expect(chart.signals(through: 14).doubleCheck == nil)
        let check = FertilityFindings.DoubleCheck(completed: chart.date(15), symptom: .mucus)
        #expect(chart.signals(through: 15).doubleCheck == check)
        let later = chart.signals(through: 17)
        #expect(later.doubleCheck == check)
        #expect(later.mucusPeak == MucusPeak(day: chart.date(12), quality: .eggWhite, confirmed: chart.date(15)))
        // Mucus complete first: peak day 9 confirmed on day 12, temperature on day 13 → day 13.
        var early = Self.chart(highs: [36.60, 36.65, 36.70])
        early.mucus = [8: .creamy, 9: .eggWhite, 10: .moist, 11: .moist, 12: .dry]
        #expect(early.signals(through: 13).doubleCheck == FertilityFindings.DoubleCheck(completed: early.date(13), symptom: .mucus))
    }

    // MARK: Fertile window

    /// The window's opening. After an earlier cycle with a rise (first higher reading on its day
    /// 15), the 5-day rule: days 1–5 precede it, it opens on day 6. The minus-8 rule needs 12
    /// such cycles (or a first higher reading before day 13: 15 − 8 = 7 is later than 5, so the
    /// 5-day rule stands). Mucus f on day 4 opens it that day instead. Without an earlier cycle
    /// with a rise, it opens on day 1.
    @Test func theFertileWindowOpensByTheCalendarRuleOrTheFirstMucus() {
        var previous: [Int: Double] = [:]
        for day in 1...14 { previous[day] = 36.40 }
        for day in 15...27 { previous[day] = 36.70 }
        var chart = Chart()
        chart.previous = previous
        let window = chart.signals(through: 2).fertileWindow
        #expect(window == FertilityFindings.FertileWindow(opens: chart.date(6), openedBy: .fiveDayRule))
        chart.mucus = [3: .nothing, 4: .moist]
        #expect(chart.signals(through: 4).fertileWindow == FertilityFindings.FertileWindow(opens: chart.date(4), openedBy: .mucus))
        #expect(Chart().signals(through: 2).fertileWindow == FertilityFindings.FertileWindow(opens: Chart().date(1), openedBy: .noEarlierRise))
        // With nothing charted, this cycle or a rise in the one before, the method has no findings to report.
        #expect(FertilityFindings(state: Chart().state(through: 2)) == nil)
        #expect(FertilityFindings(state: chart.state(through: 2)) != nil)
        // A first higher reading on day 11 in the earlier cycle: 11 − 8 = 3 < 5, the minus-8 rule applies at once.
        for day in 11...14 { previous[day] = 36.70 }
        chart.previous = previous
        chart.mucus = [:]
        #expect(chart.signals(through: 2).fertileWindow == FertilityFindings.FertileWindow(opens: chart.date(4), openedBy: .minusEightRule))
    }

    // MARK: Sentences

    /// The period sentence names the rule that confirmed the rise: the first exception chart
    /// (confirmed on day 14, first higher reading day 11 = March 13: ovulation March 11, the next
    /// start 13 + 1 days later, March 25) read by the rule engine.
    @Test func theSentenceNamesTheRule() throws {
        let chart = Self.chart(highs: [36.60, 36.65, 36.65, 36.55])
        let history = chart.history.truncated(through: chart.date(14))
        let english = try RuleEngine().prediction(for: history, on: chart.date(14), language: .en).reasoning.text
        #expect(english == "Period expected March 25: temperature rise confirmed (exception rule 1) + luteal phase ≈ 13 d", "\(english)")
        let french = try RuleEngine().prediction(for: history, on: chart.date(14), language: .fr).reasoning.text
        #expect(french == "Règles prévues le 25 mars : montée de température confirmée (règle d'exception 1) + phase lutéale ≈ 13 j", "\(french)")
        let findings = try #require(FertilityFindings(state: chart.state(through: 14)))
        let sentences = try CyclePhrases.fertilitySentences(findings, language: .fr)
        #expect(sentences[0] == "Montée de température confirmée (règle d'exception 1) le 16 mars : 1re mesure haute le 13 mars, ligne de base 36,50 °C")
        #expect(sentences.last == "Constats de la méthode symptothermique, pas une contraception.")
    }
}
