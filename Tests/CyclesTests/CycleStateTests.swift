import Testing
@testable import Cycles
@testable import CyclesLab

@Suite struct CycleStateTests {
    @Test func startsFollowTheTwoDryDaysRuleAndMatchUserHistory() {
        let history = TestHistories.history(starts: [0, 30, 32 + 4, 70], lastDay: 80)
        var state = CycleState()
        var starts: [CalendarDay] = []
        for record in history.records where state.advance(to: record.date, record: record) { starts.append(record.date) }
        #expect(starts == history.periodStarts)
        // Flow on days 30…33 then 36…39: only one dry day between 33 and 36? No: 34 and 35 are dry,
        // so day 36 starts a new (6-day) cycle.
        #expect(starts.map { TestHistories.origin.distance(to: $0) } == [0, 30, 36, 70])
        #expect(state.recentCycleLengths == [30, 6, 34])
        #expect(state.completedCycles == 3)
    }

    @Test func calendarIsTheRoundedMedianOfTheLastSixCycles() {
        // Cycle lengths 40, 28, 29, 31, 27, 30, 26: the last six are 28 29 31 27 30 26, median 28.5 -> 29.
        var offsets = [0]
        for length in [40, 28, 29, 31, 27, 30, 26] { offsets.append(offsets.last! + length) }
        let history = TestHistories.history(starts: offsets, lastDay: offsets.last! + 5)
        var state = CycleState()
        #expect(state.calendarNextStart == nil)
        #expect(state.calendarCycleLength == CycleState.populationCycleLength)
        for record in history.records { state.advance(to: record.date, record: record) }
        #expect(state.recentCycleLengths == [28, 29, 31, 27, 30, 26])
        #expect(state.calendarCycleLength == 29)
        #expect(state.calendarNextStart == TestHistories.origin.advanced(by: offsets.last! + 29))
        #expect(state.cycleDay == 6)
    }

    @Test func medianOfOddAndEvenCounts() {
        #expect(CycleState.median([3, 1, 2]) == 2)
        #expect(CycleState.median([4, 1, 3, 2]) == 2.5)
    }
}
