import Cycles

/// One user's results: per-cycle outcomes and a tally per metric (for paired comparisons and
/// bootstrap intervals).
public struct UserEvaluation: Sendable, Equatable {
    /// The user.
    public var userID: String
    /// Forecasts made (prediction days).
    public var predictions: Int
    /// Per-cycle alert outcomes.
    public var cycles: [CycleOutcome]
    /// Tallies aligned with `CycleMetric.allCases`.
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

    /// The tally of `metric`.
    public func tally(for metric: CycleMetric) -> MetricTally { tallies[metric.index] }

    /// This user's value of `metric`, `nil` when nothing was counted.
    public func value(for metric: CycleMetric) -> Double? { tally(for: metric).value }
}
