/// Every estimator's value and interval on one log, with the effective sample size; encoded as
/// `{"ips": {…}, "snips": …, "dm": …, "dr": …, "switch_dr": …, "dros": …, "effective_sample_size": …, "rows": …}`.
public struct OffPolicyReport: Sendable, Equatable, Codable {
    /// IPS.
    public var inversePropensity: OffPolicyEstimate
    /// SNIPS.
    public var selfNormalizedInversePropensity: OffPolicyEstimate
    /// DM.
    public var directMethod: OffPolicyEstimate
    /// DR.
    public var doublyRobust: OffPolicyEstimate
    /// Switch-DR.
    public var switchDoublyRobust: OffPolicyEstimate
    /// DRos.
    public var doublyRobustWithShrinkage: OffPolicyEstimate
    /// Kish's effective sample size of the importance weights, `(Σ w)² / Σ w²`.
    public var effectiveSampleSize: Double
    /// Number of logged decisions used.
    public var rows: Int

    /// The estimate of `estimator`.
    public subscript(_ estimator: OffPolicyEstimator) -> OffPolicyEstimate {
        switch estimator {
        case .inversePropensity: return inversePropensity
        case .selfNormalizedInversePropensity: return selfNormalizedInversePropensity
        case .directMethod: return directMethod
        case .doublyRobust: return doublyRobust
        case .switchDoublyRobust: return switchDoublyRobust
        case .doublyRobustWithShrinkage: return doublyRobustWithShrinkage
        }
    }

    private enum CodingKeys: String, CodingKey {
        case inversePropensity = "ips", selfNormalizedInversePropensity = "snips", directMethod = "dm", doublyRobust = "dr"
        case switchDoublyRobust = "switch_dr", doublyRobustWithShrinkage = "dros"
        case effectiveSampleSize = "effective_sample_size", rows
    }
}
