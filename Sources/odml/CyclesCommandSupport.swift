import ArgumentParser
import Foundation
import OnDeviceML

/// Helpers shared by `generate`, `evaluate`, `compare` and `import`.
enum CyclesCommandSupport {
    /// Loads a dataset directory, or an SQLite file (any layout, `SQLiteLayout`) when `path` ends
    /// in `.sqlite`/`.db`/`.sqlite3` or the file starts with the SQLite header.
    static func loadDataset(_ path: String, lenient: Bool) throws -> CycleDataset {
        let url = URL(fileURLWithPath: path)
        let header = FileHandle(forReadingAtPath: path).flatMap { handle in
            defer { try? handle.close() }
            return try? handle.read(upToCount: 16)
        }
        let isSQLite = ["sqlite", "db", "sqlite3"].contains(url.pathExtension.lowercased()) || header == Data("SQLite format 3\0".utf8)
        let dataset = isSQLite
            ? try CycleDataset.load(sqlite: url, lenient: lenient)
            : try CycleDataset.load(from: url, lenient: lenient)
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
