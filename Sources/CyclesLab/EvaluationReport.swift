import Cycles
import Foundation

/// The result of evaluating one predictor on one dataset.
///
/// JSON (`odml evaluate --json`): one flat object with `model`, `users`, `cycles`,
/// `predictions`, each metric key of `CycleMetric` and its `<key>_ci` `[low, high]`; the groups
/// of `CycleMetric.nestedGroups` are nested: `"period_start.by_cycle_day": {"1-7": …, "8-14": …,
/// "15+": …}`, `"period_start.by_cycle_day_ci": {"1-7": [low, high], …}`, and likewise
/// `"period_start.mae_by_cycle_day": {"0": …, "14": …, …}`. Each calibration error has its
/// reliability table (`CycleMetric.reliabilityKey`: `"period_start.confidence_reliability"`,
/// `"period_start.alert_confidence_reliability"`), and
/// `"period_start.confidence_from_past_errors"` is the share of scored forecasts whose confidence
/// came from the predictor's past errors (1 for a predictor that states none).
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
    /// The reliability table behind each calibration error (`CycleMetric.isCalibrationError`).
    public var reliability: [CycleMetric: ReliabilityTable]
    /// Share of the scored forecasts whose confidence came from the predictor's own past errors
    /// (`ForecastErrorHistory`), not from the predictor; `nil` when none was scored.
    public var confidenceFromPastErrors: Double?
    /// Per-user results, in dataset order (not written to JSON).
    public var userEvaluations: [UserEvaluation]

    /// Creates a report.
    public init(model: String, users: Int, cycles: Int, predictions: Int, metrics: [CycleMetric: Double],
                intervals: [CycleMetric: ConfidenceInterval], reliability: [CycleMetric: ReliabilityTable] = [:],
                confidenceFromPastErrors: Double? = nil, userEvaluations: [UserEvaluation] = []) {
        self.model = model
        self.users = users
        self.cycles = cycles
        self.predictions = predictions
        self.metrics = metrics
        self.intervals = intervals
        self.reliability = reliability
        self.confidenceFromPastErrors = confidenceFromPastErrors
        self.userEvaluations = userEvaluations
    }

    /// The alert accuracy (the gate metric); 0 when no cycle was scored.
    public var alertAccuracy: Double { metrics[.alertAccuracy] ?? 0 }

    /// Where the confidences scored came from: `"predictor"` (its own distribution), `"past errors"`
    /// (`ForecastErrorHistory`) or `"mixed"`; `nil` when none was scored.
    public var confidenceSource: String? {
        guard let share = confidenceFromPastErrors else { return nil }
        return share == 0 ? "predictor" : (share == 1 ? "past errors" : "mixed")
    }

    /// Every cycle outcome, user by user.
    public var cycleOutcomes: [CycleOutcome] { userEvaluations.flatMap(\.cycles) }


    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: _NamedKey.self)
        try container.encode(model, forKey: _NamedKey("model"))
        try container.encode(users, forKey: _NamedKey("users"))
        try container.encode(cycles, forKey: _NamedKey("cycles"))
        try container.encode(predictions, forKey: _NamedKey("predictions"))
        var nested: [String: [String: Double]] = [:]
        var nestedIntervals: [String: [String: ConfidenceInterval]] = [:]
        for metric in CycleMetric.allCases {
            if let (group, key) = metric.nesting {
                nested[group, default: [:]][key] = metrics[metric]
                nestedIntervals[group, default: [:]][key] = intervals[metric]
                continue
            }
            if let value = metrics[metric] { try container.encode(value, forKey: _NamedKey(metric.rawValue)) }
            if let interval = intervals[metric] { try container.encode(interval, forKey: _NamedKey(metric.rawValue + "_ci")) }
            if let key = metric.reliabilityKey, let table = reliability[metric] { try container.encode(table, forKey: _NamedKey(key)) }
        }
        for group in CycleMetric.nestedGroups {
            if let values = nested[group], !values.isEmpty { try container.encode(values, forKey: _NamedKey(group)) }
            if let values = nestedIntervals[group], !values.isEmpty { try container.encode(values, forKey: _NamedKey(group + "_ci")) }
        }
        if let confidenceFromPastErrors {
            try container.encode(confidenceFromPastErrors, forKey: _NamedKey("period_start.confidence_from_past_errors"))
        }
    }

    /// Pretty-printed JSON with sorted keys.
    public func jsonString() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
