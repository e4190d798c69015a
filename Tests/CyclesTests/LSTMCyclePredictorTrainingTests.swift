import Testing
import NeuralNet
@testable import Cycles
@testable import CyclesLab

@Suite struct LSTMCyclePredictorTrainingTests {
    static func train(seed: UInt64) throws -> (LSTMCyclePredictor, [TrainingProgress]) {
        let dataset = SyntheticCycles.generate(config: try CohortConfig.named("irregular"), users: 10, months: 4, seed: 11)
        let (train, validation) = dataset.splitByUser(testFraction: 0.3, seed: 1)
        var configuration = LSTMCyclePredictor.TrainingConfiguration()
        configuration.hiddenSize = 8
        configuration.epochs = 3
        configuration.batchSize = 4
        configuration.seed = seed
        configuration.threads = 1
        configuration.quantileCandidates = [0.5, 0.6]
        var reports: [TrainingProgress] = []
        let predictor = try LSTMCyclePredictor.train(on: train, validation: validation, configuration: configuration) { reports.append($0) }
        return (predictor, reports)
    }

    @Test func trainingReportsEveryEpochAndIsDeterministic() throws {
        let (first, reports) = try Self.train(seed: 5)
        let (second, _) = try Self.train(seed: 5)
        #expect(reports.count == 3)
        #expect(reports.allSatisfy { $0.trainingLoss.isFinite && ($0.validationLoss ?? .nan).isFinite && $0.sequencesPerSecond > 0 })
        #expect(reports.last!.trainingLoss < reports.first!.trainingLoss)
        #expect(first.network.parameters.map(\.value) == second.network.parameters.map(\.value))
        #expect([0.5, 0.6].contains(first.periodQuantile))
        #expect(first.metrics["validation.period_start.alert_accuracy"] != nil)
        #expect(reports[0].jsonLine.contains("\"training_loss\""))
        #expect(first.properties["augment_missingness"] == "true")
        #expect(first.modelFile().header.properties["period_target"] == LSTMCyclePredictor.periodTarget)
    }
}
