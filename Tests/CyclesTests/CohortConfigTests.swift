import Foundation
import Testing
@testable import Cycles

@Suite struct CohortConfigTests {
    @Test func weakSignalsHalvesEffectsAndShares() throws {
        let weak = try CohortConfig.named("weak-signals")
        let base = CohortConfig.irregular
        #expect(weak.name == "weak-signals")
        #expect(weak.phenotypes[0].symptoms.energy.affectedShare == base.phenotypes[0].symptoms.energy.affectedShare / 2)
        #expect(weak.phenotypes[0].symptoms.energy.effect.high == base.phenotypes[0].symptoms.energy.effect.high / 2)
        #expect(weak.phenotypes[0].cycle == base.phenotypes[0].cycle)
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
}
