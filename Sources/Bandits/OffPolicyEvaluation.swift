import Foundation

/// One logged interaction prepared for off-policy evaluation of a target policy.
public struct LoggedInteraction: Sendable, Equatable, Codable {
    /// Index of the candidate the logging policy chose.
    public var chosenIndex: Int
    /// Probability `p` with which the logging policy chose it.
    public var loggingPropensity: Double
    /// Observed reward `r`.
    public var reward: Double
    /// Target policy's distribution `π(· | context)` over the same candidates.
    public var targetProbabilities: [Double]
    /// Reward-model estimates `r̂(a)` for every candidate (for doubly robust; fitted on earlier data).
    public var rewardEstimates: [Double]

    public init(chosenIndex: Int, loggingPropensity: Double, reward: Double, targetProbabilities: [Double],
                rewardEstimates: [Double] = []) {
        self.chosenIndex = chosenIndex
        self.loggingPropensity = loggingPropensity
        self.reward = reward
        self.targetProbabilities = targetProbabilities
        self.rewardEstimates = rewardEstimates
    }
}

/// An estimated policy value with its normal-approximation 95 % interval.
public struct PolicyValueEstimate: Sendable, Equatable, Codable {
    /// Estimated mean reward per decision.
    public var value: Double
    /// Standard error of `value` (sample standard deviation of the per-record terms / √n).
    public var standardError: Double
    /// `value − 1.96 · standardError`.
    public var lower95: Double
    /// `value + 1.96 · standardError`.
    public var upper95: Double
    /// Number of records used.
    public var sampleCount: Int

    /// Whether `truth` lies inside `[lower95, upper95]`.
    public func covers(_ truth: Double) -> Bool { truth >= lower95 && truth <= upper95 }
}

/// Off-policy estimators of a target policy's value from logs with propensities.
///
/// - IPS (inverse propensity scoring): `V̂ = (1/n) Σ_t π(a_t|x_t) / p_t · r_t`.
/// - DR (doubly robust, Dudík et al. 2011):
///   `V̂ = (1/n) Σ_t [ Σ_a π(a|x_t) r̂(x_t, a) + π(a_t|x_t) / p_t · (r_t − r̂(x_t, a_t)) ]`,
///   unbiased when either the propensities or the reward model are right; lower variance than IPS
///   when `r̂` is good.
///
/// Both are unbiased for `(1/n) Σ_t Σ_a π_t(a|x_t) E[r | x_t, a]` as long as `p_t > 0` wherever
/// `π_t > 0`, `π_t` and `r̂` depend only on data before `t`. Intervals use the central limit theorem.
public enum OffPolicyEvaluation {
    /// Inverse-propensity estimate.
    /// - Throws: `BanditError.invalidLogRecord` naming the first unusable record.
    public static func inversePropensityScore(_ records: [LoggedInteraction]) throws -> PolicyValueEstimate {
        try estimate(records) { record in
            record.targetProbabilities[record.chosenIndex] / record.loggingPropensity * record.reward
        }
    }

    /// Doubly robust estimate; every record needs `rewardEstimates` for all candidates.
    /// - Throws: `BanditError.invalidLogRecord` naming the first unusable record.
    public static func doublyRobust(_ records: [LoggedInteraction]) throws -> PolicyValueEstimate {
        for (index, record) in records.enumerated() where record.rewardEstimates.count != record.targetProbabilities.count {
            throw BanditError.invalidLogRecord(index: index, reason: "doubly robust needs \(record.targetProbabilities.count) reward estimates, found \(record.rewardEstimates.count)")
        }
        return try estimate(records) { record in
            var direct = 0.0
            for (probability, estimate) in zip(record.targetProbabilities, record.rewardEstimates) { direct += probability * estimate }
            let weight = record.targetProbabilities[record.chosenIndex] / record.loggingPropensity
            return direct + weight * (record.reward - record.rewardEstimates[record.chosenIndex])
        }
    }

    private static func estimate(_ records: [LoggedInteraction], term: (LoggedInteraction) -> Double) throws -> PolicyValueEstimate {
        guard !records.isEmpty else { throw BanditError.invalidLogRecord(index: 0, reason: "the log is empty") }
        var sum = 0.0, sumOfSquares = 0.0
        for (index, record) in records.enumerated() {
            guard record.chosenIndex >= 0, record.chosenIndex < record.targetProbabilities.count else {
                throw BanditError.invalidLogRecord(index: index, reason: "chosen index \(record.chosenIndex) outside 0..<\(record.targetProbabilities.count)")
            }
            guard record.loggingPropensity > 0, record.loggingPropensity <= 1 else {
                throw BanditError.invalidLogRecord(index: index, reason: "propensity \(record.loggingPropensity) must be in (0, 1]")
            }
            guard record.reward.isFinite else {
                throw BanditError.invalidLogRecord(index: index, reason: "reward is not a finite number")
            }
            let value = term(record)
            sum += value
            sumOfSquares += value * value
        }
        let n = Double(records.count)
        let mean = sum / n
        let variance = n > 1 ? max(sumOfSquares - n * mean * mean, 0) / (n - 1) : 0
        let standardError = (variance / n).squareRoot()
        return PolicyValueEstimate(value: mean, standardError: standardError, lower95: mean - 1.96 * standardError,
                                   upper95: mean + 1.96 * standardError, sampleCount: records.count)
    }
}
