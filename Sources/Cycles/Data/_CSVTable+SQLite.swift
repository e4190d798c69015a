#if SQLite
import GRDB

extension _CSVTable {
    /// The `columns` of `table` in `db`, rowid order, as text fields (NULL is empty, an integral
    /// REAL is written as an integer), so that SQLite rows go through the CSV rows' checks; a
    /// row's `line` is its 1-based position. Other columns are ignored.
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
        let sql: String, arguments: StatementArguments
        if let datedAfter {
            sql = """
                SELECT \(list), (SELECT COUNT(*) FROM "\(table)" AS earlier WHERE earlier.rowid <= "\(table)".rowid)
                FROM "\(table)" WHERE date > ? ORDER BY rowid
                """
            arguments = [datedAfter.iso]
        } else {
            sql = "SELECT \(list) FROM \"\(table)\" ORDER BY rowid"
            arguments = []
        }
        let cursor = try GRDB.Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try cursor.next() {
            var fields = (0..<columns.count).map { index -> String in
                let value: DatabaseValue = row[index]
                switch value.storage {
                case .null: return ""
                case .int64(let number): return String(number)
                case .double(let number):
                    return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
                case .string(let text): return text
                case .blob(let data): return String(decoding: data, as: UTF8.self)
                }
            }
            if let userID { fields.append(userID) }
            let line: Int = datedAfter == nil ? rows.count + 1 : row[columns.count]
            rows.append(Row(line: line, fields: fields))
        }
        self.init(file: name, header: userID == nil ? columns : columns + ["user_id"], rows: rows)
    }
}
#endif
