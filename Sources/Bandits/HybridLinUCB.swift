import Foundation
import TensorCore

/// Hybrid LinUCB (Li et al. 2010, Algorithm 2): a shared coefficient vector `β` over each
/// candidate's shared features `z` (length `k`) plus a per-arm vector `θ_a` over its arm
/// features `x` (length `m`), with exponential forgetting `γ` of the data (the ridge prior `λ`
/// keeps its weight):
///
///     A_a = λI + Σ γ^(n−s) x xᵀ,  B_a = Σ γ^(n−s) x zᵀ,  c_a = Σ γ^(n−s) r x      (arm a's data)
///     A₀  = λI + Σ γ^(n−s) z zᵀ − Σ_a B_aᵀ A_a⁻¹ B_a,   b₀ = λμ₀ + Σ γ^(n−s) r z − Σ_a B_aᵀ A_a⁻¹ c_a
///     β = A₀⁻¹ b₀,   θ_a = A_a⁻¹ (c_a − B_a β)
///     width²(a) = (z − w)ᵀ A₀⁻¹ (z − w) + xᵀA_a⁻¹x,   w = B_aᵀ A_a⁻¹ x
///     score(a) = zᵀβ + xᵀθ_a + α · width(a)
///
/// `A₀` is the Schur complement of the joint ridge system, so `β` and `θ_a` equal the joint ridge
/// solution over `[z; 0 … x … 0]` (tested against the closed form). After each update the Schur
/// terms of every seen arm are recomputed (`O(arms · m² · k²)`; forgetting changes them all, and
/// only the lower triangle is summed), and `A₀ = LLᵀ` is factorized in double precision
/// (`_CholeskyInverse`). Only `W = L⁻¹` is kept: `A₀⁻¹ = WᵀW`, so `β = Wᵀ(W b₀)` and the shared
/// width is `‖W(z − w)‖²`, which saves the `WᵀW` product (a third of an inversion). An update
/// allocates nothing once its arm has been seen.
public struct HybridLinUCB: ContextualBandit {
    public let featureCount: Int
    /// Length `m` of the per-arm feature rows.
    public let armFeatureCount: Int
    /// Ridge strength `λ`.
    public let regularization: Float
    /// Forgetting factor `γ ∈ (0, 1]`.
    public let forgettingFactor: Float
    /// Width `α` of the confidence bonus.
    public let explorationWidth: Double
    /// Turns scores into the logged action distribution.
    public let exploration: ExplorationStrategy
    /// Shared coefficients `β`, length `k`.
    public private(set) var sharedCoefficients: [Float]
    private let priorRewards: [Float]             // λ μ₀
    private var sharedData: [Float]               // Σ γ z zᵀ, k×k (lower triangle)
    private var sharedDataRewards: [Float]        // Σ γ r z
    private var sharedPrecision: [Float]          // A₀ (lower triangle)
    private var sharedInverseFactor: [Float]      // W = L⁻¹ with A₀ = LLᵀ (lower triangular)
    private var sharedRewardsTotal: [Float]       // b₀
    private var scaledCrossTerms: [Float] = []    // m = 1: row a is B_a √(A_a⁻¹), slots × k
    private var scaledRewards: [Float] = []       // m = 1: c_a √(A_a⁻¹), slots
    private var workspace: _CholeskyInverse
    // Per-arm statistics in flat storage, one slot per arm seen (no per-arm allocation).
    private var slotOfArm: [Int: Int] = [:]
    private var armData: [Float] = []             // Σ γ x xᵀ, slots × m × m
    private var armPrecisionInverse: [Float] = [] // (λI + armData)⁻¹
    private var armCrossTerms: [Float] = []       // B_a, slots × m × k
    private var armRewards: [Float] = []          // c_a, slots × m
    private var slotCount = 0

