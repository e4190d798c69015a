import ArgumentParser
import Foundation
import OnDeviceML

/// Helpers shared by `generate`, `evaluate`, `compare` and `import`.
enum CyclesCommandSupport {
    /// Loads a dataset directory or an SQLite file (`CycleDataset.load(path:lenient:)`), listing
    /// the rows a lenient read skipped on stderr.
    static func loadDataset(_ path: String, lenient: Bool) throws -> CycleDataset {
        let dataset = try CycleDataset.load(path: path, lenient: lenient)
        if !dataset.skippedRows.isEmpty {
            printError("skipped \(dataset.skippedRows.count) bad rows (--lenient):")
            for error in dataset.skippedRows.prefix(20) { printError("  \(error)") }
            if dataset.skippedRows.count > 20 { printError("  … and \(dataset.skippedRows.count - 20) more") }
        }
        return dataset
    }

    /// Writes an imported dataset to `directory` and its account (totals, dropped and skipped rows) to stderr.
    static func writeImport(_ result: DatasetImport, to directory: String) throws {
        try result.write(to: URL(fileURLWithPath: directory))
        for line in result.summaryLines() { printError(line) }
        printError("wrote \(result.dataset.users.count) users to \(directory)")
    }

    /// Writes one line to stderr.
    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Runs `body`, turning a `DatasetError` into one line on stderr and exit code 1.
    static func run(_ body: () throws -> Void) throws {
        do { try body() } catch let error as DatasetError {
            printError("error: \(error)")
            throw ExitCode(1)
        }
    }
}
