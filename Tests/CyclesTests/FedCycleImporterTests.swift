import Foundation
import Testing
@testable import Cycles
@testable import CyclesLab

/// `FedCycleImporter` on small hand-written files laid out like `FedCycleData071012.csv`:
/// a UTF-8 byte-order mark before the header, CRLF line ends, blank cells written as one space,
/// and columns the importer ignores.
@Suite struct FedCycleImporterTests {
    static let header = ["ClientID", "CycleNumber", "Group", "LengthofCycle", "EstimatedDayofOvulation", "LengthofLutealPhase",
                         "FirstDayofHigh", "CycleWithPeakorNot", "LengthofMenses"] + FedCycleImporter.mensesScoreColumns + ["Age"]

    /// One row; `nil` cells are written as " " like the real file.
    static func row(_ client: String, _ number: String, length: String?, ovulation: String? = nil, luteal: String? = nil,
                    firstHigh: String? = nil, peak: String? = "1", menses: String? = nil, scores: [String] = []) -> String {
        let cells: [String?] = [client, number, "0", length, ovulation, luteal, firstHigh, peak, menses]
            + (0..<15).map { $0 < scores.count ? scores[$0] : nil } + [nil]
        return cells.map { $0 ?? " " }.joined(separator: ",")
    }

    static func file(_ rows: [String]) -> String {
        "\u{FEFF}" + ([header.joined(separator: ",")] + rows).joined(separator: "\r\n") + "\r\n"
    }

    /// Two women: A with three cycles given out of order, B with one cycle and no ovulation day.
    static let sample = file([
        Self.row("A", "2", length: "27", ovulation: "15", luteal: "12", firstHigh: "12", menses: "4", scores: ["3", "2", "1", "1"]),
        Self.row("A", "1", length: "29", ovulation: "17", luteal: "12", firstHigh: "13", menses: "5", scores: ["3", "3", "2", "1"]),
        Self.row("B", "1", length: "31", peak: "0", menses: nil, scores: ["2", "1"]),
        Self.row("A", "3", length: "30", ovulation: "16", luteal: "13", menses: "3", scores: ["2", "2", "1"]),
    ])

    func day(_ iso: String) -> CalendarDay { CalendarDay(iso: iso)! }

