import Cycles
import Foundation
#if SQLite
import GRDB
#endif

extension CycleDataset {
    /// Writes the app's tables (`user_profile`, `cycle_entries`, `symptom_logs`, `measurements`,
    /// all with the columns of the CSV files, values as text, integers or, for
    /// `measurements.value`, reals) to a new SQLite database at `url` (replaced if it exists), in
    /// one transaction. Truth and manifest are not written.
    /// - Throws: `DatasetError.sqliteUnavailable` in a build without the package trait `SQLite`.
    public func write(sqlite url: URL) throws {
        #if !SQLite
        throw DatasetError.sqliteUnavailable(path: url.path)
        #else
        try? FileManager.default.removeItem(at: url)
        do {
            let queue = try DatabaseQueue(path: url.path)
            try queue.write { db in
                func create(_ name: String, _ columns: [String], integers: Set<String>, reals: Set<String> = [], csv: String) throws {
                    let definitions = columns.map { "\"\($0)\" \(integers.contains($0) ? "INTEGER" : (reals.contains($0) ? "REAL" : "TEXT"))" }
                        .joined(separator: ", ")
                    try db.execute(sql: "CREATE TABLE \"\(name)\" (\(definitions))")
                    let table = try _CSVTable(bytes: Array(csv.utf8), fileName: name, lenient: false)
                    let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
                    let statement = try db.makeStatement(sql: "INSERT INTO \"\(name)\" VALUES (\(placeholders))")
                    for row in table.rows {
                        let values: [DatabaseValueConvertible?] = zip(columns, row.fields).map { column, field in
                            if field.isEmpty && column != "preferences" && column != "conditions" && column != "notes" { return nil }
                            if integers.contains(column), let number = Int64(field) { return number }
                            if reals.contains(column), let number = Double(field) { return number }
                            return field
                        }
                        try statement.execute(arguments: StatementArguments(values))
                    }
                }
                try create("user_profile", _DatasetReader.profileColumns, integers: [], csv: profilesCSV())
                try create("cycle_entries", _DatasetReader.entryColumns, integers: ["id", "flow_intensity", "cycle_day"], csv: entriesCSV())
                try create("symptom_logs", _DatasetReader.symptomColumns, integers: ["id", "value"], csv: symptomsCSV())
                try create("measurements", CycleDataset.measurementFileColumns, integers: ["id", "disturbed"], reals: ["value"],
                           csv: measurementsCSV())
            }
        } catch let error as DatasetError {
            throw error
        } catch {
            throw DatasetError.writeFailed(path: url.path, reason: "\(error)")
        }
        #endif
    }
}
