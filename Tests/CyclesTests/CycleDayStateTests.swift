import Testing
@testable import Cycles
@testable import CyclesLab

@Suite struct CycleDayStateTests {
    /// Days with one-sided pain: cycle day 3 of the second period (menses: not ovulation pain)
    /// and cycle day 16; a left-ovary zone on a mood log without a pain level on cycle day 18.
    static func history() -> UserHistory {
        let day = { (offset: Int) in TestHistories.origin.advanced(by: offset) }
        return TestHistories.history(starts: [0, 28, 57], lastDay: 70, extra: [
            DayRecord(date: day(30), flowIntensity: 2, symptoms: [.pain: 4], painZone: .rightOvary),
            DayRecord(date: day(43), symptoms: [.pain: 5, .stress: 7], painZone: .leftOvary),
            DayRecord(date: day(45), symptoms: [.mood: 6], painZone: .leftOvary),
            DayRecord(date: day(50), symptoms: [.energy: 4, .mood: 6, .sleep: 8]),
        ])
    }

    @Test func cycleFactsFollowCycleStateAndTheDayLogCoversEveryDay() {
        let history = Self.history()
        var state = CycleDayState()
        var cycle = CycleState()
        for record in history.records {
            state.advance(to: record.date, record: record)
            cycle.advance(to: record.date, record: record)
            #expect(state.cycle == cycle)
            #expect(state.lastLoggedDay == record.date)
        }
        #expect(state.starts == history.periodStarts)
        #expect(state.firstDay == TestHistories.origin)
        #expect(state.dayCount == 71)
        #expect(state.recentCycles.map(\.length) == [28, 29])
        #expect(state.recentCycles.map(\.start) == Array(history.periodStarts.prefix(2)))
    }

    @Test func ovulationPainIsOneSidedPainAfterTheMenses() {
        let history = Self.history()
        var replay = CycleDayState.Replay(history)
        let origin = TestHistories.origin
        // Cycle day 3 of the second cycle: one-sided pain, but in the menses.
        var state = replay.advance(through: origin.advanced(by: 30))
        #expect(state.lastOneSidedPain == origin.advanced(by: 30))
        #expect(state.ovulationPainThisCycle == nil)
        state = replay.advance(through: origin.advanced(by: 45))
        #expect(state.ovulationPainThisCycle == origin.advanced(by: 43))
        // A zone logged without a pain level is not a pain report.
        #expect(state.lastOneSidedPain == origin.advanced(by: 43))
        state = replay.advance(through: origin.advanced(by: 60))
        #expect(state.recentCycles.last?.ovulationPainDay == origin.advanced(by: 43))
        #expect(state.recentCycles.first?.ovulationPainDay == nil)
        #expect(state.ovulationPainThisCycle == nil)
    }

    @Test func symptomsAreReadByKindAndWellbeingAveragesEnergyMoodAndSleep() {
        let state = CycleDayState(history: Self.history(), through: TestHistories.origin.advanced(by: 50))
        let index = state.dayCount - 1
        #expect(state.values(of: .stress)[43] == 7)
        #expect(state.values(of: .pain)[43] == 5)
        #expect(state.values(of: .stress)[44].isNaN)
        #expect(state.values(of: .energy)[index] == 4)
        #expect(state.wellbeing[index] == 6)
        #expect(state.values(of: SymptomType(rawValue: "headache")).isEmpty)
    }

    @Test func replayGivesTheStateOfAnyDayAndStartsOverForAnEarlierOne() {
        let history = Self.history()
        var replay = CycleDayState.Replay(history)
        var stepped = CycleDayState(declaredCycleType: history.profile.cycleType)
        var records = history.records[...]
        for offset in 0...75 {
            let day = TestHistories.origin.advanced(by: offset)
            var record: DayRecord?
            if let next = records.first, next.date == day { record = next; records.removeFirst() }
            stepped.advance(to: day, record: record)
            #expect(replay.advance(through: day) == stepped, "day \(offset)")
        }
        let early = TestHistories.origin.advanced(by: 20)
        #expect(replay.advance(through: early) == CycleDayState(history: history, through: early))
        #expect(CycleDayState(history: history.truncated(through: early), through: early) == replay.state)
    }

    @Test func symptomLoggingShareCountsTheLastFourWeeks() {
        var state = CycleDayState()
        let origin = TestHistories.origin
        state.advance(to: origin, record: DayRecord(date: origin, symptoms: [.mood: 5]))
        #expect(state.symptomLoggingShare == 1)
        state.advance(to: origin.advanced(by: 3), record: DayRecord(date: origin.advanced(by: 3), flowIntensity: 3))
        #expect(state.symptomLoggingShare == 0.25)
        #expect(!state.hasNoRecentSymptomLog)
        state.advance(to: origin.advanced(by: 40), record: nil)
        #expect(state.hasNoRecentSymptomLog)
        #expect(state.symptomLoggingShare == 0)
        #expect(state.dayCount == 41)
    }
}