    /// - Parameter priorMean: cold-start mean of `β` (`b₀ = λ μ₀`).
    /// - Throws: `BanditError.invalidParameter` or `.featureCountMismatch`.
    public init(featureCount: Int, armFeatureCount: Int, regularization: Float = 1, forgettingFactor: Float = 1,
                explorationWidth: Double = 1, exploration: ExplorationStrategy = .epsilonGreedy(epsilon: 0.05),
                priorMean: [Float]? = nil) throws {
        try exploration.validate()
        guard featureCount > 0, armFeatureCount >= 0 else {
            throw BanditError.invalidParameter(name: "featureCount", value: Double(featureCount), expected: "> 0 (and armFeatureCount >= 0)")
        }
        guard regularization > 0, forgettingFactor > 0, forgettingFactor <= 1, explorationWidth >= 0 else {
            throw BanditError.invalidParameter(name: "regularization/forgettingFactor/explorationWidth", value: Double(forgettingFactor),
                                               expected: "λ > 0, γ in (0, 1], α >= 0")
        }
        let mean = priorMean ?? [Float](repeating: 0, count: featureCount)
        guard mean.count == featureCount else {
            throw BanditError.featureCountMismatch(what: "prior mean", expected: featureCount, found: mean.count)
        }
        self.featureCount = featureCount
        self.armFeatureCount = armFeatureCount
        self.regularization = regularization
        self.forgettingFactor = forgettingFactor
        self.explorationWidth = explorationWidth
        self.exploration = exploration
        priorRewards = mean.map { $0 * regularization }
        sharedData = [Float](repeating: 0, count: featureCount * featureCount)
        sharedDataRewards = [Float](repeating: 0, count: featureCount)
        sharedPrecision = _scaledIdentity(featureCount, regularization)
        sharedInverseFactor = _scaledIdentity(featureCount, 1 / regularization.squareRoot())
        sharedCoefficients = mean
        sharedRewardsTotal = priorRewards
        workspace = _CholeskyInverse(order: featureCount)
    }

    /// Per-arm coefficients `θ_a = A_a⁻¹(c_a − B_a β)` for `arm` (zeros for an unseen arm).
    public func armCoefficients(_ arm: Int) -> [Float] {
        var theta = [Float](repeating: 0, count: armFeatureCount)
        if let slot = slotOfArm[arm] { armCoefficients(slot: slot, into: &theta) }
        return theta
    }

    private func armCoefficients(slot: Int, into theta: inout [Float]) {
        let m = armFeatureCount, k = featureCount
        for i in 0..<m {
            var total: Float = 0
            for p in 0..<m {
                var residual = armRewards[slot * m + p]
                let base = (slot * m + p) * k
                for j in 0..<k { residual -= armCrossTerms[base + j] * sharedCoefficients[j] }
                total += armPrecisionInverse[(slot * m + i) * m + p] * residual
            }
            theta[i] = total
        }
    }

    /// The slot of `arm`, created empty if new.
    private mutating func slot(for arm: Int) -> Int {
        if let slot = slotOfArm[arm] { return slot }
        let m = armFeatureCount, k = featureCount
        let slot = slotCount
        slotCount += 1
        slotOfArm[arm] = slot
        armData += [Float](repeating: 0, count: m * m)
        armPrecisionInverse += _scaledIdentity(m, 1 / regularization)
        armCrossTerms += [Float](repeating: 0, count: m * k)
        armRewards += [Float](repeating: 0, count: m)
        if m == 1 {
            scaledCrossTerms += [Float](repeating: 0, count: k)
            scaledRewards.append(0)
        }
        return slot
    }

