import Foundation
import Testing
@testable import Cycles
@testable import CyclesLab

@Suite struct CohortConfigTests {
    @Test func weakSignalsHalvesEffectsAndShares() throws {
        let weak = try CohortConfig.named("weak-signals")
        let base = CohortConfig.irregular
        #expect(weak.name == "weak-signals")
        #expect(weak.phenotypes[0].symptoms.energy.affectedShare == base.phenotypes[0].symptoms.energy.affectedShare / 2)
        #expect(weak.phenotypes[0].symptoms.energy.effect.high == base.phenotypes[0].symptoms.energy.effect.high / 2)
        #expect(weak.phenotypes[0].cycle == base.phenotypes[0].cycle)
    }

    @Test func everySignalVariantLogsEverySignalForEveryUserAndKeepsFlowSymptomsAndTruth() throws {
        let variant = CohortConfig.irregular.loggingEverySignal()
        #expect(variant.name == "irregular-every-signal")
        let signals = variant.phenotypes[0].signals
        #expect(signals.lhTest.everyCycleShare == 1 && signals.lhTest.someCyclesShare == 0)
        #expect(signals.basalBodyTemperature.userShare == 1 && signals.wristTemperature.userShare == 1 && signals.cervicalMucus.userShare == 1)
        #expect(signals.lhTest.dayAdherence == CohortConfig.irregular.phenotypes[0].signals.lhTest.dayAdherence)
        try variant.validate()

        let base = SyntheticCycles.generate(config: .irregular, users: 12, months: 6, seed: 5)
        let every = SyntheticCycles.generate(config: variant, users: 12, months: 6, seed: 5)
        #expect(every.users.map(\.records) == base.users.map(\.records))
        #expect(every.users.map(\.profile) == base.users.map(\.profile))
        let renamed = every.truth?.mapValues { cycles in cycles.map { cycle -> CycleTruth in
            var copy = cycle
            copy.cohort = "irregular"
            return copy
        } }
        #expect(renamed == base.truth)
        for user in every.users {
            for kind in DatasetPerturbation.scenarioSignals {
                #expect(user.measurements.contains { $0.value(of: kind) != nil }, "\(user.userID) has no \(kind)")
            }
        }
    }

    @Test func unknownCohortIsAnError() {
        #expect(throws: DatasetError.self) { try CohortConfig.named("nope") }
    }

    @Test func jsonRoundTrip() throws {
        for name in CohortConfig.builtInNames {
            let config = try CohortConfig.named(name)
            let decoded = try CohortConfig.jsonDecoder.decode(CohortConfig.self, from: try config.jsonData())
            #expect(decoded == config)
            try decoded.validate()
        }
    }

    /// The built-in config as a version 1 file: the version 2 keys removed, `"version": 1`.
    static func version1JSON(_ name: String) throws -> Data {
        var object = try #require(try JSONSerialization.jsonObject(with: try CohortConfig.named(name).jsonData()) as? [String: Any])
        object["version"] = 1
        let cycleKeys = ["luteal_variability_median", "luteal_variability_log_deviation", "luteal_follicular_correlation",
                         "short_luteal_rate", "short_luteal_lengths"]
        let loggingKeys = ["period_only_share", "gap_monthly_rate", "gap_weeks", "forgotten_period_rate", "late_start_rate",
                           "late_start_days", "declared_length_share", "declared_length_deviation", "declared_length_round_number_rate"]
        let phenotypes = try #require(object["phenotypes"] as? [[String: Any]])
        object["phenotypes"] = phenotypes.map { phenotype -> [String: Any] in
            var copy = phenotype
            var cycle = phenotype["cycle"] as? [String: Any] ?? [:]
            var logging = phenotype["logging"] as? [String: Any] ?? [:]
            for key in cycleKeys { cycle[key] = nil }
            for key in loggingKeys { logging[key] = nil }
            copy["cycle"] = cycle
            copy["logging"] = logging
            return copy
        }
        return try JSONSerialization.data(withJSONObject: object)
    }

    @Test func version1FilesAreReadWithTheVersion1Behaviour() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cohort-v1-\(UUID().uuidString).json")
        try Self.version1JSON("mixed").write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let config = try CohortConfig.load(from: url)
        #expect(config.version == CohortConfig.currentVersion)
        for phenotype in config.phenotypes {
            let logging = phenotype.logging, cycle = phenotype.cycle
            #expect(logging.periodOnlyShare == 0 && logging.gapMonthlyRate == 0 && logging.forgottenPeriodRate == 0)
            #expect(logging.lateStartRate == 0 && logging.declaredLengthShare == 1 && logging.declaredLengthRoundNumberRate == 0)
            #expect(cycle.shortLutealRate == 0 && cycle.lutealFollicularCorrelation == 0 && cycle.lutealVariabilityLogDeviation == 0)
            #expect(cycle.lutealVariabilityMedian == cycle.lutealVariability.middle)
        }
        // Every user declares a length and logs symptoms, as in version 1.
        let dataset = SyntheticCycles.generate(config: config, users: 40, months: 3, seed: 1)
        #expect(dataset.users.allSatisfy { $0.profile.preferencesJSON.contains("typical_cycle_length") })
        #expect(dataset.users.allSatisfy { $0.records.contains { !$0.symptoms.isEmpty } })
    }

    @Test func version2FileMissingAKnobIsAnError() throws {
        var object = try #require(try JSONSerialization.jsonObject(with: try CohortConfig.irregular.jsonData()) as? [String: Any])
        var phenotypes = try #require(object["phenotypes"] as? [[String: Any]])
        var logging = try #require(phenotypes[0]["logging"] as? [String: Any])
        logging["late_start_rate"] = nil
        phenotypes[0]["logging"] = logging
        object["phenotypes"] = phenotypes
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try CohortConfig.jsonDecoder.decode(CohortConfig.self, from: data) }
        object["version"] = 3
        #expect(throws: DecodingError.self) {
            try CohortConfig.jsonDecoder.decode(CohortConfig.self, from: try JSONSerialization.data(withJSONObject: object))
        }
    }
}
