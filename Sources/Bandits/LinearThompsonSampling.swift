import TensorCore

/// Linear Thompson sampling (Agrawal & Goyal 2013) with one shared ridge model over the
/// candidates' action-dependent features, and exponential forgetting (`RidgeEstimator`).
///
/// A decision draws `posteriorDrawCount` coefficient vectors `θ̃ ~ N(θ, v² A⁻¹)` and counts how
/// often each candidate is the argmax of `θ̃ᵀx`, giving `q`. The logged distribution is
/// `π = ε/K + (1 − ε) q` and the choice is drawn from `π`. Drawing one of the `M` i.i.d. posterior
/// samples uniformly is exactly Thompson sampling, so `π` is the true (conditional) propensity of
/// the executed policy, and the `ε` floor keeps every candidate's propensity positive for IPS.
public struct LinearThompsonSampling: ContextualBandit {
    public var featureCount: Int { model.featureCount }
    /// Posterior scale `v`.
    public let posteriorScale: Double
    /// Number of posterior draws `M` per decision.
    public let posteriorDrawCount: Int
    /// Uniform floor `ε` mixed into the Thompson distribution.
    public let uniformFloor: Double
    /// The shared ridge model.
    public private(set) var model: RidgeEstimator

    /// - Throws: `BanditError.invalidParameter` on out-of-range hyper-parameters.
    public init(featureCount: Int, regularization: Float = 1, forgettingFactor: Float = 1,
                priorMean: [Float]? = nil, posteriorScale: Double = 0.5, posteriorDrawCount: Int = 32,
                uniformFloor: Double = 0.02) throws {
        guard posteriorScale >= 0, posteriorDrawCount > 0, uniformFloor >= 0, uniformFloor <= 1 else {
            throw BanditError.invalidParameter(name: "posteriorScale/posteriorDrawCount/uniformFloor",
                                               value: posteriorScale, expected: "v >= 0, M > 0, ε in [0, 1]")
        }
        self.posteriorScale = posteriorScale
        self.posteriorDrawCount = posteriorDrawCount
        self.uniformFloor = uniformFloor
        model = try RidgeEstimator(featureCount: featureCount, regularization: regularization,
                                   forgettingFactor: forgettingFactor, priorMean: priorMean)
    }

    public func expectedRewards(_ candidates: CandidateSet) -> [Double] {
        candidates.features.withUnsafeBufferPointer { all in
            (0..<candidates.count).map { index in
                Double(model.mean(of: UnsafeBufferPointer(rebasing: all[index * featureCount ..< (index + 1) * featureCount])))
            }
        }
    }

    /// The Thompson distribution `q` (win frequencies over `M` posterior draws) before the floor.
    public func winFrequencies(_ candidates: CandidateSet, using generator: inout some RandomNumberGenerator) -> [Double] {
        let k = featureCount
        let factor = _CholeskyInverse.semidefiniteFactor(model.covariance, order: k)  // Lᵀ, row-major
        var counts = [Double](repeating: 0, count: candidates.count)
        var draw = [Double](repeating: 0, count: k)
        var noise = [Double](repeating: 0, count: k)
        for _ in 0..<posteriorDrawCount {
            for i in 0..<k { noise[i] = generator.nextNormal() }
            for i in 0..<k {
                var total = 0.0
                for j in 0...i { total += factor[j * k + i] * noise[j] }
                draw[i] = Double(model.coefficients[i]) + posteriorScale * total
            }
            var best = -Double.infinity, bestIndex = 0
            for candidate in 0..<candidates.count {
                var value = 0.0
                let base = candidate * k
                for j in 0..<k { value += draw[j] * Double(candidates.features[base + j]) }
                if value > best { best = value; bestIndex = candidate }
            }
            counts[bestIndex] += 1
        }
        return counts.map { $0 / Double(posteriorDrawCount) }
    }

    public mutating func decide(_ candidates: CandidateSet, using generator: inout some RandomNumberGenerator) throws -> BanditDecision {
        try checkShape(candidates)
        let frequencies = winFrequencies(candidates, using: &generator)
        let floor = uniformFloor / Double(candidates.count)
        let distribution = frequencies.map { floor + (1 - uniformFloor) * $0 }
        let index = ExplorationStrategy.sample(from: distribution, using: &generator)
        return BanditDecision(chosenIndex: index, propensity: distribution[index], probabilities: distribution, scores: frequencies)
    }

    public mutating func update(_ candidates: CandidateSet, chosenIndex: Int, reward: Double) throws {
        try checkIndex(chosenIndex, in: candidates)
        let k = featureCount
        candidates.features.withUnsafeBufferPointer { all in
            model.update(features: UnsafeBufferPointer(rebasing: all[chosenIndex * k ..< (chosenIndex + 1) * k]), reward: Float(reward))
        }
    }
}