    /// Means and confidence widths of every candidate.
    ///
    /// The shared quadratic forms `(z − w)ᵀA₀⁻¹(z − w) = ‖W(z − w)‖²` of all candidates come from
    /// one `sgemm` (`[K, k] · Wᵀ`) followed by row-wise sums of squares.
    public func meansAndWidths(_ candidates: CandidateSet) -> (means: [Double], widths: [Double]) {
        let k = featureCount, m = armFeatureCount, count = candidates.count
        if count == 0 { return ([], []) }
        var means = [Double](repeating: 0, count: count)
        var armVariances = [Float](repeating: 0, count: count)
        var differences = candidates.features          // becomes z − B_aᵀA_a⁻¹x, shape [K, k]
        var solved = [Float](repeating: 0, count: m)
        var theta = [Float](repeating: 0, count: m)
        let unseenInverse = 1 / regularization
        for index in 0..<count {
            let zBase = index * k, xBase = index * m
            var mean: Float = 0
            for j in 0..<k { mean += candidates.features[zBase + j] * sharedCoefficients[j] }
            var armVariance: Float = 0
            if m > 0 {
                if let slot = slotOfArm[candidates.armIdentifiers[index]] {
                    armCoefficients(slot: slot, into: &theta)
                    for i in 0..<m {
                        mean += candidates.armFeatures[xBase + i] * theta[i]
                        var total: Float = 0
                        for j in 0..<m { total += armPrecisionInverse[(slot * m + i) * m + j] * candidates.armFeatures[xBase + j] }
                        solved[i] = total
                        armVariance += candidates.armFeatures[xBase + i] * total
                    }
                    for i in 0..<m {
                        let coefficient = solved[i]
                        let base = (slot * m + i) * k
                        for j in 0..<k { differences[zBase + j] -= armCrossTerms[base + j] * coefficient }
                    }
                } else {
                    for i in 0..<m {
                        let x = candidates.armFeatures[xBase + i]
                        armVariance += x * x * unseenInverse
                    }
                }
            }
            means[index] = Double(mean)
            armVariances[index] = armVariance
        }
        var projected = [Float](repeating: 0, count: count * k)   // differences · Wᵀ
        differences.withUnsafeBufferPointer { d in
            sharedInverseFactor.withUnsafeBufferPointer { factor in
                projected.withUnsafeMutableBufferPointer { p in
                    BLAS.sgemm(transposeA: false, transposeB: true, m: count, n: k, k: k, alpha: 1,
                               a: d.baseAddress!, lda: k, b: factor.baseAddress!, ldb: k, beta: 0, c: p.baseAddress!, ldc: k)
                }
            }
        }
        var widths = [Double](repeating: 0, count: count)
        for index in 0..<count {
            var sharedVariance: Float = 0
            let base = index * k
            for j in 0..<k { sharedVariance += projected[base + j] * projected[base + j] }
            widths[index] = Double(max(sharedVariance + armVariances[index], 0)).squareRoot()
        }
        return (means, widths)
    }

    /// Posterior means `zᵀβ + xᵀθ_a` of every candidate, without the confidence widths (the same
    /// values, bit for bit, as `meansAndWidths(_:).means`). Consecutive candidates of one arm share
    /// one lookup of its coefficients.
    public func expectedRewards(_ candidates: CandidateSet) -> [Double] {
        let k = featureCount, m = armFeatureCount, count = candidates.count
        var means = [Double](repeating: 0, count: count)
        var theta = [Float](repeating: 0, count: m)
        var previousArm: Int?, previousSlot: Int?
        candidates.features.withUnsafeBufferPointer { features in
            sharedCoefficients.withUnsafeBufferPointer { beta in
                for index in 0..<count {
                    let z = features.baseAddress! + index * k
                    var mean: Float = 0
                    for j in 0..<k { mean += z[j] * beta[j] }
                    if m > 0 {
                        let arm = candidates.armIdentifiers[index]
                        if arm != previousArm {
                            previousArm = arm
                            previousSlot = slotOfArm[arm]
                            if let slot = previousSlot { armCoefficients(slot: slot, into: &theta) }
                        }
                        if previousSlot != nil {
                            for i in 0..<m { mean += candidates.armFeatures[index * m + i] * theta[i] }
                        }
                    }
                    means[index] = Double(mean)
                }
            }
        }
        return means
    }

    /// Upper confidence bounds `mean + α · width` of every candidate.
    public func upperConfidenceBounds(_ candidates: CandidateSet) -> [Double] {
        let (means, widths) = meansAndWidths(candidates)
        return zip(means, widths).map { $0 + explorationWidth * $1 }
    }

    public mutating func decide(_ candidates: CandidateSet, using generator: inout some RandomNumberGenerator) throws -> BanditDecision {
        try checkShape(candidates)
        guard candidates.armFeatureCount == armFeatureCount else {
            throw BanditError.featureCountMismatch(what: "candidate arm features", expected: armFeatureCount, found: candidates.armFeatureCount)
        }
        return exploration.decide(scores: upperConfidenceBounds(candidates), using: &generator)
    }

