/// The reward models `BanditLog.offPolicyRows(rewardModel:folds:seed:)` fits, with cross-fitting,
/// when a log carries no reward estimates of its own.
public enum RewardModel: String, Sendable, Codable, CaseIterable {
    /// Ridge regression per action (`λ = 1`, `RidgeEstimator`) on `[1, x, one-hot position]`.
    case ridge
    /// Mean reward per action, shrunk toward the overall mean with the weight of one decision.
    case mean
}
