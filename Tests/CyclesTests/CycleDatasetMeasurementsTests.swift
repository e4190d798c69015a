import Foundation
import Testing
@testable import Cycles
@testable import CyclesLab

/// The `measurements` table (fertility signals) read from and written to a dataset directory and
/// an SQLite database.
@Suite struct CycleDatasetMeasurementsTests {
    static let measurements = """
    id,user_id,date,kind,value,source,created_at,updated_at,sync_status
    1,u1,2025-01-20,lh_test,0,manual,x,x,synced
    2,u1,2025-01-21,lh_test,2,manual,x,x,synced
    3,u1,2025-01-21,bbt,36.456,manual,x,x,synced
    4,u1,2025-01-22,wrist_temperature,-0.12,healthkit,x,x,synced
    5,u2,2025-01-13,cervical_mucus,3,,x,x,synced
    6,u1,2025-01-30,bbt,36.8,manual,x,x,synced

    """

    func directory(measurements: String? = measurements) throws -> URL {
        let url = try CycleDatasetFilesTests().directory()
        if let measurements {
            try measurements.write(to: url.appendingPathComponent(CycleDataset.FileName.measurements), atomically: true, encoding: .utf8)
        }
        return url
    }

    /// The one-line message of the error thrown loading the sample with `old` replaced by `new` in `measurements.csv`.
    func message(replacing old: String, with new: String, in sample: String = measurements) throws -> String {
        let url = try directory(measurements: sample.replacingOccurrences(of: old, with: new))
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try CycleDataset.load(from: url)
        } catch let error as DatasetError {
            return error.description
        }
        Issue.record("loading did not fail")
        return ""
    }

    func day(_ iso: String) -> CalendarDay { CalendarDay(iso: iso)! }

    @Test func readsTypedValuesBesideTheRecords() throws {
        let url = try directory()
        defer { try? FileManager.default.removeItem(at: url) }
        let dataset = try CycleDataset.load(from: url)
        let u1 = dataset.users[0], u2 = dataset.users[1]
        #expect(u1.measurements.map(\.date.iso) == ["2025-01-20", "2025-01-21", "2025-01-22", "2025-01-30"])
        #expect(u1.measurements[0].lhTest == .negative)
        #expect(u1.measurements[1] == DayMeasurements(date: day("2025-01-21"), lhTest: .peak, basalBodyTemperature: 36.46,
                                                     sources: [.lhTest: "manual", .basalBodyTemperature: "manual"]))
        #expect(u1.measurements[2].wristTemperature == -0.12 && u1.measurements[2].source(of: .wristTemperature) == "healthkit")
        #expect(u2.measurements == [DayMeasurements(date: day("2025-01-13"), cervicalMucus: .eggWhite, sources: [.cervicalMucus: ""])])
        // Measurement-only days are not logged days: records, starts and prediction days are those of flow and symptoms.
        let without = try CycleDataset.load(from: try directory(measurements: nil))
        #expect(u1.records == without.users[0].records && u1.periodStarts == without.users[0].periodStarts)
        #expect(CycleEvaluator.predictionDays(for: u1) == CycleEvaluator.predictionDays(for: without.users[0]))
        #expect(without.users.allSatisfy { $0.measurements.isEmpty })
    }

    @Test func directoryRoundTripIsExact() throws {
        let url = try directory()
        defer { try? FileManager.default.removeItem(at: url) }
        let dataset = try CycleDataset.load(from: url)
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("measurements-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try dataset.write(to: copy)
        let again = try CycleDataset.load(from: copy)
        #expect(again.users == dataset.users)
        let text = try String(contentsOf: copy.appendingPathComponent(CycleDataset.FileName.measurements), encoding: .utf8)
        #expect(text.hasPrefix("id,user_id,date,kind,value,source,created_at,updated_at,sync_status,disturbed\n1,u1,2025-01-20,lh_test,0,manual,"))
        #expect(text.contains(",u1,2025-01-21,bbt,36.46,manual,") && text.contains(",u1,2025-01-22,wrist_temperature,-0.12,healthkit,"))
        // The four-level row is written on the five-step scale: egg-white → S+ (4).
        #expect(text.contains(",u2,2025-01-13,cervical_mucus_nfp,4,,"))
        // Writing what was read gives the same bytes.
        let second = copy.appendingPathComponent("again")
        try again.write(to: second)
        #expect(try Data(contentsOf: second.appendingPathComponent(CycleDataset.FileName.measurements)) == Data(text.utf8))
    }

    /// The four-level mucus kind reads into the five-step scale: 0 none → Ø, 1 sticky and 2
    /// creamy → S, 3 egg-white → S+ (`CervicalMucus(fourLevelCode:)`).
    @Test func fourLevelMucusIsMappedToTheFiveStepScale() {
        #expect((0...3).map { CervicalMucus(fourLevelCode: $0) } == [.nothing, .creamy, .creamy, .eggWhite])
        #expect(CervicalMucus(fourLevelCode: 4) == nil)
    }

    /// The five-step mucus, the three cervix kinds and the `disturbed` column read, write and
    /// read back; a file without the column reads every reading undisturbed.
    @Test func disturbedReadingsAndTheCervixRoundTrip() throws {
        let sample = """
        id,user_id,date,kind,value,source,created_at,updated_at,sync_status,disturbed
        1,u1,2025-01-20,bbt,36.40,manual,x,x,synced,0
        2,u1,2025-01-21,bbt,36.90,manual,x,x,synced,1
        3,u1,2025-01-21,cervical_mucus_nfp,2,manual,x,x,synced,
        4,u1,2025-01-21,cervix_opening,1,manual,x,x,synced,0
        5,u1,2025-01-21,cervix_firmness,1,manual,x,x,synced,0
        6,u2,2025-01-13,cervix_position,2,manual,x,x,synced,0

        """
        let url = try directory(measurements: sample)
        defer { try? FileManager.default.removeItem(at: url) }
        let dataset = try CycleDataset.load(from: url)
        let u1 = dataset.users[0].measurements
        #expect(u1[0].disturbed.isEmpty && u1[1].disturbed == [.basalBodyTemperature])
        #expect(u1[1].usableBasalTemperature == nil && u1[1].basalBodyTemperature == 36.9)
        #expect(u1[1].cervicalMucus == .moist && u1[1].cervix == CervixObservation(opening: .partlyOpen, firmness: .soft))
        #expect(u1[1].cervix?.showsFertileSign == true)
        #expect(dataset.users[1].measurements[0].cervix == CervixObservation(position: .high))
        #expect(dataset.users[1].measurements[0].cervix?.showsFertileSign == nil)
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("measurements-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try dataset.write(to: copy)
        #expect(try CycleDataset.load(from: copy).users == dataset.users)
        let database = copy.appendingPathComponent("dataset.sqlite")
        try dataset.write(sqlite: database)
        #expect(try CycleDataset.load(sqlite: database).users == dataset.users)
        #expect(try message(replacing: "synced,1", with: "synced,yes", in: sample)
            == "measurements.csv:3: column disturbed: found \"yes\", expected 1 (disturbed), 0 or empty")
    }

    @Test func temperaturesAreWrittenWithTwoDecimals() {
        #expect([36.5, 36.456, -0.07, -1.25, 37.999, -0.004, 0, 3].map(_twoDecimals)
            == ["36.50", "36.46", "-0.07", "-1.25", "38.00", "0.00", "0.00", "3.00"])
    }

    @Test func noMeasurementsWritesNoFileAndRemovesAStaleOne() throws {
        let url = try directory()
        defer { try? FileManager.default.removeItem(at: url) }
        var dataset = try CycleDataset.load(from: url)
        dataset = DatasetPerturbation.keepingSignals([]).applied(to: dataset)
        try dataset.write(to: url)
        #expect(!FileManager.default.fileExists(atPath: url.appendingPathComponent(CycleDataset.FileName.measurements).path))
    }

    @Test func sqliteRoundTrip() throws {
        let url = try directory()
        defer { try? FileManager.default.removeItem(at: url) }
        let dataset = try CycleDataset.load(from: url)
        let database = url.appendingPathComponent("app.sqlite")
        try dataset.write(sqlite: database)
        let read = try CycleDataset.load(sqlite: database)
        #expect(read.users == dataset.users)
        #expect(read.users[0].measurements.count == 4)
    }

    @Test func sqliteBadValueNamesTheRow() throws {
        let url = try directory()
        defer { try? FileManager.default.removeItem(at: url) }
        var dataset = try CycleDataset.load(from: url)
        // The writer does not judge values: an implausible one goes in, the reader names its row.
        var measurements = dataset.users[0].measurements
        measurements[3].basalBodyTemperature = 41.7
        dataset.users[0] = UserHistory(profile: dataset.users[0].profile, records: dataset.users[0].records, measurements: measurements)
        let database = url.appendingPathComponent("app.sqlite")
        try dataset.write(sqlite: database)
        // u1's rows: LH on the 20th, LH and BBT on the 21st, wrist on the 22nd, BBT on the 30th (row 5).
        #expect(throws: DatasetError.invalidValue(file: "app.sqlite:measurements", line: 5, column: "value", value: "41.7",
                                                  expected: MeasurementKind.basalBodyTemperature.expectedValue)) {
            try CycleDataset.load(sqlite: database)
        }
    }

    @Test func badValuesNameFileLineColumnAndExpectation() throws {
        #expect(try message(replacing: "bbt,36.8", with: "bbt,41.7")
            == "measurements.csv:7: column value: found \"41.7\", expected a basal body temperature in °C within 34.5...38.5")
        #expect(try message(replacing: "cervical_mucus,3", with: "cervical_mucus,4")
            == "measurements.csv:6: column value: found \"4\", expected 0 (none), 1 (sticky), 2 (creamy) or 3 (egg-white) for four-level cervical mucus")
        #expect(try message(replacing: "cervical_mucus,3", with: "cervical_mucus,watery")
            == "measurements.csv:6: column value: found \"watery\", expected 0 (none), 1 (sticky), 2 (creamy) or 3 (egg-white) for four-level cervical mucus")
        #expect(try message(replacing: "cervical_mucus,3", with: "cervical_mucus_nfp,5")
            == "measurements.csv:6: column value: found \"5\", expected 0 (t), 1 (Ø), 2 (f), 3 (S) or 4 (S+) for cervical mucus")
        #expect(try message(replacing: "cervical_mucus,3", with: "cervix_firmness,2")
            == "measurements.csv:6: column value: found \"2\", expected 0 (firm) or 1 (soft) for the cervix firmness")
        #expect(try message(replacing: "lh_test,2", with: "lh_test,3")
            == "measurements.csv:3: column value: found \"3\", expected 0 (negative), 1 (positive) or 2 (peak) for an LH test")
        #expect(try message(replacing: "lh_test,2", with: "lh_test,1.5")
            == "measurements.csv:3: column value: found \"1.5\", expected 0 (negative), 1 (positive) or 2 (peak) for an LH test")
        #expect(try message(replacing: "wrist_temperature,-0.12", with: "wrist_temperature,nan")
            == "measurements.csv:5: column value: found \"nan\", expected a nightly wrist-temperature deviation in °C within -3...3")
        #expect(try message(replacing: "wrist_temperature,-0.12", with: "wrist_temperature,")
            == "measurements.csv:5: column value: found \"\", expected a nightly wrist-temperature deviation in °C within -3...3")
        #expect(try message(replacing: "u1,2025-01-22,wrist_temperature", with: "u1,2025-01-22,progesterone")
            == "measurements.csv:5: column kind: found \"progesterone\", expected one of lh_test, bbt, wrist_temperature, "
               + "cervical_mucus_nfp, cervix_opening, cervix_firmness, cervix_position, cervical_mucus")
        #expect(try message(replacing: "u2,2025-01-13", with: "u9,2025-01-13")
            == "measurements.csv:6: column user_id: user \"u9\" is not in user_profile.csv")
        #expect(try message(replacing: "u1,2025-01-30", with: "u1,2025-02-30")
            == "measurements.csv:7: column date: found \"2025-02-30\", expected a date YYYY-MM-DD")
        #expect(try message(replacing: "6,u1,2025-01-30", with: "1,u1,2025-01-30")
            == "measurements.csv:7: column id: duplicate id \"1\" (first on line 2)")
    }

    @Test func aSecondValueOfOneKindOnOneDayNamesBothLines() throws {
        #expect(try message(replacing: "6,u1,2025-01-30,bbt", with: "6,u1,2025-01-21,bbt")
            == "measurements.csv:7: duplicate row for user u1, date 2025-01-21, kind bbt (first on line 4)")
    }

    @Test func lenientLoadSkipsAndListsBadRows() throws {
        let url = try directory(measurements: Self.measurements.replacingOccurrences(of: "bbt,36.8", with: "bbt,41.7"))
        defer { try? FileManager.default.removeItem(at: url) }
        let dataset = try CycleDataset.load(from: url, lenient: true)
        #expect(dataset.skippedRows.map(\.description) == [
            "measurements.csv:7: column value: found \"41.7\", expected a basal body temperature in °C within 34.5...38.5"])
        #expect(dataset.users[0].measurements.count == 3)
    }
}
