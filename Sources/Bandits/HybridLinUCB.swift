import Foundation
import TensorCore

/// Hybrid LinUCB (Li et al. 2010, Algorithm 2): a shared coefficient vector `β` over each
/// candidate's shared features `z` (length `k`) plus a per-arm vector `θ_a` over its arm
/// features `x` (length `m`), with exponential forgetting `γ`:
///
///     mean(a)  = zᵀβ + xᵀθ_a,        θ_a = A_a⁻¹(b_a − B_a β),  β = A₀⁻¹ b₀
///     width²(a) = (z − w)ᵀ A₀⁻¹ (z − w) + xᵀA_a⁻¹x,   w = B_aᵀ A_a⁻¹ x
///     score(a) = mean(a) + α · width(a)
///
/// `A₀` is the Schur complement of the joint ridge system, so `β` and `θ_a` equal the joint
/// ridge solution over `[z; 0 … x … 0]` (tested against the closed form). `A₀⁻¹` and `A_a⁻¹` are
/// refreshed by Cholesky solves (`Tensor.choleskySolve`) after each update. Every update scales
/// all statistics by `γ` (per-arm blocks lazily, when the arm is next touched).
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
    private var sharedPrecision: [Float]          // A₀
    private var sharedPrecisionInverse: [Float]   // A₀⁻¹
    private var sharedRewards: [Float]            // b₀
    // Per-arm statistics in flat storage, one slot per arm seen (no per-arm allocation).
    private var slotOfArm: [Int: Int] = [:]
    private var armPrecision: [Float] = []        // A_a, slots × m × m
    private var armPrecisionInverse: [Float] = [] // A_a⁻¹
    private var armCrossTerms: [Float] = []       // B_a, slots × m × k
    private var armRewards: [Float] = []          // b_a, slots × m
    private var armStep: [Int] = []               // update count each slot is scaled to
    private var step = 0

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
        sharedPrecision = _scaledIdentity(featureCount, regularization)
        sharedPrecisionInverse = _scaledIdentity(featureCount, 1 / regularization)
        sharedRewards = mean.map { $0 * regularization }
        sharedCoefficients = mean
    }

    /// Per-arm coefficients `θ_a = A_a⁻¹(b_a − B_a β)` for `arm` (zeros for an unseen arm).
    public func armCoefficients(_ arm: Int) -> [Float] {
        var theta = [Float](repeating: 0, count: armFeatureCount)
        if let slot = slotOfArm[arm] { armCoefficients(slot: slot, into: &theta) }
        return theta
    }

    /// `θ_a` of `slot` (scale-free under lazy decay); `theta` must hold `m` values.
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

    /// The slot of `arm`, creating it at the current step (`A_a = γ^step λ I`) if new.
    private mutating func slot(for arm: Int) -> Int {
        if let slot = slotOfArm[arm] { return slot }
        let m = armFeatureCount, k = featureCount
        let slot = armStep.count
        slotOfArm[arm] = slot
        let scale = regularization * pow(forgettingFactor, Float(step))
        armPrecision += _scaledIdentity(m, scale)
        armPrecisionInverse += _scaledIdentity(m, 1 / scale)
        armCrossTerms += [Float](repeating: 0, count: m * k)
        armRewards += [Float](repeating: 0, count: m)
        armStep.append(step)
        return slot
    }

    /// Means and confidence widths of every candidate.
    public func meansAndWidths(_ candidates: CandidateSet) -> (means: [Double], widths: [Double]) {
        let k = featureCount, m = armFeatureCount
        var means = [Double](repeating: 0, count: candidates.count)
        var widths = [Double](repeating: 0, count: candidates.count)
        var difference = [Float](repeating: 0, count: k)
        var solved = [Float](repeating: 0, count: m)
        var theta = [Float](repeating: 0, count: m)
        let unseenInverse = 1 / (regularization * pow(forgettingFactor, Float(step)))
        for index in 0..<candidates.count {
            let zBase = index * k, xBase = index * m
            var mean: Float = 0
            for j in 0..<k {
                let z = candidates.features[zBase + j]
                mean += z * sharedCoefficients[j]
                difference[j] = z
            }
            var armVariance: Float = 0
            if m > 0 {
                if let slot = slotOfArm[candidates.armIdentifiers[index]] {
                    let decay = pow(forgettingFactor, Float(step - armStep[slot]))
                    armCoefficients(slot: slot, into: &theta)
                    for i in 0..<m {
                        mean += candidates.armFeatures[xBase + i] * theta[i]
                        var total: Float = 0
                        for j in 0..<m { total += armPrecisionInverse[(slot * m + i) * m + j] * candidates.armFeatures[xBase + j] }
                        solved[i] = total / decay
                        armVariance += candidates.armFeatures[xBase + i] * solved[i]
                    }
                    // w = B_aᵀ A_a⁻¹ x; B_a decays as γ and A_a⁻¹ as γ⁻¹, so w is scale-free.
                    for i in 0..<m {
                        let coefficient = decay * solved[i]
                        let base = (slot * m + i) * k
                        for j in 0..<k { difference[j] -= armCrossTerms[base + j] * coefficient }
                    }
                } else {
                    for i in 0..<m {
                        let x = candidates.armFeatures[xBase + i]
                        armVariance += x * x * unseenInverse
                    }
                }
            }
            var sharedVariance: Float = 0
            for i in 0..<k {
                var row: Float = 0
                let base = i * k
                for j in 0..<k { row += sharedPrecisionInverse[base + j] * difference[j] }
                sharedVariance += difference[i] * row
            }
            means[index] = Double(mean)
            widths[index] = Double(max(sharedVariance + armVariance, 0)).squareRoot()
        }
        return (means, widths)
    }

    public func expectedRewards(_ candidates: CandidateSet) -> [Double] { meansAndWidths(candidates).means }

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
        step += 1
        if gamma != 1 {
            for i in 0..<(k * k) { sharedPrecision[i] *= gamma }
            for i in 0..<k { sharedRewards[i] *= gamma }
        }
        if m > 0 {
            let slot = slot(for: candidates.armIdentifiers[chosenIndex])
            let decay = pow(gamma, Float(step - armStep[slot]))
            for i in (slot * m * m)..<((slot + 1) * m * m) { armPrecision[i] *= decay; armPrecisionInverse[i] /= decay }
            for i in (slot * m * k)..<((slot + 1) * m * k) { armCrossTerms[i] *= decay }
            for i in (slot * m)..<((slot + 1) * m) { armRewards[i] *= decay }
            armStep[slot] = step
            addSchurTerms(slot: slot, sign: 1)
            for i in 0..<m {
                let x = candidates.armFeatures[xBase + i]
                for j in 0..<m { armPrecision[(slot * m + i) * m + j] += x * candidates.armFeatures[xBase + j] }
                for j in 0..<k { armCrossTerms[(slot * m + i) * k + j] += x * candidates.features[zBase + j] }
                armRewards[slot * m + i] += r * x
            }
            let inverse = try _inverse(Array(armPrecision[(slot * m * m)..<((slot + 1) * m * m)]), order: m)
            armPrecisionInverse.replaceSubrange((slot * m * m)..<((slot + 1) * m * m), with: inverse)
            addSchurTerms(slot: slot, sign: -1)
        }
        for i in 0..<k {
            let z = candidates.features[zBase + i]
            for j in 0..<k { sharedPrecision[i * k + j] += z * candidates.features[zBase + j] }
            sharedRewards[i] += r * z
        }
        // Right-hand side [I | b₀], shape k×(k+1): one Cholesky solve gives A₀⁻¹ and β.
        var rightHandSide = [Float](repeating: 0, count: k * (k + 1))
        for i in 0..<k {
            rightHandSide[i * (k + 1) + i] = 1
            rightHandSide[i * (k + 1) + k] = sharedRewards[i]
        }
        let solution: Tensor
        do {
            solution = try Tensor.choleskySolve(Tensor(uncheckedShape: [k, k], scalars: sharedPrecision),
                                                Tensor(uncheckedShape: [k, k + 1], scalars: rightHandSide))
        } catch {
            throw BanditError.numericalFailure(operation: "hybrid LinUCB shared solve", detail: "\(error)")
        }
        solution.withUnsafeBufferPointer { values in
            for i in 0..<k {
                for j in 0..<k { sharedPrecisionInverse[i * k + j] = values[i * (k + 1) + j] }
                sharedCoefficients[i] = values[i * (k + 1) + k]
            }
        }
    }

    /// `A₀ += sign · B_aᵀA_a⁻¹B_a`, `b₀ += sign · B_aᵀA_a⁻¹b_a` for the arm in `slot`.
    private mutating func addSchurTerms(slot: Int, sign: Float) {
        let k = featureCount, m = armFeatureCount
        for p in 0..<m {
            for q in 0..<m {
                let inverse = sign * armPrecisionInverse[(slot * m + p) * m + q]
                if inverse == 0 { continue }
                let pBase = (slot * m + p) * k, qBase = (slot * m + q) * k
                let rewardTerm = inverse * armRewards[slot * m + q]
                for i in 0..<k {
                    let left = armCrossTerms[pBase + i] * inverse
                    if left != 0 {
                        for j in 0..<k { sharedPrecision[i * k + j] += left * armCrossTerms[qBase + j] }
                    }
                    sharedRewards[i] += armCrossTerms[pBase + i] * rewardTerm
                }
            }
        }
    }
}

/// `scale · I` of order `n`, row-major.
func _scaledIdentity(_ n: Int, _ scale: Float) -> [Float] {
    var result = [Float](repeating: 0, count: n * n)
    for i in 0..<n { result[i * n + i] = scale }
    return result
}

/// Inverse of a symmetric positive-definite matrix by Cholesky (`Tensor.choleskySolve(A, I)`).
func _inverse(_ matrix: [Float], order n: Int) throws -> [Float] {
    if n == 0 { return [] }
    do {
        return try Tensor.choleskySolve(Tensor(uncheckedShape: [n, n], scalars: matrix),
                                        Tensor(uncheckedShape: [n, n], scalars: _scaledIdentity(n, 1))).scalars
    } catch {
        throw BanditError.numericalFailure(operation: "per-arm inverse", detail: "\(error)")
    }
}
