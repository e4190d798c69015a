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
    /// Every metric's tallies, `CycleMetric.tallyWidth` of them (`CycleMetric.tallyOffset`).
    public var tallies: [MetricTally]
    /// Forecasts that carried an ovulation estimate.
    public var ovulationEstimates: Int
    /// Scored forecasts that stated no confidence, scored with their past errors' (`ForecastErrorHistory`).
    public var pastErrorConfidences: Int

    /// Creates a user's results.
    public init(userID: String, predictions: Int, cycles: [CycleOutcome], tallies: [MetricTally], ovulationEstimates: Int = 0,
                pastErrorConfidences: Int = 0) {
        self.userID = userID
        self.predictions = predictions
        self.cycles = cycles
        self.tallies = tallies
        self.ovulationEstimates = ovulationEstimates
        self.pastErrorConfidences = pastErrorConfidences
    }

    /// The (first) tally of `metric`: its sum and count, for every metric but the calibration errors.
    public func tally(for metric: CycleMetric) -> MetricTally { tallies[metric.tallyOffset] }

    /// This user's value of `metric`, `nil` when nothing was counted.
    public func value(for metric: CycleMetric) -> Double? { metric.value(in: tallies) }
}
