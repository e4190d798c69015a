import Foundation
import Testing
@testable import Cycles
@testable import CyclesLab

/// `CycleListImporter` on small hand-written `user_id,cycle_start[,cycle_end]` files.
@Suite struct CycleListImporterTests {
    /// Rows out of order, two users, one start without an end.
    static let sample = """
    user_id,cycle_start,cycle_end,note
    u2,2025-02-03,2025-02-06,x
    u1,2025-01-30,,
    u1,2025-01-02,2025-01-05,
    u2,2025-01-05,2025-01-08,

    """

    func day(_ iso: String) -> CalendarDay { CalendarDay(iso: iso)! }

    func importing(_ text: String, lenient: Bool = false) throws -> DatasetImport {
        try CycleListImporter(lenient: lenient).importCSV(text, fileName: "list.csv")
    }

    /// The one-line message of the error `text` throws.
    func message(_ text: String) -> String {
        do {
            _ = try importing(text)
        } catch let error as DatasetError {
            return error.description
        } catch {
            return "unexpected \(error)"
        }
        Issue.record("the import did not fail")
        return ""
    }

    @Test func startsAreSortedPerUserAndFlowDaysRunToTheEnd() throws {
        let dataset = try importing(Self.sample).dataset
        #expect(dataset.users.map(\.userID) == ["u2", "u1"])
        let u1 = dataset.users[1]
        #expect(u1.periodStarts.map(\.iso) == ["2025-01-02", "2025-01-30"])
        // 2025-01-02…05 from cycle_end, then 5 assumed days from 2025-01-30.
        #expect(u1.records.map(\.date.iso) == ["2025-01-02", "2025-01-03", "2025-01-04", "2025-01-05",
                                               "2025-01-30", "2025-01-31", "2025-02-01", "2025-02-02", "2025-02-03"])
        #expect(u1.records.allSatisfy { $0.flowIntensity == CycleListImporter.flowIntensity })
        #expect(u1.profile == UserProfile(id: "u1", createdAt: day("2025-01-02"), onboardingCompleted: true, cycleType: .unknown,
                                          conditions: [], preferencesJSON: "{}"))
        #expect(dataset.users[0].periodStarts.map(\.iso) == ["2025-01-05", "2025-02-03"])
        #expect(dataset.truth == nil)
        let summary = dataset.manifest.summary
        #expect(summary["rows_read"] == 4)
        #expect(summary["rows_imported"] == 4)
        #expect(summary["cycle_end_assumed"] == 1)
        #expect(dataset.manifest.startDate == day("2025-01-02"))
        #expect(dataset.manifest.endDate == day("2025-02-07"))
    }

    @Test func withoutAnEndColumnFiveDaysAreAssumedAndCutBeforeACloseStart() throws {
        let result = try importing("\u{FEFF}user_id,cycle_start\r\nu1,2025-03-01\r\nu1,2025-03-05\r\nu1,2025-04-02\r\n")
        let user = result.dataset.users[0]
        #expect(user.periodStarts.map(\.iso) == ["2025-03-01", "2025-03-05", "2025-04-02"])
        #expect(user.records.filter { $0.date < day("2025-03-05") }.map(\.date.iso) == ["2025-03-01", "2025-03-02"])
        #expect(user.records.filter { $0.date >= day("2025-04-02") }.count == CycleListImporter.assumedFlowDays)
        #expect(result.dataset.manifest.summary["flow_shortened"] == 1)
        #expect(result.dataset.manifest.summary["cycle_end_assumed"] == 3)
    }

    @Test func writtenDirectoryHasNoTruthAndLoadsBack() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cyclelist-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try "stale".write(to: url.appendingPathComponent("truth.csv"), atomically: true, encoding: .utf8)
        let result = try importing(Self.sample)
        try result.write(to: url)
        #expect(!FileManager.default.fileExists(atPath: url.appendingPathComponent("truth.csv").path))
        #expect(!FileManager.default.fileExists(atPath: url.appendingPathComponent("symptom_logs.csv").path))
        let loaded = try CycleDataset.load(from: url)
        #expect(loaded.users == result.dataset.users)
        #expect(loaded.truth == nil)
        #expect(loaded.manifest == result.dataset.manifest)
    }

    @Test func badRowsNameFileLineColumnValueAndExpectation() {
        #expect(message("user_id,cycle_start\nu1,03/01/2025\n")
                == "list.csv:2: column cycle_start: found \"03/01/2025\", expected a date YYYY-MM-DD")
        #expect(message("user_id,cycle_start\nu1,2025-02-30\n")
                == "list.csv:2: column cycle_start: found \"2025-02-30\", expected a date YYYY-MM-DD")
        #expect(message("user_id,cycle_start,cycle_end\nu1,2025-02-10,2025-02-08\n")
                == "list.csv:2: column cycle_end: found \"2025-02-08\", expected blank or a date YYYY-MM-DD on or after cycle_start 2025-02-10")
        #expect(message("user_id,cycle_start\n,2025-02-10\n") == "list.csv:2: column user_id: found \"\", expected a non-empty user id")
        #expect(message("user,cycle_start\nu1,2025-02-10\n") == "list.csv:1: missing column \"user_id\" in the header")
        #expect(message("user_id,start\nu1,2025-02-10\n") == "list.csv:1: missing column \"cycle_start\" in the header")
        #expect(message("user_id,cycle_start\nu1,2025-02-10,x\n") == "list.csv:2: malformed CSV: 3 fields, expected 2 as in the header")
    }

    @Test func duplicateAndOverlappingStartsAreRejectedWithTheirLines() {
        #expect(message("user_id,cycle_start\nu1,2025-02-10\nu2,2025-02-10\nu1,2025-02-10\n")
                == "list.csv:4: duplicate row for user u1, cycle_start 2025-02-10 (first on line 2)")
        #expect(message("user_id,cycle_start,cycle_end\nu1,2025-02-12,\nu1,2025-02-01,2025-02-10\n")
                == "list.csv:2: column cycle_start: found \"2025-02-12\", expected a start at least 3 days after the previous period's last day 2025-02-10 (line 3) for user u1")
        #expect(message("user_id,cycle_start\nu1,2025-02-01\nu1,2025-02-03\n")
                == "list.csv:3: column cycle_start: found \"2025-02-03\", expected a start at least 3 days after the previous start 2025-02-01 (line 2) for user u1")
    }

    @Test func lenientSkipsBadAndClashingRows() throws {
        let result = try importing("user_id,cycle_start\nu1,2025-01-01\nu1,nope\nu1,2025-01-01\nu1,2025-01-29\n", lenient: true)
        #expect(result.dataset.skippedRows.count == 2)
        #expect(result.dataset.users[0].periodStarts.map(\.iso) == ["2025-01-01", "2025-01-29"])
        #expect(result.dataset.manifest.summary["rows_skipped_invalid"] == 2)
        #expect(result.dataset.manifest.summary["rows_imported"] == 2)
    }
}
