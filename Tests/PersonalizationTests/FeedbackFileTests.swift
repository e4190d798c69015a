import Cycles
import Foundation
import Testing
@testable import Personalization

@Suite struct FeedbackFileTests {
    @Test func readsHerVerdictsFromACSVUpToTheCutoff() throws {
        let url = try StoreFixtures.temporaryDirectory().appendingPathComponent("feedback.csv")
        try "user_id,date,feedback\nu1,2026-01-05,inaccurate\nu2,2026-01-06,accurate\nu1,2026-01-09,accurate\nu1,2026-02-01,inaccurate\n"
            .write(to: url, atomically: true, encoding: .utf8)
        let signals = try FeedbackSignal.load(from: url, userID: "u1", through: CalendarDay(iso: "2026-01-31")!)
        #expect(signals.map(\.day.iso) == ["2026-01-05", "2026-01-09"])
        #expect(signals.map(\.isAccurate) == [false, true])
    }

    @Test func readsSignalsFromAFeedbackStore() throws {
        let path = try StoreFixtures.temporaryDirectory().appendingPathComponent("store.sqlite").path
        let store = try FeedbackStore(path: path)
        let day = StoreFixtures.firstDay
        let ids = try store.write(StoreFixtures.batch(user: "u1", day: day))
        try store.setFeedback(.inaccurate, onInsight: ids.insights[0])
        try store.recordActualDate(day.advanced(by: 16), kind: .periodStart, for: "u1")  // predicted day + 10: 6 days off
        let signals = try FeedbackSignal.load(from: URL(fileURLWithPath: path), userID: "u1", through: day.advanced(by: 20))
        #expect(signals.count == 2)
        #expect(signals.allSatisfy { !$0.isAccurate })
        #expect(Set(signals.map(\.source)) == [.prediction, .insight])
        // Before the truth arrived only the insight verdict is known.
        #expect(try FeedbackSignal.load(from: URL(fileURLWithPath: path), userID: "u1", through: day.advanced(by: 10)).map(\.source) == [.insight])
    }

    @Test func badLinesNameTheFileLineAndField() throws {
        let url = try StoreFixtures.temporaryDirectory().appendingPathComponent("bad.csv")
        try "user_id,date,feedback\nu1,2026-01-05,maybe\n".write(to: url, atomically: true, encoding: .utf8)
        #expect(throws: PersonalizationError.invalidFeedback(path: url.path, line: 2, detail: "feedback: expected accurate or inaccurate, found \"maybe\"")) {
            try FeedbackSignal.load(from: url, userID: "u1", through: StoreFixtures.firstDay.advanced(by: 100))
        }
        try "user,day\n".write(to: url, atomically: true, encoding: .utf8)
        #expect(throws: PersonalizationError.self) { try FeedbackSignal.load(from: url, userID: "u1", through: StoreFixtures.firstDay) }
    }
}
