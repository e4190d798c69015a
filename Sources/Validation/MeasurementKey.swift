import Cycles
import CyclesLab

/// The names of the measurements a gate can refer to (the `metric` field of a gate).
///
/// - every `CycleMetric` key of the model's evaluation (`period_start.alert_accuracy`, …, with
///   their bootstrap intervals);
/// - `model.file_bytes`: size of the model file on disk;
/// - `latency.p50_us`, `latency.p99_us`, `latency.mean_us`, `latency.max_us`: time of one
///   prediction (features + model + reasoning), one core, warm;
/// - `learning_curve.<series>.<alert_accuracy|accuracy_2d>.<months>m` with series `calendar`,
///   `rules`, `pretrained`, `fine_tuned` or `oracle` (e.g. `learning_curve.fine_tuned.alert_accuracy.6m`);
/// - `robustness.alert_accuracy_vs_calendar`: on the robustness panel, the model − calendar
///   alert accuracy of the row whose paired 95 % interval has the lowest upper end (the row that
///   decides "no model below the calendar").
public enum MeasurementKey {
    /// Model file size in bytes.
    public static let fileBytes = "model.file_bytes"
    /// Median latency of one prediction, µs.
    public static let latencyP50 = "latency.p50_us"
    /// 99th percentile latency of one prediction, µs.
    public static let latencyP99 = "latency.p99_us"
    /// Mean latency of one prediction, µs.
    public static let latencyMean = "latency.mean_us"
    /// Slowest prediction, µs.
    public static let latencyMax = "latency.max_us"
    /// Worst panel row's model − calendar alert accuracy, with its paired 95 % interval.
    public static let robustnessVersusCalendar = "robustness.alert_accuracy_vs_calendar"
    /// Prefix of the learning-curve keys.
    public static let learningCurvePrefix = "learning_curve."
    /// Learning-curve series names.
    public static let learningCurveSeries = ["calendar", "rules", "pretrained", "fine_tuned", "oracle"]
    /// Learning-curve metrics.
    public static let learningCurveMetrics = ["alert_accuracy", "accuracy_2d"]

    /// The key of a learning-curve point, e.g. `learning_curve.fine_tuned.alert_accuracy.6m`.
    public static func learningCurve(series: String, metric: String, months: Int) -> String {
        "\(learningCurvePrefix)\(series).\(metric).\(months)m"
    }

    /// Every fixed key (learning-curve keys follow the pattern above).
    public static var fixedKeys: [String] {
        CycleMetric.allCases.map(\.rawValue) + [fileBytes, latencyP50, latencyP99, latencyMean, latencyMax, robustnessVersusCalendar]
    }

    /// `true` when `key` names something the validator measures.
    public static func isKnown(_ key: String) -> Bool {
        if fixedKeys.contains(key) { return true }
        guard key.hasPrefix(learningCurvePrefix) else { return false }
        let parts = key.dropFirst(learningCurvePrefix.count).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, learningCurveSeries.contains(String(parts[0])),
              learningCurveMetrics.contains(String(parts[1])), parts[2].hasSuffix("m"),
              let months = Int(parts[2].dropLast()), months > 0 else { return false }
        return true
    }

    /// The months a learning-curve key asks for, `nil` for other keys.
    public static func learningCurveMonths(in key: String) -> Int? {
        guard isKnown(key), key.hasPrefix(learningCurvePrefix), let last = key.split(separator: ".").last else { return nil }
        return Int(last.dropLast())
    }
}
