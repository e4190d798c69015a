import Cycles
import Foundation

/// Turns feedback into per-day training weights: days near an inaccurate prediction or an
/// insight marked "inaccurate" count more.
///
/// `weight(d) = 1 + boost · max_f exp(−|d − f.day| / bandwidthDays)` over inaccurate signals `f`;
/// accurate signals leave weights at 1. Using the maximum, not the sum, keeps a run of misses
/// from swamping the rest of her history.
public struct FeedbackWeighting: Sendable, Equatable {
    /// Extra weight on the day of an inaccurate signal.
    public var boost: Double
    /// How fast the extra weight fades with distance, in days.
    public var bandwidthDays: Double

    public init(boost: Double = 2, bandwidthDays: Double = 3) {
        self.boost = boost
        self.bandwidthDays = bandwidthDays
    }

    /// No feedback weighting.
    public static let none = FeedbackWeighting(boost: 0, bandwidthDays: 1)

    /// The weight of each of `days` given `signals`.
    public func weights(for days: [CalendarDay], signals: [FeedbackSignal]) -> [Double] {
        let misses = signals.filter { !$0.isAccurate }.map(\.day)
        guard boost > 0, !misses.isEmpty else { return Array(repeating: 1, count: days.count) }
        return days.map { day in
            let nearest = misses.map { Double(abs($0.distance(to: day))) }.min() ?? .infinity
            return 1 + boost * exp(-nearest / bandwidthDays)
        }
    }
}
