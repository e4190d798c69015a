import TensorCore

/// Online ridge regression with exponential forgetting, the statistics behind LinUCB and linear
/// Thompson sampling.
///
/// After `n` updates with features `x_s` and rewards `r_s`, and forgetting factor `γ ∈ (0, 1]`:
///
///     A_n = λ I + Σ_s γ^(n−s) x_s x_sᵀ           (precision, `k×k`)
///     b_n = λ μ₀ + Σ_s γ^(n−s) r_s x_s           (μ₀: cold-start prior mean)
///     θ_n = A_n⁻¹ b_n                            (coefficients)
///
/// which is the closed-form ridge solution on discounted data, shrunk toward `μ₀`. Only the data
/// are forgotten; the prior keeps its full weight, so `A` stays well conditioned however long a
/// parent repeats the same action. Without forgetting (`γ = 1`) an update is the Sherman–Morrison
/// rank-one formula `A⁻¹ ← A⁻¹ − (A⁻¹x)(A⁻¹x)ᵀ / (1 + xᵀA⁻¹x)` on BLAS (`sgemv`, `sger`), `O(k²)`,
/// with a Cholesky refresh every `refreshInterval` updates against single-precision drift. With
/// forgetting, `A ← γA + (1 − γ)λI + xxᵀ` is not a rank-one change, so `A⁻¹` and `θ` come from a
/// Cholesky inversion at each update (`_CholeskyInverse`: double precision, plain loops over
/// storage allocated once, `≈ k³/2` multiply-adds; no allocation per update).
public struct RidgeEstimator: Sendable, Equatable {
    /// Number of features `k`.
    public let featureCount: Int
    /// Ridge strength `λ > 0` of the prior.
    public let regularization: Float
    /// Forgetting factor `γ ∈ (0, 1]`; 1 means no forgetting.
    public let forgettingFactor: Float
    /// Updates between Cholesky refreshes of the inverse (0 disables them).
    public let refreshInterval: Int
    /// Precision `A`, shape `[k, k]`, row-major.
    public private(set) var precision: [Float]
    /// Covariance factor `A⁻¹`, shape `[k, k]`, row-major.
    public private(set) var covariance: [Float]
    /// Discounted reward-weighted features `b`, length `k`.
    public private(set) var weightedRewards: [Float]
    /// Prior mean `μ₀`, length `k`.
    public let priorMean: [Float]
    /// Ridge coefficients `θ = A⁻¹ b`, length `k`.
    public private(set) var coefficients: [Float]
    /// Number of updates so far.
    public private(set) var updateCount: Int = 0
    private var scratch: [Float]
    private var workspace: _CholeskyInverse

    /// Creates the prior `A = λI`, `b = λμ₀` (so `θ = μ₀` before any data).
    /// - Throws: `BanditError.invalidParameter` or `.featureCountMismatch` for the prior mean.
    public init(featureCount: Int, regularization: Float = 1, forgettingFactor: Float = 1,
                priorMean: [Float]? = nil, refreshInterval: Int = 64) throws {
        guard featureCount > 0 else {
            throw BanditError.invalidParameter(name: "featureCount", value: Double(featureCount), expected: "> 0")
        }
        guard regularization > 0, regularization.isFinite else {
            throw BanditError.invalidParameter(name: "regularization", value: Double(regularization), expected: "a finite value > 0")
        }
        guard forgettingFactor > 0, forgettingFactor <= 1 else {
            throw BanditError.invalidParameter(name: "forgettingFactor", value: Double(forgettingFactor), expected: "a value in (0, 1]")
        }
        let mean = priorMean ?? [Float](repeating: 0, count: featureCount)
        guard mean.count == featureCount else {
            throw BanditError.featureCountMismatch(what: "prior mean", expected: featureCount, found: mean.count)
        }
        self.featureCount = featureCount
        self.regularization = regularization
        self.forgettingFactor = forgettingFactor
        self.refreshInterval = max(0, refreshInterval)
        var identity = [Float](repeating: 0, count: featureCount * featureCount)
        for i in 0..<featureCount { identity[i * featureCount + i] = 1 }
        precision = identity.map { $0 * regularization }
        covariance = identity.map { $0 / regularization }
        weightedRewards = mean.map { $0 * regularization }
        coefficients = mean
        self.priorMean = mean
        scratch = [Float](repeating: 0, count: featureCount)
        workspace = _CholeskyInverse(order: featureCount)
    }

