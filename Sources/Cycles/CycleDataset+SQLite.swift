import Foundation
import GRDB

extension CycleDataset {
    /// Reads the app's tables (`user_profile`, `cycle_entries`, optional `symptom_logs` and
    /// `measurements`) from an
    /// SQLite database, with the same validation as the CSV loader (the "line" in errors is the
    /// row's position in `rowid` order, 1-based).
    public static func load(sqlite url: URL, lenient: Bool = false) throws -> CycleDataset {
        guard FileManager.default.fileExists(atPath: url.path) else { throw DatasetError.missingFile(path: url.path) }
        let file = url.lastPathComponent
        do {
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: url.path, configuration: configuration)
            return try queue.read { db -> CycleDataset in
                func table(_ name: String, _ columns: [String], required: Bool) throws -> _CSVTable? {
                    guard try db.tableExists(name) else {
                        if required { throw DatasetError.sqlite(path: url.path, reason: "table \(name) is missing") }
                        return nil
                    }
                    let present = Set(try db.columns(in: name).map(\.name))
                    for column in columns where !present.contains(column) {
                        throw DatasetError.missingColumn(file: "\(file):\(name)", column: column)
                    }
                    let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
                    var rows: [_CSVTable.Row] = []
                    let cursor = try Row.fetchCursor(db, sql: "SELECT \(list) FROM \"\(name)\" ORDER BY rowid")
                    var line = 0
                    while let row = try cursor.next() {
                        line += 1
                        let fields = (0..<columns.count).map { index -> String in
                            let value: DatabaseValue = row[index]
                            switch value.storage {
                            case .null: return ""
                            case .int64(let number): return String(number)
                            case .double(let number): return number == number.rounded() ? String(Int(number)) : String(number)
                            case .string(let text): return text
                            case .blob(let data): return String(decoding: data, as: UTF8.self)
                            }
                        }
                        rows.append(_CSVTable.Row(line: line, fields: fields))
                    }
                    return _CSVTable(file: "\(file):\(name)", header: columns, rows: rows)
                }
                let profiles = try table("user_profile", _DatasetReader.profileColumns, required: true)!
                let entries = try table("cycle_entries", _DatasetReader.entryColumns, required: true)!
                let symptoms = try table("symptom_logs", _DatasetReader.symptomColumns, required: false)
                let measurements = try table("measurements", _DatasetReader.measurementColumns, required: false)
                var reader = _DatasetReader(lenient: lenient)
                return try reader.read(profiles: profiles, entries: entries, symptoms: symptoms, measurements: measurements,
                                       truth: nil, manifest: nil)
            }
        } catch let error as DatasetError {
            throw error
        } catch {
            throw DatasetError.sqlite(path: url.path, reason: "\(error)")
        }
    }
}

extension CycleDataset {
    /// Writes the app's tables (`user_profile`, `cycle_entries`, `symptom_logs`, `measurements`,
    /// all with the columns of the CSV files, values as text, integers or, for
    /// `measurements.value`, reals) to a new SQLite database at `url` (replaced if it exists), in
    /// one transaction. Truth and manifest are not written.
    public func write(sqlite url: URL) throws {
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
                try create("measurements", _DatasetReader.measurementColumns, integers: ["id"], reals: ["value"], csv: measurementsCSV())
            }
        } catch let error as DatasetError {
            throw error
        } catch {
            throw DatasetError.writeFailed(path: url.path, reason: "\(error)")
        }
    }
}
