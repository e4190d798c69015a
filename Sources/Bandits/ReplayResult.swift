/// What a rejection-sampling replay kept and the value it found.
public struct ReplayResult: Sendable, Equatable, Codable {
    /// The replayed policy.
    public var policy: ReplayPolicy
    /// Decisions in the log.
    public var rows: Int
    /// Decisions where the policy chose the logged action (the events the value rests on).
    public var keptEvents: Int
    /// Sum of the kept events' rewards (clicks, completions).
    public var rewardTotal: Double
    /// Mean reward of the kept events with a bootstrap 95 % interval (`nil` when nothing was kept).
    public var value: OffPolicyEstimate?
    /// 0-based indices (into `BanditLog.decisions`) of the kept events.
    public var keptRows: [Int]

    private enum CodingKeys: String, CodingKey {
        case policy, rows, keptEvents = "kept_events", rewardTotal = "reward_total", value, keptRows = "kept_rows"
    }
}
