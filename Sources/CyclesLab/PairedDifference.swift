import Cycles

/// One model's difference to a baseline on one metric, both evaluated on the same users: the
/// pooled difference and its 95 % paired percentile bootstrap interval (each resample draws users
/// with replacement and pools both models' results over the same drawn users).
public struct PairedDifference: Sendable, Equatable, Codable {
    /// model − baseline, pooled over all users.
    public var value: Double
    /// 95 % paired bootstrap interval; `nil` without bootstrap resamples.
    public var interval: ConfidenceInterval?

    /// Creates a difference.
    public init(value: Double, interval: ConfidenceInterval?) {
        self.value = value
        self.interval = interval
    }
}
