import Foundation
import Testing
@testable import Cycles
@testable import CyclesLab

/// Config versions 3 and 4: the `signals` section, and its disturbed BBT readings.
extension CohortConfigTests {
    /// The built-in config as JSON with `signals` removed from every phenotype and `version` set.
    static func withoutSignals(_ name: String, version: Int) throws -> [String: Any] {
        var object = try #require(try JSONSerialization.jsonObject(with: try CohortConfig.named(name).jsonData()) as? [String: Any])
        object["version"] = version
        let phenotypes = try #require(object["phenotypes"] as? [[String: Any]])
        object["phenotypes"] = phenotypes.map { phenotype -> [String: Any] in
            var copy = phenotype
            copy["signals"] = nil
            return copy
        }
        return object
    }

    @Test func version2FilesReadWithNoSignals() throws {
        let data = try JSONSerialization.data(withJSONObject: try Self.withoutSignals("mixed", version: 2))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cohort-v2-\(UUID().uuidString).json")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let config = try CohortConfig.load(from: url)
        #expect(config.version == CohortConfig.currentVersion)
        #expect(config.phenotypes.allSatisfy { $0.signals == .never })
        // Everything else is the built-in.
        var expected = CohortConfig.mixed
        for index in expected.phenotypes.indices { expected.phenotypes[index].signals = .never }
        #expect(config == expected)
        // Nobody logs a signal; flow and symptoms are those of the built-in.
        let dataset = SyntheticCycles.generate(config: config, users: 30, months: 6, seed: 4)
        #expect(dataset.users.allSatisfy { $0.measurements.isEmpty })
        #expect(dataset.entriesCSV() == SyntheticCycles.generate(config: .mixed, users: 30, months: 6, seed: 4).entriesCSV())
    }

    @Test func version1FilesAlsoReadWithNoSignals() throws {
        var object = try JSONSerialization.jsonObject(with: try Self.version1JSON("irregular")) as! [String: Any]
        let phenotypes = object["phenotypes"] as! [[String: Any]]
        object["phenotypes"] = phenotypes.map { phenotype -> [String: Any] in
            var copy = phenotype
            copy["signals"] = nil
            return copy
        }
        let config = try CohortConfig.jsonDecoder.decode(CohortConfig.self, from: try JSONSerialization.data(withJSONObject: object))
        #expect(config.version == CohortConfig.currentVersion && config.phenotypes[0].signals == .never)
    }

    @Test func version3FileMustNameTheSignals() throws {
        let missingSection = try JSONSerialization.data(withJSONObject: try Self.withoutSignals("irregular", version: 3))
        #expect(throws: DecodingError.self) { try CohortConfig.jsonDecoder.decode(CohortConfig.self, from: missingSection) }

        var object = try #require(try JSONSerialization.jsonObject(with: try CohortConfig.irregular.jsonData()) as? [String: Any])
        var phenotypes = try #require(object["phenotypes"] as? [[String: Any]])
        var signals = try #require(phenotypes[0]["signals"] as? [String: Any])
        var bbt = try #require(signals["basal_body_temperature"] as? [String: Any])
        bbt["flat_cycle_rate"] = nil
        signals["basal_body_temperature"] = bbt
        phenotypes[0]["signals"] = signals
        object["phenotypes"] = phenotypes
        #expect(throws: DecodingError.self) {
            try CohortConfig.jsonDecoder.decode(CohortConfig.self, from: try JSONSerialization.data(withJSONObject: object))
        }
    }

    /// Version 4 adds the disturbed BBT readings: a version 3 file reads with none, a version 4
    /// file must name both knobs.
    @Test func version3FilesReadWithNoDisturbedReadingsAndVersion4FilesNameThem() throws {
        func decoded(version: Int, removing keys: [String]) throws -> CohortConfig {
            var object = try #require(try JSONSerialization.jsonObject(with: try CohortConfig.irregular.jsonData()) as? [String: Any])
            object["version"] = version
            var phenotypes = try #require(object["phenotypes"] as? [[String: Any]])
            var signals = try #require(phenotypes[0]["signals"] as? [String: Any])
            var bbt = try #require(signals["basal_body_temperature"] as? [String: Any])
            for key in keys { bbt[key] = nil }
            signals["basal_body_temperature"] = bbt
            phenotypes[0]["signals"] = signals
            object["phenotypes"] = phenotypes
            return try CohortConfig.jsonDecoder.decode(CohortConfig.self, from: try JSONSerialization.data(withJSONObject: object))
        }
        let version3 = try decoded(version: 3, removing: ["disturbed_reading_rate", "disturbed_offset"])
        #expect(version3.version == 4 && version3.phenotypes[0].signals.basalBodyTemperature.disturbedReadingRate == 0)
        let dataset = SyntheticCycles.generate(config: version3.loggingEverySignal(), users: 10, months: 4, seed: 2)
        #expect(dataset.users.allSatisfy { user in user.measurements.allSatisfy { $0.disturbed.isEmpty } })
        #expect(throws: DecodingError.self) { try decoded(version: 4, removing: ["disturbed_offset"]) }
        #expect(try decoded(version: 4, removing: []) == CohortConfig.irregular)
    }

    @Test func signalKnobsAreChecked() {
        var config = CohortConfig.regular
        config.phenotypes[0].signals.lhTest.everyCycleShare = 0.7
        config.phenotypes[0].signals.lhTest.someCyclesShare = 0.5
        #expect(throws: DatasetError.invalidConfig(path: "<config>", reason:
            "phenotype regular: signals.lh_test: every_cycle_share + some_cycles_share must be at most 1")) { try config.validate() }
        config = .regular
        config.phenotypes[0].signals.wristTemperature.flatCycleRate = 1.5
        #expect(throws: DatasetError.self) { try config.validate() }
        #expect(throws: Never.self) { try CohortConfig.pcos.validate() }
    }
}