    public mutating func update(_ candidates: CandidateSet, chosenIndex: Int, reward: Double) throws {
        try checkIndex(chosenIndex, in: candidates)
        guard candidates.armFeatureCount == armFeatureCount else {
            throw BanditError.featureCountMismatch(what: "candidate arm features", expected: armFeatureCount, found: candidates.armFeatureCount)
        }
        let k = featureCount, m = armFeatureCount
        let zBase = chosenIndex * k, xBase = chosenIndex * m
        let r = Float(reward), gamma = forgettingFactor
        if gamma != 1 {
            _scale(&sharedData, by: gamma)
            _scale(&sharedDataRewards, by: gamma)
            _scale(&armData, by: gamma)
            _scale(&armCrossTerms, by: gamma)
            _scale(&armRewards, by: gamma)
        }
        candidates.features.withUnsafeBufferPointer { features in
            let z = features.baseAddress! + zBase
            sharedData.withUnsafeMutableBufferPointer { data in
                for i in 0..<k {
                    let zi = z[i], row = data.baseAddress! + i &* k
                    for j in 0..<(i &+ 1) { row[j] += zi * z[j] }
                }
            }
            sharedDataRewards.withUnsafeMutableBufferPointer { rewards in
                for i in 0..<k { rewards[i] += r * z[i] }
            }
        }
        var chosenSlot = -1
        if m > 0 {
            chosenSlot = slot(for: candidates.armIdentifiers[chosenIndex])
            for i in 0..<m {
                let x = candidates.armFeatures[xBase + i]
                for j in 0..<m { armData[(chosenSlot * m + i) * m + j] += x * candidates.armFeatures[xBase + j] }
                candidates.features.withUnsafeBufferPointer { features in
                    armCrossTerms.withUnsafeMutableBufferPointer { cross in
                        let z = features.baseAddress! + zBase, row = cross.baseAddress! + (chosenSlot * m + i) * k
                        for j in 0..<k { row[j] += x * z[j] }
                    }
                }
                armRewards[chosenSlot * m + i] += r * x
            }
        }
        // A₀ = λI + shared data − Σ_a B_aᵀ A_a⁻¹ B_a;  b₀ = λμ₀ + shared rewards − Σ_a B_aᵀ A_a⁻¹ c_a
        // (lower triangle of A₀ only: the inversion reads nothing else).
        sharedPrecision.withUnsafeMutableBufferPointer { precision in
            sharedData.withUnsafeBufferPointer { data in
                precision.baseAddress!.update(from: data.baseAddress!, count: k * k)
            }
            for i in 0..<k { precision[i &* k &+ i] += regularization }
        }
        for i in 0..<k { sharedRewardsTotal[i] = priorRewards[i] + sharedDataRewards[i] }
        if m > 0 {
            if m == 1 {
                refreshBiasInverses(all: gamma != 1, chosenSlot: chosenSlot)
            } else {
                for slot in 0..<slotCount where gamma != 1 || slot == chosenSlot { try refreshArmInverse(slot: slot) }
            }
            subtractSchurTerms()
        }
        let inverted = sharedPrecision.withUnsafeBufferPointer { a in
            sharedInverseFactor.withUnsafeMutableBufferPointer { factor in workspace.invertFactor(a.baseAddress!, into: factor.baseAddress!) }
        }
        guard inverted else {
            throw BanditError.numericalFailure(operation: "hybrid LinUCB shared solve", detail: "A₀ is not positive definite")
        }
        sharedRewardsTotal.withUnsafeBufferPointer { b in
            sharedCoefficients.withUnsafeMutableBufferPointer { beta in workspace.solve(b.baseAddress!, into: beta.baseAddress!) }
        }
    }

    /// `A_a⁻¹ = 1 / (λ + armData)` for one arm feature (`m = 1`): every slot after forgetting, else the chosen one.
    private mutating func refreshBiasInverses(all: Bool, chosenSlot: Int) {
        let lambda = regularization
        armData.withUnsafeBufferPointer { data in
            armPrecisionInverse.withUnsafeMutableBufferPointer { inverse in
                if all {
                    for slot in 0..<slotCount { inverse[slot] = 1 / (lambda + data[slot]) }
                } else {
                    inverse[chosenSlot] = 1 / (lambda + data[chosenSlot])
                }
            }
        }
    }

