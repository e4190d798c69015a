/// The policies `RejectionSamplingReplay` can replay on a log.
public enum ReplayPolicy: String, Sendable, Codable, CaseIterable {
    /// Disjoint LinUCB (Li et al. 2010, Algorithm 1) in double precision, deterministic: the
    /// highest `θ_aᵀx + α √(xᵀA_a⁻¹x)`, ties to the lowest arm index.
    case linucb
    /// Thompson sampling with the same per-arm ridge models: each arm's `θ̃_aᵀx` is drawn from its
    /// posterior `N(θ_aᵀx, v² xᵀA_a⁻¹x)` (exact for disjoint arms), the highest draw wins.
    case thompson
    /// A uniformly random arm.
    case random
}
