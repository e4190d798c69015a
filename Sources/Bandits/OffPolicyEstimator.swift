/// The off-policy estimators, with OBP's definitions (`obp.ope`; `w_i = π(a_i|x_i) / p_i`,
/// `ĝ_i = Σ_a π(a|x_i) q̂(x_i, a)`, `q̂_i = q̂(x_i, a_i)`):
///
/// | estimator | estimate |
/// |---|---|
/// | IPS | `(1/n) Σ w_i r_i` |
/// | SNIPS | `Σ w_i r_i / Σ w_i` |
/// | DM | `(1/n) Σ ĝ_i` |
/// | DR (Dudík et al. 2011) | `(1/n) Σ [ĝ_i + w_i (r_i − q̂_i)]` |
/// | Switch-DR (Wang et al. 2017) | `(1/n) Σ [ĝ_i + 1[w_i ≤ τ] w_i (r_i − q̂_i)]` |
/// | DRos (Su et al. 2020) | `(1/n) Σ [ĝ_i + λ w_i / (w_i² + λ) · (r_i − q̂_i)]` |
///
/// Each is `Σ numerator_i / Σ denominator_i` over per-row terms (`term(for:settings:)`), the one
/// definition that the point estimates, the bootstrap and the weekly adjuster all read.
public enum OffPolicyEstimator: String, Sendable, Codable, CaseIterable {
    /// Inverse propensity scoring.
    case inversePropensity = "ips"
    /// Self-normalized inverse propensity scoring.
    case selfNormalizedInversePropensity = "snips"
    /// The direct method (the reward model averaged over the target policy).
    case directMethod = "dm"
    /// Doubly robust.
    case doublyRobust = "dr"
    /// Switch doubly robust: the importance-weighted correction is dropped where `w > τ`.
    case switchDoublyRobust = "switch_dr"
    /// Doubly robust with optimistic shrinkage of the weights.
    case doublyRobustWithShrinkage = "dros"

    /// Whether the estimator reads the reward model (`estimatedReward`, `targetExpectedReward`).
    public var needsRewardModel: Bool {
        switch self {
        case .inversePropensity, .selfNormalizedInversePropensity: return false
        case .directMethod, .doublyRobust, .switchDoublyRobust, .doublyRobustWithShrinkage: return true
        }
    }

    /// The row's `(numerator, denominator)`: the estimate is `Σ numerator / Σ denominator`.
    /// Rows must have been checked (`OffPolicyEvaluation.check`); a missing reward estimate counts as 0.
    public func term(for row: OffPolicyRow, settings: OffPolicyEvaluation.Settings) -> (numerator: Double, denominator: Double) {
        let weight = row.importanceWeight
        let direct = row.targetExpectedReward ?? 0
        let residual = row.reward - (row.estimatedReward ?? 0)
        switch self {
        case .inversePropensity: return (weight * row.reward, 1)
        case .selfNormalizedInversePropensity: return (weight * row.reward, weight)
        case .directMethod: return (direct, 1)
        case .doublyRobust: return (direct + weight * residual, 1)
        case .switchDoublyRobust: return (direct + (weight <= settings.switchThreshold ? weight * residual : 0), 1)
        case .doublyRobustWithShrinkage:
            let shrunk = settings.shrinkage < .infinity ? settings.shrinkage * weight / (weight * weight + settings.shrinkage) : weight
            return (direct + shrunk * residual, 1)
        }
    }
}
