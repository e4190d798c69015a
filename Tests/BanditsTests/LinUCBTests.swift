import Foundation
import Testing
import TensorCore
import _TestSupport
@testable import Bandits

@Suite struct LinUCBTests {
    @Test func disjointArmsMatchPerArmClosedFormRidge() throws {
        var bandit = try DisjointLinUCB(featureCount: 3, regularization: 1, forgettingFactor: 0.95)
        var generator = SeededGenerator(seed: 11)
        var perArm: [Int: ([[Float]], [Float])] = [:]
        for _ in 0..<60 {
            let rows = (0..<4).map { _ in (0..<3).map { _ in Float(generator.nextNormal()) } }
            let candidates = try CandidateSet(features: rows, armIdentifiers: [10, 20, 30, 40])
            let decision = try bandit.decide(candidates, using: &generator)
            let reward = Float(generator.nextUniform())
            try bandit.update(candidates, chosenIndex: decision.chosenIndex, reward: Double(reward))
            let arm = candidates.armIdentifiers[decision.chosenIndex]
            perArm[arm, default: ([], [])].0.append(rows[decision.chosenIndex])
            perArm[arm, default: ([], [])].1.append(reward)
        }
        for (arm, data) in perArm {
            let expected = closedFormRidge(data.0, data.1, lambda: 1, gamma: 0.95, priorMean: [0, 0, 0])
            #expect(isClose(bandit.arms[arm]!.coefficients, expected.map(Float.init), absolute: 1e-4, relative: 1e-3))
        }
    }

