import Cycles
import CyclesLab

/// A gate as data: which measurement of each candidate model is compared with which limit.
///
/// The built-in gates are `GateSpecification.defaults`; more come from a gates file
/// (`odml validate --gates gates.json`, see `GateSpecification.load(from:)`).
public struct GateSpecification: Sendable, Equatable, Codable {
    /// Short name shown in the table (`"alert accuracy ≥ 60 %"`).
    public var name: String
    /// The measurement compared (a `MeasurementKey`).
    public var metric: String
    /// Which number of the measurement: the point estimate or an interval end.
    public var statistic: GateStatistic
    /// How the number is compared with `limit`.
    public var comparison: GateComparison
    /// The limit, in the measurement's own unit (fractions for accuracies, bytes, µs).
    public var limit: Double
    /// Whether the gate decides the verdict or is a target reported beside it.
    public var kind: GateKind

    /// Creates a gate specification; it decides the verdict unless `kind` is `.target`.
    public init(name: String, metric: String, statistic: GateStatistic = .value, comparison: GateComparison, limit: Double,
                kind: GateKind = .goNoGo) {
        self.name = name
        self.metric = metric
        self.statistic = statistic
        self.comparison = comparison
        self.limit = limit
        self.kind = kind
    }

    /// This specification as a gate that decides the verdict (what a gates file does to a target).
    public var asGoNoGoGate: GateSpecification {
        var gate = self
        gate.kind = .goNoGo
        return gate
    }

    /// Model file under 10 MB (10,000,000 bytes): a Spike S3 gate.
    public static let modelSize = GateSpecification(
        name: "model file size < 10 MB", metric: MeasurementKey.fileBytes, comparison: .lessThan, limit: 10_000_000)
    /// Alert accuracy on irregular held-out users at least 60 %, judged on the interval's lower end:
    /// a Spike S3 gate.
    public static let alertAccuracy = GateSpecification(
        name: "alert accuracy ≥ 60 % (CI lower bound)", metric: CycleMetric.alertAccuracy.rawValue,
        statistic: .intervalLow, comparison: .greaterThanOrEqual, limit: 0.60)
    /// Phase 2 target: p99 of one explained prediction under 150 ms.
    public static let latencyPhase1 = GateSpecification(
        name: "latency p99 < 150 ms (phase 1)", metric: MeasurementKey.latencyP99, comparison: .lessThan, limit: 150_000,
        kind: .target)
    /// Phase 2 target, later: p99 of one explained prediction under 100 ms.
    public static let latencyPhase2 = GateSpecification(
        name: "latency p99 < 100 ms (phase 2)", metric: MeasurementKey.latencyP99, comparison: .lessThan, limit: 100_000,
        kind: .target)
    /// Phase 2 target: after 6 months of personal data, the fine-tuned model's alert accuracy at least 70 %.
    public static let fineTunedSixMonths = GateSpecification(
        name: "fine-tuned alert accuracy ≥ 70 % at 6 months",
        metric: MeasurementKey.learningCurve(series: "fine_tuned", metric: "alert_accuracy", months: 6),
        comparison: .greaterThanOrEqual, limit: 0.70, kind: .target)

    /// Phase 2 target, no model below the calendar: on every row of the robustness panel (the held-out users as
    /// generated, perturbed, and any real dataset), the upper end of the paired 95 % interval of
    /// model − calendar alert accuracy is at least 0.
    public static let notBelowCalendar = GateSpecification(
        name: "no model below the calendar (every panel row)", metric: MeasurementKey.robustnessVersusCalendar,
        statistic: .intervalHigh, comparison: .greaterThanOrEqual, limit: 0, kind: .target)

    /// The Spike S3 go/no-go: a model under 10 MB reaching ≥ 60 % alert accuracy on irregular users.
    public static let spike: [GateSpecification] = [modelSize, alertAccuracy]
    /// The Phase 2 targets, reported beside the verdict.
    public static let phase2Targets: [GateSpecification] = [latencyPhase1, latencyPhase2, fineTunedSixMonths, notBelowCalendar]
    /// What every `odml validate` run checks, in table order: the spike's gates, then the targets.
    public static let defaults: [GateSpecification] = spike + phase2Targets

    /// `true` when the gate's measurement depends on what the users log — an evaluation metric
    /// (`period_start.*`, …) or a learning-curve point — so that the scenario table checks it on
    /// each logging scenario's users; `false` for the model's own properties (file size, latency)
    /// and the robustness panel's calendar floor, checked once.
    public var isMeasuredPerScenario: Bool {
        CycleMetric(rawValue: metric) != nil || metric.hasPrefix(MeasurementKey.learningCurvePrefix)
    }

    /// The unit the metric is measured in: `"bytes"`, `"µs"`, `"fraction"`, `"days"`, `"points"`,
    /// `"score"` (a calibration error or a Brier score, between 0 and 1) or `"difference"` (a
    /// difference of fractions, printed in percentage points).
    public var unit: String { Self.unit(of: metric) }

    /// The unit of a measurement key.
    public static func unit(of metric: String) -> String {
        if metric == MeasurementKey.fileBytes { return "bytes" }
        if metric == MeasurementKey.robustnessVersusCalendar { return "difference" }
        if metric.hasPrefix("latency.") { return "µs" }
        if metric.hasSuffix("mae_days") || metric.hasPrefix(CycleMetric.maeByCycleDayPrefix + ".") { return "days" }
        if metric.hasSuffix(".mae") { return "points" }
        if let cycleMetric = CycleMetric(rawValue: metric), cycleMetric.isCalibrationError || cycleMetric == .brier { return "score" }
        return "fraction"
    }
}
