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

/// Off-policy estimators of a target policy's value from logs with propensities
/// (`OffPolicyEstimator` defines each one).
///
/// `evaluate(_:settings:)` gives all six estimates with bootstrap 95 % percentile intervals (the
/// rows are resampled with replacement; every estimator, SNIPS's ratio included, is recomputed on
/// each resample) and the effective sample size. `inversePropensityScore` and `doublyRobust` keep
/// the normal-approximation interval of `PolicyValueEstimate`. All are unbiased for
/// `(1/n) Σ_t Σ_a π_t(a|x_t) E[r | x_t, a]` as long as `p_t > 0` wherever `π_t > 0`, and `π_t` and
/// `q̂` do not depend on the row's own reward (earlier data, or another cross-fitting fold).
public enum OffPolicyEvaluation {
    /// Hyper-parameters of the estimators and the bootstrap.
    public struct Settings: Sendable, Equatable, Codable {
        /// Switch-DR's threshold `τ` on the importance weight.
        public var switchThreshold: Double = 10
        /// DRos's shrinkage `λ` (`.infinity` is plain DR, 0 the direct method).
        public var shrinkage: Double = 100
        /// Bootstrap resamples for the intervals.
        public var bootstrapResamples: Int = 1000
        /// Seed of the bootstrap.
        public var seed: UInt64 = 1

        public init() {}

        /// Checks the ranges.
        /// - Throws: `BanditError.invalidParameter`.
        public func validate() throws {
            guard switchThreshold >= 0, !switchThreshold.isNaN else {
                throw BanditError.invalidParameter(name: "switchThreshold", value: switchThreshold, expected: ">= 0")
            }
            guard shrinkage >= 0, !shrinkage.isNaN else {
                throw BanditError.invalidParameter(name: "shrinkage", value: shrinkage, expected: ">= 0")
            }
            guard bootstrapResamples >= 1 else {
                throw BanditError.invalidParameter(name: "bootstrapResamples", value: Double(bootstrapResamples), expected: ">= 1")
            }
        }
    }

    /// Checks that every row can be used by `estimators`.
    /// - Throws: `BanditError.invalidLogRecord` naming the first unusable row (0-based).
    public static func check(_ rows: [OffPolicyRow], for estimators: [OffPolicyEstimator]) throws {
        guard !rows.isEmpty else { throw BanditError.invalidLogRecord(index: 0, reason: "the log is empty") }
        let needsModel = estimators.contains { $0.needsRewardModel }
        for (index, row) in rows.enumerated() {
            guard row.loggingPropensity > 0, row.loggingPropensity <= 1 else {
                throw BanditError.invalidLogRecord(index: index, reason: "propensity \(row.loggingPropensity) must be in (0, 1]")
            }
            guard row.targetPropensity >= 0, row.targetPropensity <= 1 else {
                throw BanditError.invalidLogRecord(index: index, reason: "target propensity \(row.targetPropensity) must be in [0, 1]")
            }
            guard row.reward.isFinite else {
                throw BanditError.invalidLogRecord(index: index, reason: "reward is not a finite number")
            }
            if needsModel {
                guard let estimate = row.estimatedReward, estimate.isFinite,
                      let direct = row.targetExpectedReward, direct.isFinite else {
                    throw BanditError.invalidLogRecord(index: index, reason: "the direct method and the doubly robust estimators need a finite estimated_reward and target_expected_reward")
                }
            }
        }
    }

    /// The point estimate of `estimator` on `rows`.
    /// - Throws: `BanditError.invalidLogRecord` naming the first unusable row.
    public static func value(_ estimator: OffPolicyEstimator, _ rows: [OffPolicyRow], settings: Settings = Settings()) throws -> Double {
        try check(rows, for: [estimator])
        var numerator = 0.0, denominator = 0.0
        for row in rows {
            let term = estimator.term(for: row, settings: settings)
            numerator += term.numerator
            denominator += term.denominator
        }
        return denominator > 0 ? numerator / denominator : 0
    }

    /// Kish's effective sample size of the importance weights, `(Σ w)² / Σ w²` (0 when every weight is 0).
    public static func effectiveSampleSize(_ rows: [OffPolicyRow]) -> Double {
        var total = 0.0, squares = 0.0
        for row in rows {
            let weight = row.importanceWeight
            total += weight
            squares += weight * weight
        }
        return squares > 0 ? total * total / squares : 0
    }

    /// Every estimator with its bootstrap interval, and the effective sample size.
    /// - Throws: `BanditError.invalidLogRecord` for an unusable row, `.invalidParameter` for bad settings.
    public static func evaluate(_ rows: [OffPolicyRow], settings: Settings = Settings()) throws -> OffPolicyReport {
        try settings.validate()
        try check(rows, for: OffPolicyEstimator.allCases)
        let estimates = _bootstrap(OffPolicyEstimator.allCases, candidate: rows, baseline: nil, settings: settings)
        return OffPolicyReport(inversePropensity: estimates[0], selfNormalizedInversePropensity: estimates[1],
                               directMethod: estimates[2], doublyRobust: estimates[3], switchDoublyRobust: estimates[4],
                               doublyRobustWithShrinkage: estimates[5], effectiveSampleSize: effectiveSampleSize(rows),
                               rows: rows.count)
    }