    /// Adds one observation; `features` must hold `featureCount` values.
    public mutating func update(features: UnsafeBufferPointer<Float>, reward: Float) {
        precondition(features.count == featureCount, "RidgeEstimator.update: expected \(featureCount) features, found \(features.count)")
        let k = featureCount
        let x = features.baseAddress!
        let gamma = forgettingFactor
        let restoredPrior = (1 - gamma) * regularization
        precision.withUnsafeMutableBufferPointer { a in
            if gamma != 1 {
                BLAS.sscal(count: k * k, alpha: gamma, x: a.baseAddress!)
                for i in 0..<k { a[i * k + i] += restoredPrior }
            }
            BLAS.sger(rows: k, columns: k, alpha: 1, x: x, y: x, a: a.baseAddress!, lda: k)
        }
        weightedRewards.withUnsafeMutableBufferPointer { b in
            if gamma != 1 {
                BLAS.sscal(count: k, alpha: gamma, x: b.baseAddress!)
                for i in 0..<k { b[i] += restoredPrior * priorMean[i] }
            }
            BLAS.saxpy(count: k, alpha: reward, x: x, y: b.baseAddress!)
        }
        updateCount += 1
        if gamma != 1 {
            // A failed inversion keeps the previous inverse; A stays positive definite by construction.
            _ = refreshCovarianceInPlace()
            return
        }
        covariance.withUnsafeMutableBufferPointer { c in
            scratch.withUnsafeMutableBufferPointer { u in
                BLAS.sgemv(transpose: false, rows: k, columns: k, alpha: 1, a: c.baseAddress!, lda: k,
                           x: x, beta: 0, y: u.baseAddress!)
                let denominator = 1 + BLAS.sdot(count: k, x: x, y: u.baseAddress!)
                BLAS.sger(rows: k, columns: k, alpha: -1 / denominator, x: u.baseAddress!, y: u.baseAddress!,
                          a: c.baseAddress!, lda: k)
            }
        }
        if refreshInterval > 0, updateCount % refreshInterval == 0, refreshCovarianceInPlace() {
            return
        }
        updateCoefficients()
    }

    /// Adds one observation from an array.
    /// - Throws: `BanditError.featureCountMismatch`.
    public mutating func update(features: [Float], reward: Float) throws {
        guard features.count == featureCount else {
            throw BanditError.featureCountMismatch(what: "ridge update", expected: featureCount, found: features.count)
        }
        features.withUnsafeBufferPointer { update(features: $0, reward: reward) }
    }

    /// Recomputes `A⁻¹` from `A` by Cholesky, then `θ = A⁻¹b` (both in double precision).
    /// - Throws: `BanditError.numericalFailure` if `A` is not positive definite.
    public mutating func refreshCovariance() throws {
        guard refreshCovarianceInPlace() else {
            throw BanditError.numericalFailure(operation: "ridge covariance refresh", detail: "the precision matrix is not positive definite")
        }
    }

    /// `A⁻¹` and `θ` from `A` and `b` without allocating; `false` (nothing changed) if `A` is not
    /// positive definite.
    private mutating func refreshCovarianceInPlace() -> Bool {
        let inverted = precision.withUnsafeBufferPointer { a in
            covariance.withUnsafeMutableBufferPointer { c in workspace.invert(a.baseAddress!, into: c.baseAddress!) }
        }
        guard inverted else { return false }
        weightedRewards.withUnsafeBufferPointer { b in
            coefficients.withUnsafeMutableBufferPointer { theta in workspace.multiply(b.baseAddress!, into: theta.baseAddress!) }
        }
        return true
    }

    private mutating func updateCoefficients() {
        let k = featureCount
        covariance.withUnsafeBufferPointer { c in
            weightedRewards.withUnsafeBufferPointer { b in
                coefficients.withUnsafeMutableBufferPointer { theta in
                    BLAS.sgemv(transpose: false, rows: k, columns: k, alpha: 1, a: c.baseAddress!, lda: k,
                               x: b.baseAddress!, beta: 0, y: theta.baseAddress!)
                }
            }
        }
    }

    /// Predicted mean `θᵀx` for a feature row of `featureCount` values.
    @inlinable public func mean(of features: UnsafeBufferPointer<Float>) -> Float {
        coefficients.withUnsafeBufferPointer { BLAS.sdot(count: featureCount, x: $0.baseAddress!, y: features.baseAddress!) }
    }

    /// Quadratic form `xᵀA⁻¹x` (the squared confidence width before scaling); no allocation.
    public func variance(of features: UnsafeBufferPointer<Float>) -> Float {
        let k = featureCount
        return covariance.withUnsafeBufferPointer { c in
            var total: Float = 0
            for i in 0..<k {
                var row: Float = 0
                let base = i * k
                for j in 0..<k { row += c[base + j] * features[j] }
                total += features[i] * row
            }
            return max(total, 0)
        }
    }
}
