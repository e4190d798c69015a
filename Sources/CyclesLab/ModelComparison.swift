import Cycles
import Foundation

/// Several predictors evaluated on the same users, with paired differences to a baseline
/// (`odml compare`).
public struct ModelComparison: Sendable, Encodable {
    /// A user on whom two models disagree.
    public struct Disagreement: Sendable, Equatable, Encodable {
        public var userID: String
        /// The model compared with the baseline.
        public var model: String
        /// Per-user alert accuracy of the baseline and of `model`.
        public var baselineAlertAccuracy: Double?
        public var modelAlertAccuracy: Double?
        /// Per-user ±2 d daily accuracy of the baseline and of `model`.
        public var baselineAccuracy2d: Double?
        public var modelAccuracy2d: Double?
        /// |Δ alert accuracy| + |Δ accuracy_2d|.
        public var score: Double
    }

    /// The baseline model (`calendar` when present, else the first).
    public var baseline: String
    /// One report per model, in the order given.
    public var reports: [EvaluationReport]
    /// Differences to the baseline by model, then metric.
    public var differences: [String: [CycleMetric: PairedDifference]]
    /// Users with the largest disagreement to the baseline, per model (at most `disagreementCount` each).
    public var disagreements: [Disagreement]
    /// Each model's calibration, in the order given (JSON: an object keyed by model).
    public var calibration: [CalibrationSummary] { reports.map(CalibrationSummary.init(report:)) }

    /// Compares `reports` (evaluated on the same dataset, same user order) with paired
    /// differences to `baseline` (`CycleEvaluator.pairedDifferences(_:baseline:)`).
    public init(reports: [EvaluationReport], baseline: String = "calendar", evaluator: CycleEvaluator = CycleEvaluator(),
                disagreementCount: Int = 10) {
        let base = reports.first { $0.model == baseline } ?? reports[0]
        self.baseline = base.model
        self.reports = reports
        var differences: [String: [CycleMetric: PairedDifference]] = [:]
        var disagreements: [Disagreement] = []
        for report in reports where report.model != base.model {
            let pairs = Array(zip(report.userEvaluations, base.userEvaluations))
            differences[report.model] = evaluator.pairedDifferences(report, baseline: base)
            let ranked = pairs.map { model, reference -> Disagreement in
                let a1 = model.value(for: .alertAccuracy), b1 = reference.value(for: .alertAccuracy)
                let a2 = model.value(for: .accuracy2d), b2 = reference.value(for: .accuracy2d)
                let score = abs((a1 ?? 0) - (b1 ?? 0)) + abs((a2 ?? 0) - (b2 ?? 0))
                return Disagreement(userID: model.userID, model: report.model, baselineAlertAccuracy: b1, modelAlertAccuracy: a1,
                                    baselineAccuracy2d: b2, modelAccuracy2d: a2, score: score)
            }
            disagreements += ranked.enumerated()
                .sorted { $0.element.score != $1.element.score ? $0.element.score > $1.element.score : $0.offset < $1.offset }
                .prefix(disagreementCount).map(\.element)
        }
        self.differences = differences
        self.disagreements = disagreements
    }

    private enum CodingKeys: String, CodingKey {
        case baseline, reports, differences, disagreements, calibration
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(baseline, forKey: .baseline)
        try container.encode(reports, forKey: .reports)
        try container.encode(differences, forKey: .differences)
        try container.encode(disagreements, forKey: .disagreements)
        try container.encode(Dictionary(uniqueKeysWithValues: calibration.map { ($0.model, $0) }), forKey: .calibration)
    }

    /// A text table: rows = metrics, columns = models (value [CI]), then Δ vs the baseline.
    public var text: String {
        func pad(_ text: String, _ width: Int) -> String { text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count) }
        func format(_ value: Double?, _ interval: ConfidenceInterval?) -> String {
            guard let value else { return "—" }
            return String(format: "%.3f", value) + (interval.map { String(format: " [%.3f, %.3f]", $0.low, $0.high) } ?? "")
        }
        let others = reports.filter { $0.model != baseline }
        let keyWidth = CycleMetric.keyColumnWidth
        var header = pad("metric", keyWidth)
        for report in reports { header += pad(report.model, 26) }
        for report in others { header += pad("Δ \(report.model)-\(baseline)", 28) }
        var lines = ["users \(reports.first?.users ?? 0), cycles \(reports.first?.cycles ?? 0)", header]
        for key in CycleMetric.allCases where reports.contains(where: { $0.metrics[key] != nil }) {
            var line = pad(key.rawValue, keyWidth)
            for report in reports { line += pad(format(report.metrics[key], report.intervals[key]), 26) }
            for report in others {
                let difference = differences[report.model]?[key]
                line += pad(format(difference?.value, difference?.interval), 28)
            }
            lines.append(line)
        }
        let tables = reports.compactMap { report in report.reliability[.confidenceECE].map { (model: report.model, table: $0) } }
        if !tables.isEmpty {
            let sources = reports.compactMap { report in report.confidenceSource.map { "\(report.model) \($0)" } }
            lines.append("")
            lines.append("\(ReliabilityTable.rowsHeading); confidence from: " + sources.joined(separator: ", "))
            lines += TextTable.aligned(ReliabilityTable.rows(tables))
            lines.append("")
        }
        if !disagreements.isEmpty {
            lines.append("users where models disagree most (alert accuracy, accuracy_2d: \(baseline) vs model):")
            for item in disagreements {
                func short(_ value: Double?) -> String { value.map { String(format: "%.2f", $0) } ?? "—" }
                lines.append("  \(item.userID) \(item.model): alert \(short(item.baselineAlertAccuracy)) vs \(short(item.modelAlertAccuracy)), "
                             + "±2 d \(short(item.baselineAccuracy2d)) vs \(short(item.modelAccuracy2d))")
            }
        }
        return lines.joined(separator: "\n")
    }
}
