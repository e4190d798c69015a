import Cycles
import Foundation
import GRDB
import Testing
@testable import Personalization

@Suite struct FeedbackStoreTests {
    @Test func roundTripsBatchesAndRunsEveryMigration() throws {
        let directory = try StoreFixtures.temporaryDirectory()
        let path = directory.appendingPathComponent("feedback.sqlite").path
        let store = try FeedbackStore(path: path)
        #expect(try store.appliedMigrations() == ["v1-app-tables", "v2-lookup-indexes"])
        let day = StoreFixtures.firstDay
        let ids = try store.write(StoreFixtures.batch(user: "u1", day: day))
        try store.write(StoreFixtures.batch(user: "u2", day: day.advanced(by: 1)))
        #expect(ids.predictions.count == 4 && ids.insights.count == 1)

        let reopened = try FeedbackStore(path: path)
        #expect(try reopened.userIDs() == ["u1", "u2"])
        let predictions = try reopened.predictions(for: "u1")
        #expect(predictions.map(\.kind) == PredictionKind.allCases)
        #expect(predictions[0].predictedDate == day.advanced(by: 10))
        #expect(predictions[2].predictedValue == 5)
        #expect(predictions.allSatisfy { $0.createdAt == day && $0.actualDate == nil })
        #expect(try reopened.insights(for: "u1").first?.userFeedback == nil)
        try reopened.checkIntegrity()
    }

    @Test func usesWriteAheadLogging() throws {
        let path = try StoreFixtures.temporaryDirectory().appendingPathComponent("wal.sqlite").path
        let store = try FeedbackStore(path: path)
        let mode = try store.pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    @Test func fillsActualDatesAndScoresOnlyForOpenPredictionsMadeBefore() throws {
        let path = try StoreFixtures.temporaryDirectory().appendingPathComponent("truth.sqlite").path
        let store = try FeedbackStore(path: path)
        let day = StoreFixtures.firstDay
        for offset in 0..<3 { try store.write(StoreFixtures.batch(user: "u1", day: day.advanced(by: offset))) }
        // Period starts on day 12: the three period_start predictions (made on days 0, 1, 2) get filled.
        let filled = try store.recordActualDate(day.advanced(by: 12), kind: .periodStart, for: "u1")
        #expect(filled == 3)
        let rows = try store.predictions(for: "u1", kind: .periodStart)
        // Predicted day + 10 from each as-of day: errors 2, 1, 0 days → scores 0.6, 0.8, 1.0.
        #expect(rows.map { $0.accuracyScore ?? -1 } == [0.6, 0.8, 1.0])
        #expect(rows.allSatisfy { $0.actualDate == day.advanced(by: 12) })
        // A later start does not rewrite the resolved rows.
        #expect(try store.recordActualDate(day.advanced(by: 40), kind: .periodStart, for: "u1") == 0)
        #expect(try store.predictions(for: "u1", kind: .periodStart).map(\.actualDate) == rows.map(\.actualDate))
    }

    @Test func fillsLoggedValuesForTheirDay() throws {
        let path = try StoreFixtures.temporaryDirectory().appendingPathComponent("values.sqlite").path
        let store = try FeedbackStore(path: path)
        let day = StoreFixtures.firstDay
        try store.write(StoreFixtures.batch(user: "u1", day: day))
        // The energy prediction (index 2) was 5 for day + 1; she logs 8.
        #expect(try store.recordActualValue(8, kind: .energy, on: day.advanced(by: 1), for: "u1") == 1)
        let energy = try #require(try store.predictions(for: "u1", kind: .energy).first)
        #expect(energy.actualValue == 8)
        #expect(abs((energy.accuracyScore ?? 0) - (1 - 3.0 / 9)) < 1e-12)
        #expect(throws: PersonalizationError.self) { try store.recordActualValue(11, kind: .energy, on: day, for: "u1") }
        #expect(throws: PersonalizationError.self) { try store.recordActualValue(5, kind: .periodStart, on: day, for: "u1") }
    }

    @Test func storesAndClearsInsightFeedback() throws {
        let path = try StoreFixtures.temporaryDirectory().appendingPathComponent("insights.sqlite").path
        let store = try FeedbackStore(path: path)
        let ids = try store.write(StoreFixtures.batch(user: "u1", day: StoreFixtures.firstDay))
        try store.setFeedback(.inaccurate, onInsight: ids.insights[0])
        #expect(try store.insights(for: "u1")[0].userFeedback == .inaccurate)
        try store.setFeedback(nil, onInsight: ids.insights[0])
        #expect(try store.insights(for: "u1")[0].userFeedback == nil)
        #expect(throws: PersonalizationError.invalidValue(field: "insights.id", found: "999", expected: "the id of a stored insight")) {
            try store.setFeedback(.accurate, onInsight: 999)
        }
    }

    @Test func unknownUserIsATypedError() throws {
        let path = try StoreFixtures.temporaryDirectory().appendingPathComponent("users.sqlite").path
        let store = try FeedbackStore(path: path)
        try store.write(StoreFixtures.batch(user: "u1", day: StoreFixtures.firstDay))
        #expect(throws: PersonalizationError.unknownUser(id: "nobody", source: path)) { try store.predictions(for: "nobody") }
        #expect(throws: PersonalizationError.unknownUser(id: "nobody", source: path)) {
            try store.recordActualDate(StoreFixtures.firstDay, kind: .periodStart, for: "nobody")
        }
    }

    @Test func rejectsABadRowWithoutWritingAnyOfItsBatch() throws {
        let path = try StoreFixtures.temporaryDirectory().appendingPathComponent("reject.sqlite").path
        let store = try FeedbackStore(path: path)
        var batch = StoreFixtures.batch(user: "u1", day: StoreFixtures.firstDay)
        batch.predictions[3].confidence = 1.5
        #expect(throws: PersonalizationError.self) { try store.write(batch) }
        #expect(try store.userIDs().isEmpty)
    }

    @Test func corruptFileIsATypedErrorAndIsLeftUntouched() throws {
        let url = try StoreFixtures.temporaryDirectory().appendingPathComponent("corrupt.sqlite")
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: url)
        #expect {
            _ = try FeedbackStore(path: url.path)
        } throws: { error in
            guard case .corruptStore(let path, _) = error as? PersonalizationError else { return false }
            return path == url.path
        }
        #expect(try Data(contentsOf: url) == garbage)
    }

    @Test func damagedPagesAreReportedByTheIntegrityCheck() throws {
        let url = try StoreFixtures.temporaryDirectory().appendingPathComponent("damaged.sqlite")
        do {
            let store = try FeedbackStore(path: url.path)
            for offset in 0..<40 {
                try store.write(StoreFixtures.batch(user: "u1", day: StoreFixtures.firstDay.advanced(by: offset), predictionCount: 40))
            }
            try store.pool.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        }
        // Overwrite the middle of the file (past the header and schema pages) with garbage.
        var bytes = try Data(contentsOf: url)
        #expect(bytes.count > 5 * 4096)
        for index in (3 * 4096)..<(bytes.count - 4096) { bytes[index] = 0xA5 }
        try bytes.write(to: url)
        #expect(throws: PersonalizationError.self) {
            let store = try FeedbackStore(path: url.path)
            try store.checkIntegrity()
            _ = try store.predictions(for: "u1")
        }
    }
}
