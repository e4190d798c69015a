import Cycles
import CyclesLab

/// One measured number of one model: a point estimate, its 95 % bootstrap interval when there
/// is one, and how it was obtained.
public struct MeasuredValue: Sendable, Equatable, Codable {
    /// The point estimate.
    public var value: Double
    /// The 95 % interval, when the measurement has one.
    public var interval: ConfidenceInterval?
    /// How it was measured, one sentence.
    public var method: String

    /// Creates a measurement.
    public init(value: Double, interval: ConfidenceInterval? = nil, method: String) {
        self.value = value
        self.interval = interval
        self.method = method
    }

    /// The number `statistic` picks; `nil` when it asks for an interval the measurement lacks.
    public func number(for statistic: GateStatistic) -> Double? {
        switch statistic {
        case .value: return value
        case .intervalLow: return interval?.low
        case .intervalHigh: return interval?.high
        }
    }
}