    /// One estimator with its bootstrap interval.
    /// - Throws: `BanditError.invalidLogRecord` for an unusable row, `.invalidParameter` for bad settings.
    public static func estimate(_ estimator: OffPolicyEstimator, _ rows: [OffPolicyRow], settings: Settings = Settings()) throws -> OffPolicyEstimate {
        try settings.validate()
        try check(rows, for: [estimator])
        return _bootstrap([estimator], candidate: rows, baseline: nil, settings: settings)[0]
    }

    /// The estimated gain `V(candidate) − V(baseline)` of one policy over another on the same logged
    /// decisions (`candidate[i]` and `baseline[i]` describe the same row), with a paired bootstrap
    /// interval: both values are recomputed on each resample of the rows.
    /// - Throws: `BanditError.invalidLogRecord` for an unusable or unpaired row.
    public static func difference(_ estimator: OffPolicyEstimator, candidate: [OffPolicyRow], baseline: [OffPolicyRow],
                                  settings: Settings = Settings()) throws -> OffPolicyEstimate {
        try settings.validate()
        guard candidate.count == baseline.count else {
            throw BanditError.invalidLogRecord(index: min(candidate.count, baseline.count),
                                               reason: "the two policies were given \(candidate.count) and \(baseline.count) rows")
        }
        try check(candidate, for: [estimator])
        try check(baseline, for: [estimator])
        return _bootstrap([estimator], candidate: candidate, baseline: baseline, settings: settings)[0]
    }

    /// Inverse-propensity estimate with a normal-approximation interval.
    /// - Throws: `BanditError.invalidLogRecord` naming the first unusable record.
    public static func inversePropensityScore(_ records: [LoggedInteraction]) throws -> PolicyValueEstimate {
        try normalApproximation(.inversePropensity, records)
    }

    /// Doubly robust estimate with a normal-approximation interval; every record needs `rewardEstimates`
    /// for all candidates.
    /// - Throws: `BanditError.invalidLogRecord` naming the first unusable record.
    public static func doublyRobust(_ records: [LoggedInteraction]) throws -> PolicyValueEstimate {
        for (index, record) in records.enumerated() where record.rewardEstimates.count != record.targetProbabilities.count {
            throw BanditError.invalidLogRecord(index: index, reason: "doubly robust needs \(record.targetProbabilities.count) reward estimates, found \(record.rewardEstimates.count)")
        }
        return try normalApproximation(.doublyRobust, records)
    }

    private static func normalApproximation(_ estimator: OffPolicyEstimator, _ records: [LoggedInteraction]) throws -> PolicyValueEstimate {
        guard !records.isEmpty else { throw BanditError.invalidLogRecord(index: 0, reason: "the log is empty") }
        var rows: [OffPolicyRow] = []
        rows.reserveCapacity(records.count)
        for (index, record) in records.enumerated() {
            guard record.chosenIndex >= 0, record.chosenIndex < record.targetProbabilities.count else {
                throw BanditError.invalidLogRecord(index: index, reason: "chosen index \(record.chosenIndex) outside 0..<\(record.targetProbabilities.count)")
            }
            rows.append(record.offPolicyRow)
        }
        try check(rows, for: [estimator])
        let settings = Settings()
        var sum = 0.0, sumOfSquares = 0.0
        for row in rows {
            let value = estimator.term(for: row, settings: settings).numerator
            sum += value
            sumOfSquares += value * value
        }
        let n = Double(rows.count)
        let mean = sum / n
        let variance = n > 1 ? max(sumOfSquares - n * mean * mean, 0) / (n - 1) : 0
        let standardError = (variance / n).squareRoot()
        return PolicyValueEstimate(value: mean, standardError: standardError, lower95: mean - 1.96 * standardError,
                                   upper95: mean + 1.96 * standardError, sampleCount: records.count)
    }
}

extension LoggedInteraction {
    /// The record reduced to the logged candidate's quantities (`rewardEstimates` averaged over the
    /// target distribution for the direct term when present).
    public var offPolicyRow: OffPolicyRow {
        var direct: Double?
        if rewardEstimates.count == targetProbabilities.count, !rewardEstimates.isEmpty {
            var total = 0.0
            for (probability, estimate) in zip(targetProbabilities, rewardEstimates) { total += probability * estimate }
            direct = total
        }
        return OffPolicyRow(reward: reward, loggingPropensity: loggingPropensity, targetPropensity: targetProbabilities[chosenIndex],
                            estimatedReward: rewardEstimates.indices.contains(chosenIndex) ? rewardEstimates[chosenIndex] : nil,
                            targetExpectedReward: direct)
    }
}
