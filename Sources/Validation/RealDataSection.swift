import Cycles
import CyclesLab

/// The report's section on one real dataset (`odml validate --robustness-data DIR`, e.g. charts
/// imported with `odml import fedcycle`): per model of the robustness panel (the calendar, rules,
/// the candidates), its alert and daily accuracy, the calibration of its confidence and the
/// coverage of its intervals (`CycleMetric.calibrationMetrics`), each with its 95 % interval, and
/// its paired difference to the calendar on every metric but the coverages (whose target is their
/// level, so that a difference says nothing of which is better).
///
/// Scored against the dataset's own logged starts, on the evaluations the robustness panel made.
public struct RealDataSection: Sendable, Encodable {
    /// One model on the dataset.
    public struct Result: Sendable, Encodable {
        /// The column.
        public var model: String
        /// Where its confidences came from (`EvaluationReport.confidenceSource`).
        public var confidenceSource: String?
        /// The values of `RealDataSection.metrics` it has.
        public var metrics: [CycleMetric: Double]
        /// Their 95 % bootstrap intervals.
        public var intervals: [CycleMetric: ConfidenceInterval]
        /// model − calendar on `RealDataSection.pairedMetrics`, paired over users (empty for the calendar).
        public var versusCalendar: [CycleMetric: PairedDifference]

        /// Creates a result.
        public init(model: String, confidenceSource: String?, metrics: [CycleMetric: Double],
                    intervals: [CycleMetric: ConfidenceInterval], versusCalendar: [CycleMetric: PairedDifference]) {
            self.model = model
            self.confidenceSource = confidenceSource
            self.metrics = metrics
            self.intervals = intervals
            self.versusCalendar = versusCalendar
        }

        private enum CodingKeys: String, CodingKey {
            case model, confidenceSource = "confidence_source", metrics, intervals, versusCalendar = "vs_calendar"
        }
    }

    /// The metrics of the section, in table order.
    public static let metrics: [CycleMetric] = [.alertAccuracy, .accuracy2d] + CycleMetric.calibrationMetrics
    /// The metrics given a paired difference to the calendar.
    public static let pairedMetrics: [CycleMetric] = metrics.filter { $0.coverageLevel == nil }

    /// The dataset's name (its directory's).
    public var name: String
    /// Users on it.
    public var users: Int
    /// Cycles scored (the calendar's count; the same for every model).
    public var cycles: Int
    /// One result per panel column, in column order (the calendar first).
    public var results: [Result]
    /// Bootstrap resamples behind every interval.
    public var bootstrapSamples: Int

    /// Creates a section.
    public init(name: String, users: Int, cycles: Int, results: [Result], bootstrapSamples: Int) {
        self.name = name
        self.users = users
        self.cycles = cycles
        self.results = results
        self.bootstrapSamples = bootstrapSamples
    }

    /// The section of `reports` (one per panel column, the calendar's first) with their paired
    /// differences to the calendar (`differences[i]` for `reports[i]`, empty for the calendar).
    init(name: String, users: Int, reports: [EvaluationReport], differences: [[CycleMetric: PairedDifference]], bootstrapSamples: Int) {
        self.init(name: name, users: users, cycles: reports.first?.cycles ?? 0, results: zip(reports, differences).map { report, difference in
            Result(model: report.model, confidenceSource: report.confidenceSource,
                   metrics: report.metrics.filter { Self.metrics.contains($0.key) },
                   intervals: report.intervals.filter { Self.metrics.contains($0.key) },
                   versusCalendar: difference.filter { Self.pairedMetrics.contains($0.key) })
        }, bootstrapSamples: bootstrapSamples)
    }

    /// The heading line: the dataset, its users and cycles.
    public var heading: String {
        "real data: \(name), \(_Format.grouped(users)) users, \(_Format.grouped(cycles)) cycles; value [95 % CI], "
            + "Δ vs calendar [paired 95 % CI]"
    }

    /// The text and Markdown table (header first): per metric one line of values with their
    /// intervals and, for the paired metrics, one line of differences to the calendar; then where
    /// each model's confidence came from.
    public var table: [[String]] {
        var rows = [["metric"] + results.map(\.model)]
        for metric in Self.metrics where results.contains(where: { $0.metrics[metric] != nil }) {
            rows.append([Self.label(metric)] + results.map { result in
                result.metrics[metric].map { _Format.measurement($0, interval: result.intervals[metric], metric: metric.rawValue) } ?? "-"
            })
            if Self.pairedMetrics.contains(metric) {
                rows.append(["  Δ vs calendar"] + results.map { result in
                    result.versusCalendar[metric].map { _Format.difference($0, metric: metric.rawValue) } ?? "-"
                })
            }
        }
        rows.append(["confidence from"] + results.map { $0.confidenceSource ?? "-" })
        return rows
    }

    /// The label of `metric` in the tables of the report.
    static func label(_ metric: CycleMetric) -> String {
        ValidationReport.tableRows.first { $0.key == metric.rawValue }?.label ?? metric.rawValue
    }
}
