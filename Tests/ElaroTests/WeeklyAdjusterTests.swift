import Testing
@testable import Elaro
@testable import ElaroLab

@Suite struct WeeklyAdjusterTests {
    func week(done: Int, skipped: Int, minutes: Int = 10) -> [ActionInstance] {
        (0..<(done + skipped)).map { ActionInstance(actionID: "x", day: 7 + $0 % 7, timeOfDay: .evening, variantMinutes: minutes,
                                                    outcome: $0 < done ? .completed : .skipped) }
    }

    @Test func emitsExactlyOneSuggestionWithRationale() {
        let adjuster = WeeklyAdjuster()
        let up = adjuster.summarize(week(done: 7, skipped: 0), endDay: 13, frictionIndex: 0.1, language: .en)
        #expect(up.suggestion == .scaleUp && up.completionRate == 1)
        let down = adjuster.summarize(week(done: 1, skipped: 6), endDay: 13, frictionIndex: 0.5, language: .fr)
        #expect(down.suggestion == .scaleDown && down.rationale.contains("14 %"))
        let keep = adjuster.summarize(week(done: 4, skipped: 3), endDay: 13, frictionIndex: 0.4, language: .en)
        #expect(keep.suggestion == .keep)
        let sparse = adjuster.summarize(week(done: 1, skipped: 0), endDay: 13, frictionIndex: 0.1, language: .en)
        #expect(sparse.suggestion == .keep && sparse.offered == 1)
        #expect(!up.rationale.contains("\n") && up.rationale.count < 120)
    }
}
