import Testing
@testable import Cycles
@testable import CyclesLab

@Suite struct OracleEngineTests {
    @Test func needsTruth() {
        let dataset = CycleDataset(users: [TestHistories.history(starts: [0, 28], lastDay: 30)])
        #expect(throws: DatasetError.missingTruth(model: "oracle")) { try OracleEngine(dataset: dataset) }
    }

    @Test func isCausal() throws {
        let dataset = SyntheticCycles.generate(config: .irregular, users: 4, months: 6, seed: 9)
        let oracle = try OracleEngine(dataset: dataset)
        for history in dataset.users {
            let days = CycleEvaluator.predictionDays(for: history)
            let all = try oracle.predictions(for: history, on: days, language: .en)
            for (index, day) in days.enumerated() where index % 5 == 0 {
                #expect(try oracle.prediction(for: history.truncated(through: day), on: day, language: .en) == all[index])
            }
        }
    }

    @Test func usesOvulationOnlyOnceItHasHappened() throws {
        let start = TestHistories.origin
        let cycles = (0..<4).map { k in
            CycleTruth(userID: "u1", cycleStart: start.advanced(by: 30 * k), ovulationDate: start.advanced(by: 30 * k + 16),
                       lutealLength: 13, follicularLength: 17, cohort: "test")
        }
        var shifted = cycles
        shifted[3].ovulationDate = start.advanced(by: 90 + 24)
        shifted[3].follicularLength = 25
        let history = TestHistories.history(starts: [0, 30, 60, 90], lastDay: 120)
        let day = start.advanced(by: 100)
        // Day 100 is cycle day 11: before both candidate ovulation days, the forecast is the same.
        let original = try OracleEngine(truth: ["u1": cycles]).prediction(for: history, on: day)
        let moved = try OracleEngine(truth: ["u1": shifted]).prediction(for: history, on: day)
        #expect(original == moved)
        #expect(original.ovulation?.passedProbability == 0)
        // After ovulation (day 106 = 90 + 16) the forecast is ovulation + 13 + 1.
        let after = try OracleEngine(truth: ["u1": cycles]).prediction(for: history, on: start.advanced(by: 107))
        #expect(after.nextPeriodStart == start.advanced(by: 106 + 14))
        #expect(after.ovulation?.passedProbability == 1)
    }
}
