import Foundation

extension ValidationReport {
    /// The files `write(to:)` always creates.
    public static let fileNames = ["report.json", "report.md", "report.html", "accuracy-by-cycle-day.svg", "learning-curve.svg", "latency.svg",
                                   reliabilityChartFileName]
    /// The reliability diagram's file.
    public static let reliabilityChartFileName = "reliability.svg"
    /// The scenario table's chart, written when the report has one.
    public static let scenarioChartFileName = "scenarios.svg"

    /// The files `write(to:)` creates for this report.
    public var fileNames: [String] { Self.fileNames + (scenarios == nil ? [] : [Self.scenarioChartFileName]) }

    /// Pretty-printed JSON with sorted keys.
    public func jsonString() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// Writes `report.json`, `report.md`, `report.html`, the four SVG charts and, with a scenario
    /// table, its chart into `directory` (created if needed), each file atomically (temporary file,
    /// then rename).
    /// - Throws: `ValidatorError.writeFailed` naming the path.
    public func write(to directory: URL) throws {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ValidatorError.writeFailed(path: directory.path, reason: "cannot create the directory")
        }
        let contents = [try jsonString() + "\n", markdown, html, accuracyByCycleDayChart, learningCurveChart, latencyChart, reliabilityChart]
            + (scenarios.map { [$0.chart] } ?? [])
        for (name, text) in zip(fileNames, contents) {
            let url = directory.appendingPathComponent(name)
            do { try Data(text.utf8).write(to: url, options: .atomic) } catch {
                throw ValidatorError.writeFailed(path: url.path, reason: "\(error.localizedDescription)")
            }
        }
    }
}
