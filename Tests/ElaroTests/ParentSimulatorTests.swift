import Foundation
import Testing
@testable import Elaro
@testable import ElaroLab

@Suite struct ParentSimulatorTests {
    let library = try! ActionLibrary.bundled()

    @Test func sameSeedSameRunDifferentSeedDifferentRun() throws {
        let a = try ParentSimulator(library: library, parentCount: 4, days: 14, seed: 1).run(policy: .thompson, collectLog: true)
        let b = try ParentSimulator(library: library, parentCount: 4, days: 14, seed: 1).run(policy: .thompson, collectLog: true)
        let c = try ParentSimulator(library: library, parentCount: 4, days: 14, seed: 2).run(policy: .thompson, collectLog: true)
        #expect(a.result == b.result && a.log == b.log)
        #expect(a.log != c.log)
    }

    @Test func learnedPoliciesBeatRandomAndLogValidPropensities() throws {
        let simulator = ParentSimulator(library: library, parentCount: 12, days: 42, seed: 5)
        let random = try simulator.run(policy: .random).result
        let linucb = try simulator.run(policy: .linucb, collectLog: true)
        #expect(linucb.result.completionRate > random.completionRate)
        #expect(linucb.result.meanCumulativeRegret < random.meanCumulativeRegret)
        #expect(linucb.log.allSatisfy { $0.propensity > 0 && $0.propensity <= 1 && $0.trueProbability <= $0.bestProbability + 1e-12 })
        #expect(linucb.result.weeks.count == 6)
    }

    @Test func logRoundTripsThroughCSV() throws {
        let log = try ParentSimulator(library: library, parentCount: 2, days: 5, seed: 3).run(policy: .rules, collectLog: true).log
        let text = ([SimulationLogRecord.csvHeader] + log.map(\.csvLine)).joined(separator: "\n")
        let parsed = try SimulationLogRecord.parseCSV(text, path: "log.csv")
        #expect(parsed.map(\.actionID) == log.map(\.actionID))
        #expect(parsed.map(\.propensity) == log.map(\.propensity))
        #expect(throws: ElaroError.malformedLogLine(path: "log.csv", line: 2, detail: "expected 15 fields, found 2")) {
            try SimulationLogRecord.parseCSV(SimulationLogRecord.csvHeader + "\n1,2", path: "log.csv")
        }
    }

    @Test func offPolicyEstimatesCoverTheTrueValue() throws {
        let simulator = ParentSimulator(library: library, parentCount: 30, days: 20, seed: 8)
        let log = try simulator.run(policy: .random, collectLog: true).log
        let report = try ElaroOffPolicyEvaluator(library: library).evaluate(log, policy: .rules, parents: simulator.parents, seed: 1)
        let truth = try #require(report.trueValue)
        #expect(report.inversePropensity.covers(truth))
        #expect(report.doublyRobust.covers(truth))
    }
}
