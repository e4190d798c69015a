#if SQLite
import Foundation
import GRDB

extension CycleDataset {
    /// Reads the cycle tables of an open SQLite database in either layout (`SQLiteLayout`,
    /// detected from the columns): `user_profile`, `cycle_entries` and, when present,
    /// `symptom_logs` and `measurements`, with the same validation as the CSV loader; errors name `name:table`, the
    /// row (its 1-based position in rowid order), the column, the value and what was expected.
    ///
    /// This is the entry point for an app that opened its own (e.g. SQLCipher) database: in the
    /// `app` layout the dataset has one user, the `user_profile` row; `phase` and `cycle_day` are
    /// checked as displayed values and never used; other tables and columns are ignored.
    /// - Parameters:
    ///   - db: the open database connection.
    ///   - name: what errors call the database (e.g. its file name).
    ///   - lenient: skip bad rows instead of throwing; they are listed in `skippedRows`.
    ///   - timeZone: the zone in which the app layout's Unix timestamps are read as days.
    ///   - datedAfter: when given, only the `cycle_entries`, `symptom_logs` and `measurements` rows
    ///     dated after it are read (what she logged since a kept day), with the same checks and
    ///     the same row numbers.
    /// - Throws: `DatasetError` (`.singleUserExpected` when an app database has zero or several profiles).
    package static func read(from db: Database, name: String, lenient: Bool = false, timeZone: TimeZone = .gmt,
                            datedAfter: CalendarDay? = nil) throws -> CycleDataset {
        let layout = try SQLiteLayout.detect(in: db, path: name)
        var userID: String?
        if layout == .app {
            let ids = try DatabaseValue.fetchAll(db, sql: "SELECT id FROM user_profile ORDER BY rowid LIMIT 2")
            let count = ids.count < 2 ? ids.count : try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user_profile") ?? 0
            guard count == 1 else { throw DatasetError.singleUserExpected(file: "\(name):user_profile", found: count) }
            userID = String.fromDatabaseValue(ids[0]) ?? Int64.fromDatabaseValue(ids[0]).map { String($0) } ?? ""
        }
        func table(_ table: String, _ columns: [String], optional: [String] = [], dated: Bool = true) throws -> _CSVTable? {
            guard try db.tableExists(table) else { return nil }
            let own = userID == nil ? columns : columns.filter { $0 != "user_id" }
            let present = Set(try db.columns(in: table).map(\.name))
            return try _CSVTable(db: db, table: table, columns: own + optional.filter(present.contains), file: name, userID: userID,
                                 datedAfter: dated ? datedAfter : nil)
        }
        let profiles = try table("user_profile", _DatasetReader.profileColumns, dated: false)!
        let entries = try table("cycle_entries", _DatasetReader.entryColumns)!
        let symptoms = try table("symptom_logs", _DatasetReader.symptomColumns)
        // Disturbed readings: the dataset layout's optional `disturbed` column; in the app's
        // database, whose `measurements` table is the app's own, the toolkit's table of their ids.
        let measurements = try table("measurements", _DatasetReader.measurementColumns,
                                     optional: layout == .app ? [] : [_DatasetReader.disturbedColumn])
        var disturbedIDs: Set<String> = []
        if layout == .app, try db.tableExists(_DatasetReader.disturbedReadingsTable) {
            let ids = try DatabaseValue.fetchAll(db, sql: "SELECT measurement_id FROM \(_DatasetReader.disturbedReadingsTable)")
            disturbedIDs = Set(ids.compactMap { String.fromDatabaseValue($0) ?? Int64.fromDatabaseValue($0).map { String($0) } })
        }
        var reader = _DatasetReader(lenient: lenient, layout: layout, timeZone: timeZone)
        return try reader.read(profiles: profiles, entries: entries, symptoms: symptoms, measurements: measurements,
                               disturbedIDs: disturbedIDs, truth: nil, manifest: nil)
    }
}
#endif
