import Foundation
import Testing
@testable import Cycles
@testable import CyclesLab

@Suite struct CycleDatasetFilesTests {
    static let profiles = """
    id,created_at,onboarding_completed,cycle_type,conditions,preferences
    u1,2025-01-06,true,regular,"[""sopk""]","{""typical_cycle_length"":30}"
    u2,2025-01-06,false,unknown,[],{}

    """
    static let entries = """
    id,user_id,date,flow_intensity,cycle_day,phase,created_at,updated_at,sync_status
    1,u1,2025-01-10,3,1,menstrual,x,x,synced
    2,u1,2025-01-11,4,2,menstrual,x,x,synced
    3,u2,2025-01-12,,,,x,x,synced
    4,u1,2025-02-09,2,31,luteal,x,x,synced

    """
    static let symptoms = """
    id,user_id,date,symptom_type,value,notes,body_zone,pain_type,created_at,updated_at,sync_status
    1,u1,2025-01-10,pain,7,"cramps, strong",uterus,cramping,x,x,synced
    2,u1,2025-01-10,mood,3,,,,x,x,synced
    3,u2,2025-01-12,energy,8,,,,x,x,synced

    """

    func directory(profiles: String = profiles, entries: String = entries, symptoms: String? = symptoms) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cycles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try profiles.write(to: url.appendingPathComponent("user_profile.csv"), atomically: true, encoding: .utf8)
        try entries.write(to: url.appendingPathComponent("cycle_entries.csv"), atomically: true, encoding: .utf8)
        if let symptoms { try symptoms.write(to: url.appendingPathComponent("symptom_logs.csv"), atomically: true, encoding: .utf8) }
        return url
    }

    /// The one-line message of the error thrown loading a dataset whose `file` has `line` replaced.
    func message(replacing old: String, with new: String, in file: String) throws -> String {
        let url = try directory(profiles: file == "profiles" ? Self.profiles.replacingOccurrences(of: old, with: new) : Self.profiles,
                                entries: file == "entries" ? Self.entries.replacingOccurrences(of: old, with: new) : Self.entries,
                                symptoms: file == "symptoms" ? Self.symptoms.replacingOccurrences(of: old, with: new) : Self.symptoms)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try CycleDataset.load(from: url)
        } catch let error as DatasetError {
            return error.description
        }
        Issue.record("loading did not fail")
        return ""
    }

    @Test func loadsAValidDirectory() throws {
        let url = try directory()
        defer { try? FileManager.default.removeItem(at: url) }
        let dataset = try CycleDataset.load(from: url)
        #expect(dataset.users.map(\.userID) == ["u1", "u2"])
        #expect(dataset.truth == nil)
        let u1 = dataset.users[0]
        #expect(u1.profile.conditions == ["sopk"])
        #expect(u1.periodStarts.map(\.iso) == ["2025-01-10", "2025-02-09"])
        #expect(u1.records[0].symptoms == [.pain: 7, .mood: 3])
        #expect(u1.records[0].painZone == .uterus)
        #expect(RuleEngine.declaredCycleLength(in: u1.profile) == 30)
    }

    @Test func periodOnlyDataLoadsWithoutSymptomLogs() throws {
        let url = try directory(symptoms: nil)
        defer { try? FileManager.default.removeItem(at: url) }
        let dataset = try CycleDataset.load(from: url)
        #expect(dataset.users[0].records.allSatisfy { $0.symptoms.isEmpty })
        let report = try CycleEvaluator(bootstrapSamples: 10).evaluate(RuleEngine(), on: dataset)
        #expect(report.cycles == 1)
    }

    @Test func unknownSymptomType() throws {
        let text = try message(replacing: "u1,2025-01-10,mood,3", with: "u1,2025-01-10,happiness,3", in: "symptoms")
        #expect(text.hasPrefix("symptom_logs.csv:3: column symptom_type: found \"happiness\", expected one of mood"))
    }

    @Test func unknownBodyZone() throws {
        let text = try message(replacing: "uterus", with: "elbow", in: "symptoms")
        #expect(text.hasPrefix("symptom_logs.csv:2: column body_zone: found \"elbow\""))
    }

    @Test func outOfRangeValue() throws {
        let text = try message(replacing: "energy,8", with: "energy,11", in: "symptoms")
        #expect(text == "symptom_logs.csv:4: column value: found \"11\", expected an integer in 1...10")
        let flow = try message(replacing: "2025-01-11,4", with: "2025-01-11,6", in: "entries")
        #expect(flow.hasPrefix("cycle_entries.csv:3: column flow_intensity: found \"6\""))
    }

    @Test func unparsableDate() throws {
        let text = try message(replacing: "2025-01-12,,", with: "2025-13-12,,", in: "entries")
        #expect(text == "cycle_entries.csv:4: column date: found \"2025-13-12\", expected a date YYYY-MM-DD")
    }

    @Test func duplicateIDs() throws {
        let text = try message(replacing: "u2,2025-01-06", with: "u1,2025-01-06", in: "profiles")
        #expect(text == "user_profile.csv:3: column id: duplicate id \"u1\" (first on line 2)")
        let entry = try message(replacing: "4,u1,2025-02-09", with: "1,u1,2025-02-09", in: "entries")
        #expect(entry.hasPrefix("cycle_entries.csv:5: column id: duplicate id \"1\""))
    }

    @Test func duplicateSymptomRow() throws {
        let text = try message(replacing: "2,u1,2025-01-10,mood", with: "2,u1,2025-01-10,pain", in: "symptoms")
        #expect(text == "symptom_logs.csv:3: duplicate row for user u1, date 2025-01-10, symptom_type pain (first on line 2)")
    }

    @Test func datesOutOfOrder() throws {
        let text = try message(replacing: "4,u1,2025-02-09", with: "4,u1,2025-01-09", in: "entries")
        #expect(text.hasPrefix("cycle_entries.csv:5: column date: date 2025-01-09 is before the previous row's 2025-01-11"))
    }

    @Test func malformedCSVAndMissingColumn() throws {
        let quote = try message(replacing: "\"cramps, strong\"", with: "\"cramps", in: "symptoms")
        #expect(quote.hasPrefix("symptom_logs.csv:"))
        #expect(quote.contains("malformed CSV"))
        let column = try message(replacing: "flow_intensity", with: "flow", in: "entries")
        #expect(column == "cycle_entries.csv:1: missing column \"flow_intensity\" in the header")
    }

    @Test func lenientSkipsAndReportsBadRows() throws {
        let url = try directory(symptoms: Self.symptoms.replacingOccurrences(of: "energy,8", with: "energy,0"))
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: DatasetError.self) { try CycleDataset.load(from: url) }
        let dataset = try CycleDataset.load(from: url, lenient: true)
        #expect(dataset.skippedRows.count == 1)
        #expect(dataset.skippedRows[0].description.hasPrefix("symptom_logs.csv:4: column value"))
        #expect(dataset.users[1].records[0].symptoms.isEmpty)
    }

    @Test func writeThenLoadRoundTripsAndIsByteIdentical() throws {
        let dataset = SyntheticCycles.generate(config: .mixed, users: 8, months: 4, seed: 21)
        let first = FileManager.default.temporaryDirectory.appendingPathComponent("cycles-\(UUID().uuidString)")
        let second = FileManager.default.temporaryDirectory.appendingPathComponent("cycles-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        try dataset.write(to: first)
        try SyntheticCycles.generate(config: .mixed, users: 8, months: 4, seed: 21).write(to: second)
        for name in ["user_profile.csv", "cycle_entries.csv", "symptom_logs.csv", "truth.csv", "manifest.json"] {
            let a = try Data(contentsOf: first.appendingPathComponent(name))
            let b = try Data(contentsOf: second.appendingPathComponent(name))
            #expect(a == b, "\(name) differs")
        }
        let loaded = try CycleDataset.load(from: first)
        #expect(loaded.users == dataset.users)
        #expect(loaded.truth == dataset.truth)
        #expect(loaded.manifest == dataset.manifest)
        #expect(try loaded.manifest.cohortConfig == CohortConfig.mixed)
    }

    /// The manifest keeps the generator's config as JSON: a dataset loads whatever its config, and
    /// only the lab's decoding of a config this build does not read fails.
    @Test func aManifestKeepsAConfigThisBuildDoesNotRead() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cycles-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try SyntheticCycles.generate(config: .regular, users: 2, months: 2, seed: 3).write(to: url)
        let manifestURL = url.appendingPathComponent(CycleDataset.FileName.manifest)
        let text = try String(contentsOf: manifestURL, encoding: .utf8)
        #expect(text.contains("\"version\" : \(CohortConfig.currentVersion)"))
        try text.replacingOccurrences(of: "\"version\" : \(CohortConfig.currentVersion)", with: "\"version\" : 99")
            .write(to: manifestURL, atomically: true, encoding: .utf8)
        let loaded = try CycleDataset.load(from: url)
        #expect(loaded.manifest.generator == "SyntheticCycles" && loaded.manifest.config != nil)
        #expect(throws: DatasetError.self) { try loaded.manifest.cohortConfig }
    }
}

@Suite struct CycleDatasetSQLiteTests {
    @Test func sqliteRoundTripsTheAppTables() throws {
        let dataset = SyntheticCycles.generate(config: .endometriosis, users: 5, months: 3, seed: 4)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cycles-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: url) }
        try dataset.write(sqlite: url)
        let loaded = try CycleDataset.load(sqlite: url)
        #expect(loaded.users == dataset.users)
        #expect(loaded.truth == nil)
    }

    @Test func missingDatabaseIsAnError() {
        #expect(throws: DatasetError.missingFile(path: "/nonexistent/app.sqlite")) {
            try CycleDataset.load(sqlite: URL(fileURLWithPath: "/nonexistent/app.sqlite"))
        }
    }
}
