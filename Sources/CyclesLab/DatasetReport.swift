import Cycles
import Foundation

/// A dataset's statistics next to the reference values, with pass/fail per row
/// (`odml generate --report`).
public struct DatasetReport: Sendable, Encodable {
    /// One compared statistic.
    public struct Row: Sendable, Encodable {
        public var key: String
        public var label: String
        public var reference: String
        public var source: String
        /// The measured value, `nil` when the dataset cannot give it (e.g. no truth).
        public var measured: Double?
        /// The accepted range for this cohort.
        public var accepted: [Double]
        /// `measured` lies in `accepted`; rows without a value do not fail.
        public var passed: Bool
        /// Why the row cannot apply to this cohort (shown with its value, never failed); `nil` when it applies.
        public var notApplicable: String?
    }

    /// The cohort the rows were chosen for.
    public var cohort: String
    /// Users in the dataset.
    public var users: Int
    /// Rows in `ReferenceStatistics` order.
    public var rows: [Row]

    /// Compares `dataset` with the reference rows of `cohort` (default: the manifest's cohort).
    public init(dataset: CycleDataset, cohort: String? = nil) {
        let name = cohort ?? (try? dataset.manifest.cohortConfig)?.name ?? "mixed"
        let measured = DatasetStatistics.compute(dataset)
        self.cohort = name
        self.users = dataset.users.count
        let applicable = ReferenceStatistics.rows(for: name).map { statistic, range in
            let value = measured[statistic.key]
            return Row(key: statistic.key, label: statistic.label, reference: statistic.reference, source: statistic.source,
                       measured: value, accepted: [range.lowerBound, range.upperBound],
                       passed: value.map { range.contains(($0 * 1000).rounded() / 1000) } ?? true, notApplicable: nil)
        }
        let inapplicable = ReferenceStatistics.inapplicableRows(for: name).map { statistic, reason in
            Row(key: statistic.key, label: statistic.label, reference: statistic.reference, source: statistic.source,
                measured: measured[statistic.key], accepted: [], passed: true, notApplicable: reason)
        }
        self.rows = applicable + inapplicable
    }

    /// `true` when every row with a value passed.
    public var allPassed: Bool { rows.allSatisfy(\.passed) }

    /// The failing rows.
    public var failures: [Row] { rows.filter { !$0.passed } }

    /// A fixed-width text table.
    public var text: String {
        func pad(_ text: String, _ width: Int) -> String { text.count >= width ? text : text + String(repeating: " ", count: width - text.count) }
        var lines = ["cohort \(cohort), \(users) users",
                     pad("statistic", 52) + pad("reference", 34) + pad("measured", 10) + pad("accepted", 16) + pad("result", 8) + "source"]
        for row in rows {
            let measured = row.measured.map { String(format: "%.2f", $0) } ?? "n/a"
            if let reason = row.notApplicable {
                lines.append(pad(row.label, 52) + pad(row.reference, 34) + pad(measured, 10) + pad("-", 16) + pad("n/a", 8)
                             + row.source + "; does not apply to \(cohort): \(reason)")
                continue
            }
            let accepted = String(format: "%.2f..%.2f", row.accepted[0], row.accepted[1])
            lines.append(pad(row.label, 52) + pad(row.reference, 34) + pad(measured, 10) + pad(accepted, 16)
                         + pad(row.measured == nil ? "skip" : (row.passed ? "pass" : "FAIL"), 8) + row.source)
        }
        let failed = failures.count, checked = rows.filter { $0.notApplicable == nil }.count
        lines.append(failed == 0 ? "all \(checked) rows pass" : "\(failed) of \(checked) rows fail")
        return lines.joined(separator: "\n")
    }
}
