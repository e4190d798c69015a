/// Which number of a measurement a gate compares: the point estimate or an end of its 95 %
/// bootstrap interval.
public enum GateStatistic: String, Sendable, Codable, CaseIterable {
    /// The point estimate.
    case value
    /// The lower end of the 95 % interval (a conservative test of "at least").
    case intervalLow = "ci_low"
    /// The upper end of the 95 % interval (a conservative test of "at most").
    case intervalHigh = "ci_high"

    /// Words used in reports ("CI lower bound").
    public var label: String {
        switch self {
        case .value: return "point estimate"
        case .intervalLow: return "95 % CI lower bound"
        case .intervalHigh: return "95 % CI upper bound"
        }
    }
}
