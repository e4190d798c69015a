import Cycles
import CyclesLab

/// A learning curve as the validator uses it: for each series (`calendar`, `rules`, `pretrained`,
/// `fine_tuned`, `oracle`) and each month of personal history, the alert accuracy and the ±2-day
/// daily accuracy on the next cycles, with 95 % intervals.
public struct LearningCurveSummary: Sendable, Equatable, Encodable {
    /// One point of one series.
    public struct Point: Sendable, Equatable, Encodable {
        /// `period_start.alert_accuracy` on the cycles after the cut-off.
        public var alertAccuracy: Double
        /// Its 95 % interval.
        public var alertAccuracyInterval: ConfidenceInterval?
        /// `period_start.accuracy_2d` on the same days.
        public var accuracy2d: Double
        /// Its 95 % interval.
        public var accuracy2dInterval: ConfidenceInterval?
        /// Users and cycles behind the point.
        public var users: Int
        public var cycles: Int

        /// Creates a point.
        public init(alertAccuracy: Double, alertAccuracyInterval: ConfidenceInterval?, accuracy2d: Double,
                    accuracy2dInterval: ConfidenceInterval?, users: Int, cycles: Int) {
            self.alertAccuracy = alertAccuracy
            self.alertAccuracyInterval = alertAccuracyInterval
            self.accuracy2d = accuracy2d
            self.accuracy2dInterval = accuracy2dInterval
            self.users = users
            self.cycles = cycles
        }

        private enum CodingKeys: String, CodingKey {
            case alertAccuracy = "alert_accuracy", alertAccuracyInterval = "alert_accuracy_ci"
            case accuracy2d = "accuracy_2d", accuracy2dInterval = "accuracy_2d_ci", users, cycles
        }
    }

    /// Months of personal history, increasing.
    public var months: [Int]
    /// Series names in report order.
    public var series: [String]
    /// Points by series, then month (a month may be missing when no user had enough data).
    public var points: [String: [Int: Point]]
    /// How the curve was computed, one sentence.
    public var method: String

    /// Creates a summary.
    public init(months: [Int], series: [String], points: [String: [Int: Point]], method: String) {
        self.months = months
        self.series = series
        self.points = points
        self.method = method
    }

    /// The measurements it provides, keyed as `MeasurementKey.learningCurve(series:metric:months:)`.
    public var measurements: [String: MeasuredValue] {
        var result: [String: MeasuredValue] = [:]
        for (name, byMonth) in points {
            for (month, point) in byMonth {
                let context = "\(method); \(point.users) users, \(point.cycles) cycles"
                result[MeasurementKey.learningCurve(series: name, metric: "alert_accuracy", months: month)] =
                    MeasuredValue(value: point.alertAccuracy, interval: point.alertAccuracyInterval, method: context)
                result[MeasurementKey.learningCurve(series: name, metric: "accuracy_2d", months: month)] =
                    MeasuredValue(value: point.accuracy2d, interval: point.accuracy2dInterval, method: context)
            }
        }
        return result
    }

    private enum CodingKeys: String, CodingKey { case months, series, points, method }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(months, forKey: .months)
        try container.encode(series, forKey: .series)
        try container.encode(points.mapValues { byMonth in
            Dictionary(uniqueKeysWithValues: byMonth.map { ("\($0.key)", $0.value) })
        }, forKey: .points)
        try container.encode(method, forKey: .method)
    }
}