    /// `A_a⁻¹ = (λI + armData)⁻¹` for `slot` by Cholesky (`m > 1`).
    private mutating func refreshArmInverse(slot: Int) throws {
        let m = armFeatureCount
        var precision = Array(armData[(slot * m * m)..<((slot + 1) * m * m)])
        for i in 0..<m { precision[i * m + i] += regularization }
        guard let inverse = _CholeskyInverse.inverse(of: precision, order: m) else {
            throw BanditError.numericalFailure(operation: "per-arm inverse", detail: "the per-arm precision matrix is not positive definite")
        }
        armPrecisionInverse.replaceSubrange((slot * m * m)..<((slot + 1) * m * m), with: inverse)
    }

    /// `A₀ −= B_aᵀA_a⁻¹B_a` (lower triangle) and `b₀ −= B_aᵀA_a⁻¹c_a` for every seen arm.
    ///
    /// With one arm feature (`m = 1`, a per-arm bias) `A_a⁻¹` is a scalar `w_a`, so with
    /// `B̃_a = √w_a B_a` (rows of a `slots×k` matrix) the sums are one `sgemm`, `A₀ −= B̃ᵀB̃`, and one
    /// `sgemv`, `b₀ −= B̃ᵀ(√w ⊙ c)`.
    private mutating func subtractSchurTerms() {
        let k = featureCount, m = armFeatureCount, slots = slotCount
        if m == 1 {
            armPrecisionInverse.withUnsafeBufferPointer { inverse in
                armCrossTerms.withUnsafeBufferPointer { cross in
                    armRewards.withUnsafeBufferPointer { rewards in
                        scaledCrossTerms.withUnsafeMutableBufferPointer { scaled in
                            scaledRewards.withUnsafeMutableBufferPointer { scaledReward in
                                for slot in 0..<slots {
                                    let root = inverse[slot].squareRoot()
                                    let source = cross.baseAddress! + slot &* k, target = scaled.baseAddress! + slot &* k
                                    for j in 0..<k { target[j] = root * source[j] }
                                    scaledReward[slot] = root * rewards[slot]
                                }
                            }
                        }
                    }
                }
            }
            scaledCrossTerms.withUnsafeBufferPointer { scaled in
                sharedPrecision.withUnsafeMutableBufferPointer { a in
                    BLAS.sgemm(transposeA: true, transposeB: false, m: k, n: k, k: slots, alpha: -1, a: scaled.baseAddress!, lda: k,
                               b: scaled.baseAddress!, ldb: k, beta: 1, c: a.baseAddress!, ldc: k)
                }
                scaledRewards.withUnsafeBufferPointer { rewards in
                    sharedRewardsTotal.withUnsafeMutableBufferPointer { b in
                        BLAS.sgemv(transpose: true, rows: slots, columns: k, alpha: -1, a: scaled.baseAddress!, lda: k,
                                   x: rewards.baseAddress!, beta: 1, y: b.baseAddress!)
                    }
                }
            }
            return
        }
        let inverses = armPrecisionInverse, rewards = armRewards
        armCrossTerms.withUnsafeBufferPointer { cross in
            sharedPrecision.withUnsafeMutableBufferPointer { a in
                sharedRewardsTotal.withUnsafeMutableBufferPointer { b in
                    for slot in 0..<slots {
                        for p in 0..<m {
                            for q in 0..<m {
                                let inverse = inverses[(slot * m + p) * m + q]
                                if inverse == 0 { continue }
                                let left = cross.baseAddress! + (slot * m + p) * k, right = cross.baseAddress! + (slot * m + q) * k
                                let rewardTerm = inverse * rewards[slot * m + q]
                                for i in 0..<k {
                                    let coefficient = left[i] * inverse
                                    let row = a.baseAddress! + i * k
                                    for j in 0...i { row[j] -= coefficient * right[j] }
                                    b[i] -= left[i] * rewardTerm
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// `values *= factor`, element-wise.
func _scale(_ values: inout [Float], by factor: Float) {
    values.withUnsafeMutableBufferPointer { buffer in
        for index in buffer.indices { buffer[index] *= factor }
    }
}

/// `scale · I` of order `n`, row-major.
func _scaledIdentity(_ n: Int, _ scale: Float) -> [Float] {
    var result = [Float](repeating: 0, count: n * n)
    for i in 0..<n { result[i * n + i] = scale }
    return result
}
