import Personalization
import CyclesLab
import Cycles
import Foundation

/// The aggregated learning curve: per series and month, alert accuracy and ±2-day daily accuracy
/// pooled over the evaluated cycles, with 95 % bootstrap intervals resampling users.
public struct LearningCurveResult: Sendable {
    /// One point of a curve.
    public struct Point: Sendable, Equatable, Codable {
        /// `period_start.alert_accuracy`: alert hits / cycles.
        public var alertAccuracy: Double
        /// 95 % bootstrap interval of `alertAccuracy` (`UserBootstrap`); `nil` without resamples.
        public var alertAccuracyInterval: ConfidenceInterval?
        /// `period_start.accuracy_2d`: daily forecasts within ±2 days / forecasts.
        public var accuracy2d: Double
        /// 95 % bootstrap interval of `accuracy2d`; `nil` without resamples.
        public var accuracy2dInterval: ConfidenceInterval?
        /// Mean absolute error of the daily forecasts, in days.
        public var maeDays: Double
        /// Users evaluated.
        public var users: Int
        /// Cycles evaluated.
        public var cycles: Int
        /// Share of users whose personal model passed the guardrail (fine-tuned series only).
        public var keptShare: Double?

        enum CodingKeys: String, CodingKey {
            case alertAccuracy = "alert_accuracy"
            case alertAccuracyInterval = "alert_accuracy_ci"
            case accuracy2d = "accuracy_2d"
            case accuracy2dInterval = "accuracy_2d_ci"
            case maeDays = "mae_days"
            case users, cycles
            case keptShare = "kept_share"
        }
    }

    /// The per-user, per-month records the curve was computed from.
    public let records: [LearningCurve.UserMonth]
    /// Months, in the configured order (months with no evaluable user are kept, with no points).
    public let months: [Int]
    /// Series names in report order.
    public let series: [String]
    /// Points by series name, then month.
    public let points: [String: [Int: Point]]

    /// Aggregates `records`.
    public init(records: [LearningCurve.UserMonth], configuration: LearningCurve.Configuration, series: [String]) {
        self.records = records
        self.months = configuration.months
        self.series = series
        let bootstrap = UserBootstrap(resamples: configuration.bootstrapSamples, seed: configuration.seed)
        var points: [String: [Int: Point]] = [:]
        for month in configuration.months {
            let monthRecords = records.filter { $0.month == month }
            guard !monthRecords.isEmpty else { continue }
            for name in series {
                let perUser = monthRecords.map { Totals($0.outcomes[name] ?? []) }
                var point = Self.point(perUser, bootstrap: bootstrap)
                if name == "fine_tuned" {
                    point.keptShare = Double(monthRecords.filter(\.kept).count) / Double(monthRecords.count)
                }
                points[name, default: [:]][month] = point
            }
        }
        self.points = points
    }

    /// The point of `series` at `month`, if evaluated.
    public func point(_ series: String, month: Int) -> Point? { points[series]?[month] }

    struct Totals {
        var hits = 0, cycles = 0, withinTwoDays = 0, days = 0
        var absoluteError = 0.0
        init(_ outcomes: [CycleForecastScore]) {
            for outcome in outcomes {
                hits += outcome.alertHit ? 1 : 0
                cycles += 1
                withinTwoDays += outcome.withinTwoDays
                days += outcome.dayCount
                absoluteError += outcome.absoluteErrorSum
            }
        }
        init() {}
        static func + (lhs: Totals, rhs: Totals) -> Totals {
            var sum = lhs
            sum.hits += rhs.hits; sum.cycles += rhs.cycles
            sum.withinTwoDays += rhs.withinTwoDays; sum.days += rhs.days
            sum.absoluteError += rhs.absoluteError
            return sum
        }
        var alertAccuracy: Double { cycles == 0 ? 0 : Double(hits) / Double(cycles) }
        var accuracy2d: Double { days == 0 ? 0 : Double(withinTwoDays) / Double(days) }
    }

    /// The pooled point of `perUser`, with the intervals of `bootstrap` (every series and month
    /// is resampled with the same draws of users, so their intervals are paired).
    static func point(_ perUser: [Totals], bootstrap: UserBootstrap) -> Point {
        let total = perUser.reduce(Totals(), +)
        let resamples = bootstrap.pooledResamples(of: perUser, zero: Totals()) { $0 = $0 + $1 }
        return Point(alertAccuracy: total.alertAccuracy,
                     alertAccuracyInterval: ConfidenceInterval(percentilesOf: resamples.map(\.alertAccuracy)),
                     accuracy2d: total.accuracy2d, accuracy2dInterval: ConfidenceInterval(percentilesOf: resamples.map(\.accuracy2d)),
                     maeDays: total.days == 0 ? 0 : total.absoluteError / Double(total.days),
                     users: perUser.count, cycles: total.cycles, keptShare: nil)
    }
}
