#if SQLite
import GRDB

extension _CSVTable {
    /// The `columns` of `table` in `db`, rowid order, as typed values (`_TableValue`: numbers stay
    /// numbers), checked by the same row checks as a CSV file's text; a row's `line` is its
    /// 1-based position. Other columns are ignored.
    ///
    /// With `userID` (the app layout), the rows get a `user_id` field holding it: an app table
    /// has no `user_id` column, its rows all belong to the one profile. With `datedAfter`, only
    /// the rows whose `date` is later are read, each still numbered by its position among all rows.
    /// - Throws: `DatasetError.missingColumn` naming `file:table` and the first absent column.
    init(db: Database, table: String, columns: [String], file: String, userID: String? = nil,
         datedAfter: CalendarDay? = nil) throws {
        let name = "\(file):\(table)"
        let present = Set(try db.columns(in: table).map(\.name))
        for column in columns where !present.contains(column) {
            throw DatasetError.missingColumn(file: name, column: column)
        }
        let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        var rows: [Row] = []
        // Rows are numbered by their position among all rows. With `datedAfter`, the rows from
        // the first later-dated one on are read (an app appends her logs, so they are few), numbered
        // from the count of rows before it; those among them dated on or before it are skipped.
        // Both lookups read only the later rows when `date` is indexed (the app database loop
        // indexes it, `odml_<table>_date`): `rowid + 0` keeps SQLite from walking the rows in rowid
        // order for the minimum, and the rows before are all rows less the later ones (a count of
        // all rows reads no row).
        var sql = "SELECT \(list), 1 FROM \"\(table)\" ORDER BY rowid", arguments: StatementArguments = []
        var line = 0
        if let datedAfter {
            // Statements cached on the connection: the daily forecast runs these every day.
            guard let first = try Int64.fetchOne(try db.cachedStatement(sql: "SELECT MIN(rowid + 0) FROM \"\(table)\" WHERE date > ?"),
                                                 arguments: [datedAfter.iso]) else {
                self.init(file: name, header: userID == nil ? columns : columns + ["user_id"], rows: [])
                return
            }
            line = try Int.fetchOne(try db.cachedStatement(sql: """
                SELECT (SELECT COUNT(*) FROM "\(table)") - (SELECT COUNT(*) FROM "\(table)" WHERE rowid >= ?)
                """), arguments: [first]) ?? 0
            sql = "SELECT \(list), date > ? FROM \"\(table)\" WHERE rowid >= ? ORDER BY rowid"
            arguments = [datedAfter.iso, first]
        }
        let cursor = try GRDB.Row.fetchCursor(datedAfter == nil ? db.makeStatement(sql: sql) : db.cachedStatement(sql: sql),
                                              arguments: arguments)
        while let row = try cursor.next() {
            line += 1
            guard (row[columns.count] as Bool?) == true else { continue }
            var values = (0..<columns.count).map { index -> _TableValue in
                let value: DatabaseValue = row[index]
                switch value.storage {
                case .null: return .null
                case .int64(let number): return .integer(number)
                case .double(let number): return .real(number)
                case .string(let text): return .text(text)
                case .blob(let data): return .text(String(decoding: data, as: UTF8.self))
                }
            }
            if let userID { values.append(.text(userID)) }
            rows.append(Row(line: line, values: values))
        }
        self.init(file: name, header: userID == nil ? columns : columns + ["user_id"], rows: rows)
    }
}
#endif
