import Cycles

/// One predictor's calibration on one dataset, taken from its `EvaluationReport`: where its
/// confidence came from, the calibration metrics (`CycleMetric.calibrationMetrics`) with their
/// intervals, and the reliability tables (`odml compare --json`'s `calibration` block).
///
/// JSON: `{"confidence_source": …, "period_start.confidence_ece": …, "period_start.confidence_ece_ci":
/// [low, high], …, "period_start.confidence_reliability": [bins], "period_start.alert_confidence_reliability": [bins]}`.
public struct CalibrationSummary: Sendable, Equatable, Encodable {
    /// The predictor.
    public var model: String
    /// `"predictor"`, `"past errors"` or `"mixed"` (`EvaluationReport.confidenceSource`).
    public var confidenceSource: String?
    /// The calibration metrics the report has.
    public var metrics: [CycleMetric: Double]
    /// Their 95 % bootstrap intervals.
    public var intervals: [CycleMetric: ConfidenceInterval]
    /// The reliability table of each calibration error.
    public var reliability: [CycleMetric: ReliabilityTable]

    /// The calibration part of `report`.
    public init(report: EvaluationReport) {
        model = report.model
        confidenceSource = report.confidenceSource
        metrics = report.metrics.filter { CycleMetric.calibrationMetrics.contains($0.key) }
        intervals = report.intervals.filter { CycleMetric.calibrationMetrics.contains($0.key) }
        reliability = report.reliability
    }


    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: _NamedKey.self)
        try container.encodeIfPresent(confidenceSource, forKey: _NamedKey("confidence_source"))
        for metric in CycleMetric.calibrationMetrics {
            try container.encodeIfPresent(metrics[metric], forKey: _NamedKey(metric.rawValue))
            try container.encodeIfPresent(intervals[metric], forKey: _NamedKey(metric.rawValue + "_ci"))
            if let key = metric.reliabilityKey { try container.encodeIfPresent(reliability[metric], forKey: _NamedKey(key)) }
        }
    }
}
