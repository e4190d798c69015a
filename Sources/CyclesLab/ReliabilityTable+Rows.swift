import Cycles
import Foundation

extension ReliabilityTable {
    /// The cells of several models' reliability tables side by side (header first): per confidence
    /// bin, each model's `"hit rate / mean confidence (forecasts)"` in percent, `"-"` for an empty
    /// bin; the last row is each model's calibration error. The text of `odml evaluate` and
    /// `odml compare` and the tables of `odml validate`'s report.
    public static func rows(_ tables: [(model: String, table: ReliabilityTable)]) -> [[String]] {
        var rows = [["confidence"] + tables.map(\.model)]
        for bin in 0..<binCount {
            let lower = Double(bin) / Double(binCount), upper = Double(bin + 1) / Double(binCount)
            rows.append([String(format: "%.1f-%.1f", lower, upper)] + tables.map { _, table in
                let cell = table.bins[bin]
                guard let hitRate = cell.hitRate, let confidence = cell.meanConfidence else { return "-" }
                return String(format: "%.1f %% / %.1f %% (%d)", hitRate * 100, confidence * 100, cell.count)
            })
        }
        rows.append(["ECE"] + tables.map { _, table in table.expectedCalibrationError.map { String(format: "%.3f", $0) } ?? "-" })
        return rows
    }

    /// The heading of `rows(_:)`.
    public static let rowsHeading = "reliability: per confidence bin, hit rate / mean confidence (forecasts)"
}
