import Cycles
import Foundation

/// A dataset converted from an outside file (`FedCycleImporter`, `CycleListImporter`), with an
/// account of every input row that was not carried over: nothing is lost silently.
///
/// `dataset.manifest.summary` holds the counts (`rows_read`, `rows_imported`, `rows_dropped_*`,
/// `rows_skipped_invalid`, …); `droppedRows` names each dropped row and why; rows skipped by a
/// lenient import are in `dataset.skippedRows` with their error.
public struct DatasetImport: Sendable, Equatable {
    /// One input row that was read but not converted, and why.
    public struct DroppedRow: Sendable, Equatable, CustomStringConvertible {
        /// The input file's name, as shown in messages.
        public var file: String
        /// 1-based line of the row in the input file.
        public var line: Int
        /// Why the row could not be used.
        public var reason: String

        /// Creates a dropped-row note.
        public init(file: String, line: Int, reason: String) {
            self.file = file
            self.line = line
            self.reason = reason
        }

        /// `file:line: reason`.
        public var description: String { "\(file):\(line): \(reason)" }
    }

    /// The converted dataset, ready for `write(to:)` or evaluation.
    public var dataset: CycleDataset
    /// Rows read but not converted (valid rows that cannot be placed), in input line order.
    public var droppedRows: [DroppedRow]

    /// Creates an import result.
    public init(dataset: CycleDataset, droppedRows: [DroppedRow] = []) {
        self.dataset = dataset
        self.droppedRows = droppedRows
    }

    /// Writes the dataset directory (`CycleDataset.write(to:)`). A stale
    /// `truth.csv` left in `directory` by an earlier dataset is removed when this one has no truth,
    /// so that the directory always reads back as exactly this dataset.
    /// - Throws: `DatasetError.writeFailed`.
    public func write(to directory: URL) throws {
        try dataset.write(to: directory)
        if dataset.truth == nil {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(CycleDataset.FileName.truth))
        }
    }

    /// A human-readable account for stderr: one line of totals, then each dropped or skipped row
    /// (at most `limit` of each, then a count of the rest).
    public func summaryLines(limit: Int = 20) -> [String] {
        let summary = dataset.manifest.summary
        func count(_ key: String) -> Int { Int(summary[key] ?? 0) }
        var lines = ["read \(count("rows_read")) rows: imported \(count("rows_imported")) (\(dataset.users.count) users, "
            + "\(count("logged_period_starts")) period starts), dropped \(droppedRows.count), skipped \(dataset.skippedRows.count) invalid"]
        let reasons = summary.keys.filter { $0.hasPrefix("rows_dropped_") && count($0) > 0 }.sorted()
        if !reasons.isEmpty {
            lines.append("dropped rows by reason: " + reasons.map { "\($0.dropFirst("rows_dropped_".count)) \(count($0))" }.joined(separator: ", "))
        }
        for row in droppedRows.prefix(limit) { lines.append("  dropped \(row)") }
        if droppedRows.count > limit { lines.append("  … and \(droppedRows.count - limit) more dropped rows") }
        for error in dataset.skippedRows.prefix(limit) { lines.append("  skipped \(error)") }
        if dataset.skippedRows.count > limit { lines.append("  … and \(dataset.skippedRows.count - limit) more skipped rows") }
        return lines
    }
}
