import Testing
import TensorCore
import _TestSupport
@testable import Bandits

@Suite struct LinearThompsonSamplingTests {
    @Test func updatesMatchClosedFormRidge() throws {
        var bandit = try LinearThompsonSampling(featureCount: 3, regularization: 1, forgettingFactor: 0.98, priorMean: [0.3, 0, 0])
        var generator = SeededGenerator(seed: 21)
        var chosenRows: [[Float]] = [], rewards: [Float] = []
        for _ in 0..<50 {
            let rows = (0..<4).map { _ in (0..<3).map { _ in Float(generator.nextNormal()) } }
            let candidates = try CandidateSet(features: rows)
            let decision = try bandit.decide(candidates, using: &generator)
            let reward: Float = generator.nextBernoulli(0.5) ? 1 : 0
            try bandit.update(candidates, chosenIndex: decision.chosenIndex, reward: Double(reward))
            chosenRows.append(rows[decision.chosenIndex]); rewards.append(reward)
        }
        let expected = closedFormRidge(chosenRows, rewards, lambda: 1, gamma: 0.98, priorMean: [0.3, 0, 0])
        #expect(isClose(bandit.model.coefficients, expected.map(Float.init), absolute: 1e-4, relative: 1e-3))
    }

    @Test func propensitiesSumToOneWithAFloor() throws {
        var bandit = try LinearThompsonSampling(featureCount: 2, uniformFloor: 0.05)
        var generator = SeededGenerator(seed: 2)
        let candidates = try CandidateSet(features: [[1, 0], [0, 1], [1, 1], [0.5, 0.5]])
        let decision = try bandit.decide(candidates, using: &generator)
        #expect(abs(decision.probabilities.reduce(0, +) - 1) < 1e-9)
        #expect(decision.probabilities.allSatisfy { $0 >= 0.05 / 4 - 1e-12 })
        #expect(decision.propensity == decision.probabilities[decision.chosenIndex])
    }

    @Test func sameSeedSameDecisions() throws {
        func run() throws -> [Int] {
            var bandit = try LinearThompsonSampling(featureCount: 2)
            var generator = SeededGenerator(seed: 77)
            let candidates = try CandidateSet(features: [[1, 0], [0, 1], [1, 1]])
            return try (0..<30).map { _ in
                let decision = try bandit.decide(candidates, using: &generator)
                try bandit.update(candidates, chosenIndex: decision.chosenIndex, reward: decision.chosenIndex == 2 ? 1 : 0)
                return decision.chosenIndex
            }
        }
        #expect(try run() == run())
    }
}
