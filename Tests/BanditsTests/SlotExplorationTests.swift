import Foundation
import Testing
import TensorCore
@testable import Bandits

@Suite struct SlotExplorationTests {
    /// ε-greedy over the allowed candidates: ε/K + (1 − ε) on the best, ε/K elsewhere, exactly,
    /// and a later slot's propensity is conditioned on the earlier pick (the pick is not allowed).
    @Test func epsilonGreedyPropensitiesAreExact() {
        let exploration = SlotExploration.strategy(.epsilonGreedy(epsilon: 0.2))
        let scores = [0.1, 0.9, 0.5, 0.3]
        var generator = SeededGenerator(seed: 5)
        var counts = [Int](repeating: 0, count: 4)
        for _ in 0..<4000 {
            let choice = exploration.choose(scores: scores, deviations: [], allowed: [0, 1, 2, 3], using: &generator)
            let expected = choice.index == 1 ? 0.2 / 4 + 0.8 : 0.2 / 4
            #expect(choice.propensity == expected && choice.standardError == nil)
            counts[choice.index] += 1
        }
        #expect(abs(Double(counts[1]) / 4000 - 0.85) < 0.02)
        // Second slot after the best was picked: the best of the other three gets 0.2/3 + 0.8.
        let later = exploration.exactProbabilities(scores: scores, allowed: [0, 2, 3])!
        #expect(later == [0.2 / 3, 0.2 / 3 + 0.8, 0.2 / 3])
        var again = SeededGenerator(seed: 9)
        #expect(exploration.propensity(of: 2, scores: scores, deviations: [], allowed: [0, 2, 3], using: &again).propensity == 0.2 / 3 + 0.8)
        #expect(exploration.propensity(of: 1, scores: scores, deviations: [], allowed: [0, 2, 3], using: &again).propensity == 0)
    }

    @Test func softmaxPropensitiesAreTheSoftmaxOfTheAllowedScores() {
        let exploration = SlotExploration.strategy(.softmax(temperature: 0.5))
        let probabilities = exploration.exactProbabilities(scores: [1, 2, 3], allowed: [0, 2])!
        let expected = exp(1 / 0.5) / (exp(1 / 0.5) + exp(3 / 0.5))
        #expect(abs(probabilities[0] - expected) < 1e-15 && abs(probabilities.reduce(0, +) - 1) < 1e-15)
    }

    /// Two candidates with Gaussian draws: P(first wins) = Φ((s₁ − s₂) / (v √(σ₁² + σ₂²))). The
    /// Monte-Carlo propensity lies within its own 95 % interval of that value (checked on 40 seeds:
    /// at least 34 must cover, the nominal rate less 10 points).
    @Test func thompsonMonteCarloPropensityCoversTheTwoArmValue() {
        let scale = 1.5, floor = 0.1
        let exploration = SlotExploration.thompson(posteriorScale: scale, uniformFloor: floor, drawCount: 2000)
        let scores = [0.3, 0.1], deviations = [0.2, 0.1]
        let z = (scores[0] - scores[1]) / (scale * (deviations[0] * deviations[0] + deviations[1] * deviations[1]).squareRoot())
        let win = 0.5 * erfc(-z / 2.0.squareRoot())
        let exact = floor / 2 + (1 - floor) * win
        var covered = 0
        for seed in 0..<40 {
            var generator = SeededGenerator(seed: UInt64(seed))
            let (estimate, error) = exploration.propensity(of: 0, scores: scores, deviations: deviations, allowed: [0, 1], using: &generator)
            let standardError = try! #require(error)
            #expect(standardError > 0 && standardError < 0.02)
            if abs(estimate - exact) <= 1.96 * standardError { covered += 1 }
        }
        #expect(covered >= 34, "covered \(covered) of 40")
        // The choices follow the same probability.
        var generator = SeededGenerator(seed: 77)
        var first = 0
        for _ in 0..<4000 where exploration.choose(scores: scores, deviations: deviations, allowed: [0, 1], using: &generator).index == 0 {
            first += 1
        }
        #expect(abs(Double(first) / 4000 - exact) < 0.03)
    }

    @Test func pairedDifferenceOfAPolicyWithItselfIsZero() throws {
        let rows = (0..<50).map { OffPolicyRow(reward: Double($0 % 3) / 2, loggingPropensity: 0.5, targetPropensity: 0.3,
                                               estimatedReward: 0.4, targetExpectedReward: 0.5) }
        let zero = try OffPolicyEvaluation.difference(.doublyRobust, candidate: rows, baseline: rows)
        #expect(zero == OffPolicyEstimate(value: 0, lower: 0, upper: 0))
        let better = rows.map { OffPolicyRow(reward: $0.reward, loggingPropensity: 0.5, targetPropensity: 0.3, estimatedReward: 0.4,
                                             targetExpectedReward: 0.7) }
        let gain = try OffPolicyEvaluation.difference(.doublyRobust, candidate: better, baseline: rows)
        #expect(abs(gain.value - 0.2) < 1e-12 && abs(gain.lower - 0.2) < 1e-12)
    }

    /// OBP's definitions on a hand-computed two-row log.
    @Test func estimatorsFollowTheirDefinitions() throws {
        let rows = [OffPolicyRow(reward: 1, loggingPropensity: 0.5, targetPropensity: 1, estimatedReward: 0.5, targetExpectedReward: 0.6),
                    OffPolicyRow(reward: 0, loggingPropensity: 0.1, targetPropensity: 0.5, estimatedReward: 0.2, targetExpectedReward: 0.3)]
        var settings = OffPolicyEvaluation.Settings()
        settings.switchThreshold = 3
        settings.shrinkage = 4
        // w = 2 and 5.
        let expected: [OffPolicyEstimator: Double] = [
            .inversePropensity: (2 * 1 + 5 * 0) / 2,
            .selfNormalizedInversePropensity: 2.0 / 7,
            .directMethod: (0.6 + 0.3) / 2,
            .doublyRobust: ((0.6 + 2 * 0.5) + (0.3 + 5 * -0.2)) / 2,
            .switchDoublyRobust: ((0.6 + 2 * 0.5) + 0.3) / 2,
            .doublyRobustWithShrinkage: ((0.6 + 4.0 * 2 / 8 * 0.5) + (0.3 + 4.0 * 5 / 29 * -0.2)) / 2,
        ]
        for (estimator, value) in expected {
            #expect(abs(try OffPolicyEvaluation.value(estimator, rows, settings: settings) - value) < 1e-15, "\(estimator)")
        }
        #expect(abs(OffPolicyEvaluation.effectiveSampleSize(rows) - 49.0 / 29) < 1e-15)
    }
}