    func importing(_ text: String, lenient: Bool = false) throws -> DatasetImport {
        try FedCycleImporter(lenient: lenient).importCSV(text, fileName: "fed.csv")
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

    @Test func cyclesArePlacedFromTheFixedStartInCycleNumberOrder() throws {
        let result = try importing(Self.sample)
        let dataset = result.dataset
        #expect(dataset.users.map(\.userID) == ["A", "B"])
        let a = dataset.users[0]
        // 2000-01-03, +29, +27, and the closing period +30.
        #expect(a.periodStarts.map(\.iso) == ["2000-01-03", "2000-02-01", "2000-02-28", "2000-03-29"])
        #expect(dataset.users[1].periodStarts.map(\.iso) == ["2000-01-03", "2000-02-03"])
        #expect(FedCycleImporter.firstCycleStart.iso == "2000-01-03")
        #expect(a.profile == UserProfile(id: "A", createdAt: day("2000-01-03"), onboardingCompleted: true, cycleType: .unknown,
                                         conditions: [], preferencesJSON: "{}"))
        #expect(dataset.manifest.generator == "FedCycleImporter")
        #expect(dataset.manifest.startDate == day("2000-01-03"))
        #expect(dataset.manifest.endDate == day("2000-03-30"))
    }

    @Test func flowDaysFollowTheMensesScores() throws {
        let dataset = try importing(Self.sample).dataset
        let a = dataset.users[0]
        let first = a.records.filter { $0.date < day("2000-02-01") }
        // Scores 3, 3, 2, 1 and a blank fifth day within LengthofMenses 5: 4, 4, 3, 2, 2.
        #expect(first.map(\.date.iso) == ["2000-01-03", "2000-01-04", "2000-01-05", "2000-01-06", "2000-01-07"])
        #expect(first.map(\.flowIntensity) == [4, 4, 3, 2, 2])
        // A blank LengthofMenses counts the scored days.
        #expect(dataset.users[1].records.prefix(2).map(\.flowIntensity) == [3, 2])
        #expect(dataset.users[1].records.count == 3)
        #expect(dataset.users.allSatisfy { $0.records.allSatisfy { $0.symptoms.isEmpty } })
    }

    @Test func noScoreAndNoMensesLengthGiveOneFlowDay() throws {
        let dataset = try importing(Self.file([Self.row("C", "1", length: "28")])).dataset
        #expect(dataset.users[0].records.map(\.date.iso) == ["2000-01-03", "2000-01-31"])
        #expect(dataset.users[0].records.map(\.flowIntensity) == [2, 2])
    }

    @Test func theLastCycleIsClosedByOneFlowDay() throws {
        let dataset = try importing(Self.sample).dataset
        let a = dataset.users[0]
        #expect(a.records.last?.date.iso == "2000-03-29")
        #expect(a.records.last?.flowIntensity == FedCycleImporter.unknownFlowIntensity)
        #expect(a.records.filter { $0.date >= day("2000-03-29") }.count == 1)
        // The closing period has no truth row: three cycles, three rows.
        #expect(dataset.truth?["A"]?.count == 3)
    }

    @Test func truthRowsFollowTheCycleTruthConvention() throws {
        let truth = try #require(try importing(Self.sample).dataset.truth)
        let a = try #require(truth["A"])
        #expect(a[0] == CycleTruth(userID: "A", cycleStart: day("2000-01-03"), ovulationDate: day("2000-01-19"), lutealLength: 12,
                                   follicularLength: 17, cohort: "marquette"))
        #expect(a[1].ovulationDate?.iso == "2000-02-15")
        #expect(a[2].lutealLength == 14)  // LengthofCycle 30 − EstimatedDayofOvulation 16
        let starts = a.map(\.cycleStart) + [day("2000-03-29")]
        for (cycle, next) in zip(a, starts.dropFirst()) {
            let ovulation = try #require(cycle.ovulationDate)
            #expect(ovulation.advanced(by: try #require(cycle.lutealLength) + 1) == next)
            #expect(cycle.cycleStart.advanced(by: try #require(cycle.follicularLength) - 1) == ovulation)
        }
        #expect(truth["B"] == [CycleTruth(userID: "B", cycleStart: day("2000-01-03"), ovulationDate: nil, lutealLength: nil,
                                          follicularLength: nil, cohort: "marquette")])
    }

    @Test func aLutealLengthDisagreeingWithTheDatesIsRecomputedAndCounted() throws {
        let result = try importing(Self.file([Self.row("A", "1", length: "26", ovulation: "11", luteal: "1")]))
        #expect(result.dataset.truth?["A"]?.first?.lutealLength == 15)
        #expect(result.dataset.manifest.summary["luteal_length_recomputed"] == 1)
    }

    @Test func mensesLongerThanTheCycleAllowsAreShortened() throws {
        let result = try importing(Self.file([Self.row("A", "1", length: "8", menses: "7"), Self.row("A", "2", length: "28", menses: "5")]))
        let user = result.dataset.users[0]
        #expect(user.periodStarts.map(\.iso) == ["2000-01-03", "2000-01-11", "2000-02-08"])
        #expect(user.records.filter { $0.date < day("2000-01-11") }.count == 6)
        #expect(result.dataset.manifest.summary["menses_shortened"] == 1)
    }

    @Test func unplaceableRowsAreDroppedCountedAndListed() throws {
        let result = try importing(Self.file([
            Self.row("A", "1", length: "28"),
            Self.row("A", "2", length: "30"),
            Self.row("A", "1", length: "27"),    // line 4: duplicate of line 2
            Self.row("B", "1", length: "29"),
            Self.row("B", "2", length: nil),     // line 6: blank length
            Self.row("B", "3", length: "28"),    // line 7: after it
            Self.row("C", "1", length: "26"),
            Self.row("C", "3", length: "28"),    // line 9: cycle 2 is missing
            Self.row("D", "1", length: nil),     // line 10: no usable cycle at all
        ]))
        let summary = result.dataset.manifest.summary
        #expect(summary["rows_read"] == 9)
        #expect(summary["rows_imported"] == 4)
        #expect(summary["rows_dropped_duplicate"] == 1)
        #expect(summary["rows_dropped_blank_length"] == 2)
        #expect(summary["rows_dropped_unplaceable"] == 2)
        #expect(summary["clients_without_cycles"] == 1)
        #expect(summary["users"] == 3)
        #expect(result.droppedRows.map(\.line) == [4, 6, 7, 9, 10])
        #expect(result.droppedRows[0].description == "fed.csv:4: ClientID A CycleNumber 1 repeats line 2; the first is kept")
        #expect(result.dataset.users.map(\.userID) == ["A", "B", "C"])
        // B's first cycle is still complete: the blank-length cycle's start closes it.
        #expect(result.dataset.users[1].periodStarts.map(\.iso) == ["2000-01-03", "2000-02-01"])
        #expect(result.summaryLines().first == "read 9 rows: imported 4 (3 users, 7 period starts), dropped 5, skipped 0 invalid")
        #expect(result.summaryLines()[1] == "dropped rows by reason: blank_length 2, duplicate 1, unplaceable 2")
    }

    @Test func theMonitorsPeakIsAnLHPeakAndItsHighDaysAreNegativeTests() throws {
        let result = try importing(Self.sample)
        let a = result.dataset.users[0]
        let monitor = [MeasurementKind.lhTest: FedCycleImporter.monitorSource]
        // Cycle 1 (2000-01-03): High from cycle day 13, Peak on day 17; cycle 2 (2000-02-01): High
        // from day 12, Peak on day 15; cycle 3 (2000-02-28): Peak on day 16, no High day given.
        let negatives = ["2000-01-15", "2000-01-16", "2000-01-17", "2000-01-18", "2000-02-12", "2000-02-13", "2000-02-14"]
        let expected = negatives.map { DayMeasurements(date: day($0), lhTest: .negative, sources: monitor) }
            + ["2000-01-19", "2000-02-15", "2000-03-14"].map { DayMeasurements(date: day($0), lhTest: .peak, sources: monitor) }
        #expect(a.measurements == expected.sorted { $0.date < $1.date })
        // The peak is the truth's ovulation day.
        #expect(a.measurements.filter { $0.lhTest == .peak }.map(\.date) == result.dataset.truth?["A"]?.compactMap(\.ovulationDate))
        // B: no peak, no High day: no measurement.
        #expect(result.dataset.users[1].measurements.isEmpty)
        #expect(result.dataset.manifest.summary["lh_test_peaks"] == 3)
        #expect(result.dataset.manifest.summary["lh_test_negatives"] == 7)
        // Records (flow) are unchanged by the measurements.
        #expect(a.records.allSatisfy { $0.hasFlow })
    }

    @Test func withoutAPeakTheFirstHighDayAloneIsWritten() throws {
        let result = try importing(Self.file([Self.row("C", "1", length: "30", ovulation: "16", firstHigh: "12", peak: "0")]))
        #expect(result.dataset.users[0].measurements == [DayMeasurements(date: day("2000-01-14"), lhTest: .negative,
                                                                         sources: [.lhTest: "cbfm"])])
    }

    @Test func writtenDirectoryLoadsBackAsTheSameDataset() throws {
        let result = try importing(Self.sample)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fedcycle-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try result.write(to: url)
        let loaded = try CycleDataset.load(from: url)
        #expect(loaded.users == result.dataset.users)
        #expect(loaded.truth == result.dataset.truth)
        #expect(loaded.manifest == result.dataset.manifest)
        #expect(!FileManager.default.fileExists(atPath: url.appendingPathComponent("symptom_logs.csv").path))
        #expect(loaded.users.map(\.measurements) == result.dataset.users.map(\.measurements))
        #expect(FileManager.default.fileExists(atPath: url.appendingPathComponent("measurements.csv").path))
        #expect(!FileManager.default.fileExists(atPath: url.appendingPathComponent("fertility_observations.csv").path))
    }

    @Test func malformedValuesNameFileLineColumnValueAndExpectation() {
        #expect(message(Self.file([Self.row("A", "1", length: "28"), Self.row("A", "2", length: "abc")]))
                == "fed.csv:3: column LengthofCycle: found \"abc\", expected an integer in 3...200 (days) or blank")
        #expect(message(Self.file([Self.row("A", "1", length: "28", scores: ["4"])]))
                == "fed.csv:2: column MensesScoreDayOne: found \"4\", expected an integer in 1...3 (1 light, 2 moderate, 3 heavy) or blank")
        #expect(message(Self.file([Self.row("A", "1", length: "28", ovulation: "28")])).hasPrefix(
            "fed.csv:2: column EstimatedDayofOvulation: found \"28\", expected an integer in 1...27 (a cycle day"))
        #expect(message(Self.file([Self.row("A", "x", length: "28")]))
                == "fed.csv:2: column CycleNumber: found \"x\", expected an integer in 1...10000")
        #expect(message(Self.file([Self.row(" ", "1", length: "28")])) == "fed.csv:2: column ClientID: found \" \", expected a non-empty client id")
        #expect(message(Self.file([Self.row("A", "1", length: "28", menses: "5.5")]))
                == "fed.csv:2: column LengthofMenses: found \"5.5\", expected an integer in 1...30 (days) or blank")
        #expect(message(Self.file([Self.row("A", "1", length: "28", peak: "2")]))
                == "fed.csv:2: column CycleWithPeakorNot: found \"2\", expected an integer in 0...1 or blank")
    }

    @Test func aMissingColumnOrAShortRowIsAnError() {
        let header = Self.header.filter { $0 != "LengthofCycle" }.joined(separator: ",")
        #expect(message("\u{FEFF}" + header + "\r\n") == "fed.csv:1: missing column \"LengthofCycle\" in the header")
        #expect(message(Self.file(["A,1,0,28"])) == "fed.csv:2: malformed CSV: 4 fields, expected \(Self.header.count) as in the header")
        #expect(message("") == "fed.csv:1: malformed CSV: empty file, expected a header row")
    }

    @Test func lenientSkipsBadRowsAndTheirLaterCycles() throws {
        let result = try importing(Self.file([
            Self.row("A", "1", length: "28"),
            Self.row("A", "2", length: "abc"),
            Self.row("A", "3", length: "30"),
            Self.row("B", "1", length: "29"),
            "B,2,0",
        ]), lenient: true)
        #expect(result.dataset.skippedRows.count == 2)
        #expect(result.dataset.skippedRows.contains { $0.description.hasPrefix("fed.csv:3: column LengthofCycle") })
        #expect(result.dataset.skippedRows.contains { $0.description.hasPrefix("fed.csv:6: malformed CSV") })
        #expect(result.droppedRows.map(\.line) == [4])
        #expect(result.dataset.manifest.summary["rows_skipped_invalid"] == 2)
        #expect(result.dataset.manifest.summary["rows_read"] == 5)
        #expect(result.dataset.truth?["A"]?.count == 1)
        #expect(result.dataset.truth?["B"]?.count == 1)
    }

    @Test func missingFileIsAnError() {
        let url = URL(fileURLWithPath: "/nonexistent/fed.csv")
        #expect(throws: DatasetError.missingFile(path: url.path)) { try FedCycleImporter().importFile(at: url) }
    }
}
