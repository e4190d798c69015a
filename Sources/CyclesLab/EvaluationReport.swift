import Cycles
import Foundation

/// The result of evaluating one predictor on one dataset.
///
/// JSON (`odml evaluate --json`): one flat object with `model`, `users`, `cycles`,
/// `predictions`, each metric key of `CycleMetric` and its `<key>_ci` `[low, high]`; the cycle-day
/// buckets are nested: `"period_start.by_cycle_day": {"1-7": …, "8-14": …, "15+": …}` and
/// `"period_start.by_cycle_day_ci": {"1-7": [low, high], …}`.
public struct EvaluationReport: Sendable, Equatable, Encodable {
    /// The predictor's name.
    public var model: String
    /// Users evaluated.
    public var users: Int
    /// Cycles scored for alert accuracy.
    public var cycles: Int
    /// Forecasts made.
    public var predictions: Int
    /// Metric values.
    public var metrics: [CycleMetric: Double]
    /// 95 % bootstrap intervals (resampling users, `UserBootstrap`) of the same metrics.
    public var intervals: [CycleMetric: ConfidenceInterval]
    /// Per-user results, in dataset order (not written to JSON).
    public var userEvaluations: [UserEvaluation]

    /// Creates a report.
    public init(model: String, users: Int, cycles: Int, predictions: Int, metrics: [CycleMetric: Double],
                intervals: [CycleMetric: ConfidenceInterval], userEvaluations: [UserEvaluation] = []) {
        self.model = model
        self.users = users
        self.cycles = cycles
        self.predictions = predictions
        self.metrics = metrics
        self.intervals = intervals
        self.userEvaluations = userEvaluations
    }

    /// The alert accuracy (the gate metric); 0 when no cycle was scored.
    public var alertAccuracy: Double { metrics[.alertAccuracy] ?? 0 }

    /// Every cycle outcome, user by user.
    public var cycleOutcomes: [CycleOutcome] { userEvaluations.flatMap(\.cycles) }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(model, forKey: Key("model"))
        try container.encode(users, forKey: Key("users"))
        try container.encode(cycles, forKey: Key("cycles"))
        try container.encode(predictions, forKey: Key("predictions"))
        var buckets: [String: Double] = [:]
        var bucketIntervals: [String: ConfidenceInterval] = [:]
        for metric in CycleMetric.allCases {
            if let bucket = metric.cycleDayBucket {
                buckets[bucket] = metrics[metric]
                bucketIntervals[bucket] = intervals[metric]
                continue
            }
            if let value = metrics[metric] { try container.encode(value, forKey: Key(metric.rawValue)) }
            if let interval = intervals[metric] { try container.encode(interval, forKey: Key(metric.rawValue + "_ci")) }
        }
        if !buckets.isEmpty { try container.encode(buckets, forKey: Key(CycleMetric.byCycleDayPrefix)) }
        if !bucketIntervals.isEmpty { try container.encode(bucketIntervals, forKey: Key(CycleMetric.byCycleDayPrefix + "_ci")) }
    }

    /// Pretty-printed JSON with sorted keys.
    public func jsonString() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
