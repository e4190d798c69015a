import Testing
import TensorCore
import _TestSupport
@testable import Bandits

/// Closed-form discounted ridge solution in double precision (Gaussian elimination):
/// `θ = (λI + Σ γ^(n−s) x xᵀ)⁻¹ (λμ₀ + Σ γ^(n−s) r x)`.
func closedFormRidge(_ rows: [[Float]], _ rewards: [Float], lambda: Double, gamma: Double, priorMean: [Double]) -> [Double] {
    let k = priorMean.count, n = rows.count
    var a = [[Double]](repeating: [Double](repeating: 0, count: k), count: k)
    var b = [Double](repeating: 0, count: k)
    let priorWeight = lambda
    for i in 0..<k { a[i][i] = priorWeight; b[i] = priorWeight * priorMean[i] }
    for (s, row) in rows.enumerated() {
        let weight = Foundation.pow(gamma, Double(n - 1 - s))
        for i in 0..<k {
            b[i] += weight * Double(rewards[s]) * Double(row[i])
            for j in 0..<k { a[i][j] += weight * Double(row[i]) * Double(row[j]) }
        }
    }
    return solveLinearSystem(a, b)
}

func solveLinearSystem(_ matrix: [[Double]], _ rightHandSide: [Double]) -> [Double] {
    var a = matrix, b = rightHandSide
    let n = b.count
    for column in 0..<n {
        let pivot = (column..<n).max { abs(a[$0][column]) < abs(a[$1][column]) }!
        a.swapAt(column, pivot); b.swapAt(column, pivot)
        for row in (column + 1)..<n {
            let factor = a[row][column] / a[column][column]
            for j in column..<n { a[row][j] -= factor * a[column][j] }
            b[row] -= factor * b[column]
        }
    }
    var x = [Double](repeating: 0, count: n)
    for row in stride(from: n - 1, through: 0, by: -1) {
        var total = b[row]
        for j in (row + 1)..<n { total -= a[row][j] * x[j] }
        x[row] = total / a[row][row]
    }
    return x
}

import Foundation

@Suite struct RidgeEstimatorTests {
    func randomRows(_ count: Int, _ k: Int, seed: UInt64) -> ([[Float]], [Float]) {
        var generator = SeededGenerator(seed: seed)
        let rows = (0..<count).map { _ in (0..<k).map { _ in Float(generator.nextNormal()) } }
        let rewards = rows.map { row in Float(0.5 * Double(row[0]) - 0.3 * Double(row[1]) + 0.1 * generator.nextNormal()) }
        return (rows, rewards)
    }

    @Test(arguments: [Float(1), 0.97])
    func shermanMorrisonUpdatesMatchClosedFormRidge(gamma: Float) throws {
        let k = 6
        let (rows, rewards) = randomRows(50, k, seed: 7)
        let prior: [Float] = [0.1, 0, 0, 0.2, 0, -0.1]
        var estimator = try RidgeEstimator(featureCount: k, regularization: 2, forgettingFactor: gamma,
                                           priorMean: prior, refreshInterval: 0)
        for (row, reward) in zip(rows, rewards) { try estimator.update(features: row, reward: reward) }
        let expected = closedFormRidge(rows, rewards, lambda: 2, gamma: Double(gamma), priorMean: prior.map(Double.init))
        #expect(isClose(estimator.coefficients, expected.map(Float.init), absolute: 1e-4, relative: 1e-3))
    }

    @Test func choleskyRefreshAgreesWithShermanMorrison() throws {
        let (rows, rewards) = randomRows(40, 5, seed: 3)
        var estimator = try RidgeEstimator(featureCount: 5, forgettingFactor: 0.99, refreshInterval: 0)
        for (row, reward) in zip(rows, rewards) { try estimator.update(features: row, reward: reward) }
        let before = estimator.covariance
        try estimator.refreshCovariance()
        #expect(isClose(before, estimator.covariance, absolute: 1e-5, relative: 1e-3))
    }

    /// Forgetting never erodes the prior: a thousand identical updates keep `A` positive definite.
    @Test func longRepetitionWithForgettingStaysWellConditioned() throws {
        var estimator = try RidgeEstimator(featureCount: 4, regularization: 1, forgettingFactor: 0.9)
        for _ in 0..<1000 { try estimator.update(features: [1, 0, 0, 0], reward: 1) }
        try estimator.refreshCovariance()
        #expect(estimator.coefficients.allSatisfy { $0.isFinite })
        #expect(abs(estimator.covariance[5] - 1) < 1e-5)   // an unseen direction keeps variance 1/λ
    }

    @Test func priorMeanIsTheColdStartEstimate() throws {
        let estimator = try RidgeEstimator(featureCount: 3, regularization: 4, priorMean: [0.2, -0.1, 0.5])
        #expect(estimator.coefficients == [0.2, -0.1, 0.5])
    }

    @Test func rejectsBadParameters() {
        #expect(throws: BanditError.self) { try RidgeEstimator(featureCount: 3, forgettingFactor: 1.5) }
        #expect(throws: BanditError.self) { try RidgeEstimator(featureCount: 3, regularization: 0) }
        #expect(throws: BanditError.self) {
            var estimator = try RidgeEstimator(featureCount: 3)
            try estimator.update(features: [1, 2], reward: 1)
        }
    }
}
