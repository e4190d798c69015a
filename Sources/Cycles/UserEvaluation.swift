/// One user's results: per-cycle outcomes and a tally per metric (for paired comparisons and
/// bootstrap intervals).
public struct UserEvaluation: Sendable, Equatable {
    /// The user.
    public var userID: String
    /// Forecasts made (prediction days).
    public var predictions: Int
    /// Per-cycle alert outcomes.
    public var cycles: [CycleOutcome]
    /// Tallies aligned with `CycleMetric.all`.
    public var tallies: [MetricTally]
    /// Forecasts that carried an ovulation estimate.
    public var ovulationEstimates: Int

    /// Creates a user's results.
    public init(userID: String, predictions: Int, cycles: [CycleOutcome], tallies: [MetricTally], ovulationEstimates: Int = 0) {
        self.userID = userID
        self.predictions = predictions
        self.cycles = cycles
        self.tallies = tallies
        self.ovulationEstimates = ovulationEstimates
    }

    /// The tally of `key` (a `CycleMetric` key); empty for unknown keys.
    public func tally(for key: String) -> MetricTally {
        guard let index = CycleMetric.all.firstIndex(of: key) else { return MetricTally() }
        return tallies[index]
    }

    /// This user's value of `key`, `nil` when nothing was counted.
    public func value(for key: String) -> Double? { tally(for: key).value }
}