    /// The hybrid model's `β` and `θ_a` equal the joint ridge solution over `[z; 0 … x … 0]`.
    @Test(arguments: [Float(1), 0.9])
    func hybridMatchesJointClosedFormRidge(gamma: Float) throws {
        let k = 3, m = 2, armCount = 3
        var bandit = try HybridLinUCB(featureCount: k, armFeatureCount: m, regularization: 1.5, forgettingFactor: gamma)
        var generator = SeededGenerator(seed: 5)
        var jointRows: [[Float]] = [], rewards: [Float] = []
        for _ in 0..<40 {
            let z = (0..<armCount).map { _ in (0..<k).map { _ in Float(generator.nextNormal()) } }
            let x = (0..<armCount).map { _ in (0..<m).map { _ in Float(generator.nextNormal()) } }
            let candidates = try CandidateSet(features: z, armIdentifiers: [0, 1, 2], armFeatures: x)
            let decision = try bandit.decide(candidates, using: &generator)
            let reward = Float(generator.nextNormal())
            try bandit.update(candidates, chosenIndex: decision.chosenIndex, reward: Double(reward))
            var joint = z[decision.chosenIndex] + [Float](repeating: 0, count: armCount * m)
            for j in 0..<m { joint[k + decision.chosenIndex * m + j] = x[decision.chosenIndex][j] }
            jointRows.append(joint)
            rewards.append(reward)
        }
        let expected = closedFormRidge(jointRows, rewards, lambda: 1.5, gamma: Double(gamma),
                                       priorMean: [Double](repeating: 0, count: k + armCount * m)).map(Float.init)
        #expect(isClose(bandit.sharedCoefficients, Array(expected[0..<k]), absolute: 2e-4, relative: 2e-3))
        for arm in 0..<armCount {
            #expect(isClose(bandit.armCoefficients(arm), Array(expected[(k + arm * m)..<(k + (arm + 1) * m)]),
                            absolute: 2e-4, relative: 2e-3))
        }
    }

    /// The hybrid widths `‖W(z − w)‖² + xᵀA_a⁻¹x` (from `W = L⁻¹`, `A₀ = LLᵀ`) equal the joint ridge
    /// posterior variance `φᵀP⁻¹φ` with `φ = [z; 0 … x … 0]`, for the per-arm-bias path (`m = 1`)
    /// and the general one.
    @Test(arguments: [(1, Float(0.9)), (2, Float(1))])
    func hybridWidthsMatchJointClosedFormVariance(armFeatureCount m: Int, gamma: Float) throws {
        let k = 4, armCount = 3, lambda = 1.5
        var bandit = try HybridLinUCB(featureCount: k, armFeatureCount: m, regularization: Float(lambda), forgettingFactor: gamma)
        var generator = SeededGenerator(seed: 9)
        func draw() throws -> (CandidateSet, [[Float]], [[Float]]) {
            let z = (0..<armCount).map { _ in (0..<k).map { _ in Float(generator.nextNormal()) } }
            let x = (0..<armCount).map { _ in m == 1 ? [Float(1)] : (0..<m).map { _ in Float(generator.nextNormal()) } }
            return (try CandidateSet(features: z, armIdentifiers: [0, 1, 2], armFeatures: x), z, x)
        }
        func joint(_ z: [Float], _ x: [Float], arm: Int) -> [Double] {
            var row = z.map(Double.init) + [Double](repeating: 0, count: armCount * m)
            for j in 0..<m { row[k + arm * m + j] = Double(x[j]) }
            return row
        }
        var rows: [[Double]] = []
        for _ in 0..<30 {
            let (candidates, z, x) = try draw()
            let decision = try bandit.decide(candidates, using: &generator)
            try bandit.update(candidates, chosenIndex: decision.chosenIndex, reward: generator.nextNormal())
            rows.append(joint(z[decision.chosenIndex], x[decision.chosenIndex], arm: decision.chosenIndex))
        }
        let size = k + armCount * m
        var precision = [[Double]](repeating: [Double](repeating: 0, count: size), count: size)
        for i in 0..<size { precision[i][i] = lambda }
        for (s, row) in rows.enumerated() {
            let weight = Foundation.pow(Double(gamma), Double(rows.count - 1 - s))
            for i in 0..<size { for j in 0..<size { precision[i][j] += weight * row[i] * row[j] } }
        }
        let (candidates, z, x) = try draw()
        let widths = bandit.meansAndWidths(candidates).widths
        for arm in 0..<armCount {
            let phi = joint(z[arm], x[arm], arm: arm)
            let solved = solveLinearSystem(precision, phi)
            let variance = zip(phi, solved).map { $0 * $1 }.reduce(0, +)
            #expect(abs(widths[arm] - variance.squareRoot()) <= 1e-4 + 1e-3 * variance.squareRoot())
        }
    }

    /// The means-only path the recommender uses equals the means of `meansAndWidths`, bit for bit.
    @Test func hybridExpectedRewardsEqualTheMeansOfMeansAndWidths() throws {
        var bandit = try HybridLinUCB(featureCount: 4, armFeatureCount: 1, regularization: 2, forgettingFactor: 0.95)
        var generator = SeededGenerator(seed: 11)
        let rows = (0..<12).map { _ in (0..<4).map { _ in Float(generator.nextNormal()) } }
        let candidates = try CandidateSet(features: rows, armIdentifiers: (0..<12).map { $0 / 3 }, armFeatures: rows.map { _ in [1] })
        for step in 0..<30 { try bandit.update(candidates, chosenIndex: (step * 5) % 9, reward: Double(step % 2)) }
        #expect(bandit.expectedRewards(candidates) == bandit.meansAndWidths(candidates).means)
    }

    @Test func hybridSurvivesLongRepetitionWithForgetting() throws {
        var bandit = try HybridLinUCB(featureCount: 3, armFeatureCount: 1, forgettingFactor: 0.9)
        let candidates = try CandidateSet(features: [[1, 0, 0], [0, 1, 0]], armIdentifiers: [0, 1], armFeatures: [[1], [1]])
        for _ in 0..<500 { try bandit.update(candidates, chosenIndex: 0, reward: 1) }
        #expect(bandit.upperConfidenceBounds(candidates).allSatisfy { $0.isFinite })
    }

    @Test func epsilonGreedyPropensitiesSumToOneAndMatchTheChoice() throws {
        var bandit = try HybridLinUCB(featureCount: 2, armFeatureCount: 1, exploration: .epsilonGreedy(epsilon: 0.1))
        var generator = SeededGenerator(seed: 1)
        for _ in 0..<20 {
            let rows = (0..<5).map { _ in (0..<2).map { _ in Float(generator.nextNormal()) } }
            let candidates = try CandidateSet(features: rows, armIdentifiers: Array(0..<5), armFeatures: Array(repeating: [1], count: 5))
            let decision = try bandit.decide(candidates, using: &generator)
            #expect(abs(decision.probabilities.reduce(0, +) - 1) < 1e-12)
            #expect(decision.propensity == decision.probabilities[decision.chosenIndex])
            #expect(decision.probabilities.allSatisfy { $0 >= 0.1 / 5 - 1e-12 })
            try bandit.update(candidates, chosenIndex: decision.chosenIndex, reward: 1)
        }
    }

    @Test func softmaxPropensitiesSumToOne() throws {
        let distribution = ExplorationStrategy.softmax(temperature: 0.2).probabilities(for: [0.1, 0.5, 0.4, -3])
        #expect(abs(distribution.reduce(0, +) - 1) < 1e-12)
        #expect(distribution[1] > distribution[2] && distribution[2] > distribution[0])
        #expect(throws: BanditError.self) { try ExplorationStrategy.softmax(temperature: 0).validate() }
    }

    @Test func learnsTheBestArmOnAStationaryProblem() throws {
        var bandit = try HybridLinUCB(featureCount: 1, armFeatureCount: 1, explorationWidth: 0.5)
        var generator = SeededGenerator(seed: 9)
        let means: [Double] = [0.2, 0.8, 0.5]
        let candidates = try CandidateSet(features: [[1], [1], [1]], armIdentifiers: [0, 1, 2], armFeatures: [[1], [1], [1]])
        var bestChoices = 0
        for round in 0..<300 {
            let decision = try bandit.decide(candidates, using: &generator)
            if round >= 200, decision.chosenIndex == 1 { bestChoices += 1 }
            try bandit.update(candidates, chosenIndex: decision.chosenIndex,
                              reward: generator.nextBernoulli(means[decision.chosenIndex]) ? 1 : 0)
        }
        #expect(bestChoices > 80)
    }
}
