import Cycles
import Foundation
import Testing
@testable import Personalization
import CyclesLab
@testable import PersonalizationLab

@Suite struct FeedbackFileTests {
    @Test func readsHerVerdictsFromACSVUpToTheCutoff() throws {
        let url = try AppDatabaseFixtures.temporaryDirectory().appendingPathComponent("feedback.csv")
        try "user_id,date,feedback\nu1,2026-01-05,inaccurate\nu2,2026-01-06,accurate\nu1,2026-01-09,accurate\nu1,2026-02-01,inaccurate\n"
            .write(to: url, atomically: true, encoding: .utf8)
        let signals = try FeedbackSignal.load(from: url, userID: "u1", through: CalendarDay(iso: "2026-01-31")!)
        #expect(signals.map(\.day.iso) == ["2026-01-05", "2026-01-09"])
        #expect(signals.map(\.isAccurate) == [false, true])
    }

    @Test func readsSignalsFromHerAppDatabase() throws {
        let path = try AppDatabaseFixtures.temporaryDirectory().appendingPathComponent("app.sqlite").path
        let day = AppDatabaseFixtures.firstDay
        let profile = UserProfile(id: "u1", createdAt: day)
        let history = UserHistory(profile: profile, records: [DayRecord(date: day, flowIntensity: 3), DayRecord(date: day.advanced(by: 30), flowIntensity: 3)])
        let database = try AppDatabaseFixtures.database(history, at: path)
        let batch = AppDatabaseFixtures.batch(day: day.advanced(by: 2))  // period start forecast on day 12: 18 days early
        try database.write(batch)
        try database.setFeedback(.inaccurate, onInsight: batch.insights[0].id)
        #expect(try database.reconcile().filled["period_start"] == 1)
        let signals = try FeedbackSignal.load(from: URL(fileURLWithPath: path), userID: "u1", through: day.advanced(by: 40))
        #expect(signals.count == 2)
        #expect(signals.allSatisfy { !$0.isAccurate })
        #expect(Set(signals.map(\.source)) == [.prediction, .insight])
        // Before the truth arrived only the insight verdict is known.
        #expect(try FeedbackSignal.load(from: URL(fileURLWithPath: path), userID: "u1", through: day.advanced(by: 20)).map(\.source) == [.insight])
        #expect(throws: PersonalizationError.unknownUser(id: "u2", source: path)) {
            try FeedbackSignal.load(from: URL(fileURLWithPath: path), userID: "u2", through: day)
        }
    }

    @Test func badLinesNameTheFileLineAndField() throws {
        let url = try AppDatabaseFixtures.temporaryDirectory().appendingPathComponent("bad.csv")
        try "user_id,date,feedback\nu1,2026-01-05,maybe\n".write(to: url, atomically: true, encoding: .utf8)
        #expect(throws: PersonalizationError.invalidFeedback(path: url.path, line: 2, detail: "feedback: expected accurate or inaccurate, found \"maybe\"")) {
            try FeedbackSignal.load(from: url, userID: "u1", through: AppDatabaseFixtures.firstDay.advanced(by: 100))
        }
        try "user,day\n".write(to: url, atomically: true, encoding: .utf8)
        #expect(throws: PersonalizationError.self) { try FeedbackSignal.load(from: url, userID: "u1", through: AppDatabaseFixtures.firstDay) }
    }
}
