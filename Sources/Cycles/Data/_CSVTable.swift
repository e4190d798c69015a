import Foundation

/// A strict RFC 4180 CSV file read into rows, each with the line number it starts on, so that
/// every loader error can name file, line and column. Fields may be quoted (`"a ""b"", c"`),
/// quoted fields may span lines; CRLF and LF both end a record; a trailing newline is optional.
package struct _CSVTable {
    /// One record.
    package struct Row {
        /// 1-based line number of the record's first character.
        package var line: Int
        /// The fields as stored: text for a CSV file, typed values for an SQLite table.
        package var values: [_TableValue]
        /// The fields as text (`_TableValue.text`).
        package var fields: [String] { values.map(\.text) }

        /// A row of `values` starting on `line`.
        package init(line: Int, values: [_TableValue]) {
            self.line = line
            self.values = values
        }

        /// A CSV record: text fields starting on `line`.
        init(line: Int, fields: [String]) {
            self.init(line: line, values: fields.map(_TableValue.text))
        }
    }

    /// File name used in errors.
    let file: String
    /// Header fields.
    package let header: [String]
    /// Data rows (header excluded).
    package let rows: [Row]
    /// Rows skipped in lenient mode because their field count was wrong.
    package let skipped: [DatasetError]

    /// Reads `url`; `fileName` is the name shown in errors.
    /// - Throws: `DatasetError.missingFile`, `.malformedCSV`.
    package init(url: URL, fileName: String, lenient: Bool) throws {
        guard let data = try? Data(contentsOf: url) else { throw DatasetError.missingFile(path: url.path) }
        try self.init(bytes: [UInt8](data), fileName: fileName, lenient: lenient)
    }

    package init(bytes: [UInt8], fileName: String, lenient: Bool) throws {
        file = fileName
        var records: [Row] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var index = 0
        var quoted = false
        var fieldStarted = false
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), newline = UInt8(ascii: "\n"), carriage = UInt8(ascii: "\r")
        var bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            fieldStarted = false
        }
        while index < bytes.count {
            let byte = bytes[index]
            if quoted {
                if byte == quote {
                    if index + 1 < bytes.count, bytes[index + 1] == quote {
                        field.append(quote)
                        index += 2
                        continue
                    }
                    quoted = false
                    index += 1
                    if index < bytes.count, ![comma, newline, carriage].contains(bytes[index]) {
                        throw DatasetError.malformedCSV(file: fileName, line: line,
                                                        reason: "field \(fields.count + 1): text after a closing quote")
                    }
                    continue
                }
                if byte == newline { line += 1 }
                field.append(byte)
                index += 1
                continue
            }
            switch byte {
            case quote:
                guard !fieldStarted, field.isEmpty else {
                    throw DatasetError.malformedCSV(file: fileName, line: line,
                                                    reason: "field \(fields.count + 1): quote inside an unquoted field")
                }
                quoted = true
                fieldStarted = true
            case comma:
                endField()
            case carriage where index + 1 < bytes.count && bytes[index + 1] == newline:
                break
            case newline:
                endField()
                if !(fields.count == 1 && fields[0].isEmpty) { records.append(Row(line: recordLine, fields: fields)) }
                fields.removeAll(keepingCapacity: true)
                line += 1
                recordLine = line
            default:
                field.append(byte)
                fieldStarted = true
            }
            index += 1
        }
        if quoted {
            throw DatasetError.malformedCSV(file: fileName, line: recordLine, reason: "unterminated quoted field")
        }
        if fieldStarted || !field.isEmpty || !fields.isEmpty {
            endField()
            records.append(Row(line: recordLine, fields: fields))
        }
        guard let first = records.first else {
            throw DatasetError.malformedCSV(file: fileName, line: 1, reason: "empty file, expected a header row")
        }
        header = first.fields
        var kept: [Row] = []
        var skipped: [DatasetError] = []
        kept.reserveCapacity(records.count - 1)
        for row in records.dropFirst() {
            if row.values.count != header.count {
                let error = DatasetError.malformedCSV(file: fileName, line: row.line,
                                                      reason: "\(row.values.count) fields, expected \(header.count) as in the header")
                if !lenient { throw error }
                skipped.append(error)
                continue
            }
            kept.append(row)
        }
        rows = kept
        self.skipped = skipped
    }

    /// A table built from already-split rows (e.g. SQLite rows; `line` is then the row number).
    init(file: String, header: [String], rows: [Row]) {
        self.file = file
        self.header = header
        self.rows = rows
        self.skipped = []
    }

    /// The index of each of `columns` in the header.
    /// - Throws: `DatasetError.missingColumn` for the first absent one.
    package func columnIndices(_ columns: [String]) throws -> [Int] {
        try columns.map { name in
            guard let index = header.firstIndex(of: name) else { throw DatasetError.missingColumn(file: file, column: name) }
            return index
        }
    }
}
