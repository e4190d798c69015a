import Foundation

extension ValidationReport {
    /// The files `write(to:)` creates.
    public static let fileNames = ["report.json", "report.md", "accuracy-by-cycle-day.svg", "learning-curve.svg", "latency.svg"]

    /// Pretty-printed JSON with sorted keys.
    public func jsonString() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// Writes `report.json`, `report.md` and the three SVG charts into `directory` (created if
    /// needed), each file atomically (temporary file, then rename).
    /// - Throws: `ValidatorError.writeFailed` naming the path.
    public func write(to directory: URL) throws {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ValidatorError.writeFailed(path: directory.path, reason: "cannot create the directory")
        }
        let contents = [try jsonString() + "\n", markdown, accuracyByCycleDayChart, learningCurveChart, latencyChart]
        for (name, text) in zip(Self.fileNames, contents) {
            let url = directory.appendingPathComponent(name)
            do { try Data(text.utf8).write(to: url, options: .atomic) } catch {
                throw ValidatorError.writeFailed(path: url.path, reason: "\(error.localizedDescription)")
            }
        }
    }
}
