import Foundation

extension _DatasetReader {
    /// Reads the `measurements` table into each user's days (`DayMeasurements` by date). Rows may
    /// come in any order; a second value of one kind for one user and day is an error naming both
    /// lines; a lenient read skips and records bad rows like the other tables. Rows of the
    /// four-level mucus kind are mapped to the five-step scale (`CervicalMucus(fourLevelCode:)`).
    ///
    /// A reading is disturbed when the optional `disturbed` column holds 1 (0 or empty: not), or,
    /// in the app's database, when its id is in `disturbedIDs` (the `odml_disturbed_readings` table).
    mutating func readMeasurements(_ table: _CSVTable, users: Set<String>,
                                   disturbedIDs: Set<String> = []) throws -> [String: [CalendarDay: DayMeasurements]] {
        let m = try table.columnIndices(_DatasetReader.measurementColumns)
        let disturbedColumn = table.header.firstIndex(of: _DatasetReader.disturbedColumn)
        var ids: [String: Int] = [:]
        var lines: [String: [CalendarDay: [MeasurementKind: Int]]] = [:]
        var days: [String: [CalendarDay: DayMeasurements]] = [:]
        let kinds = (MeasurementKind.allCases.map(\.rawValue) + [MeasurementKind.fourLevelMucusKind]).joined(separator: ", ")
        let layout = layout, timeZone = timeZone
        for entry in table.rows {
            try row {
                let f = entry.values, file = table.file, line = entry.line
                let id = f[m[0]].text, user = f[m[1]].text
                if let first = ids[id] { throw DatasetError.duplicateID(file: file, line: line, column: "id", value: id, firstLine: first) }
                guard users.contains(user) else { throw DatasetError.unknownUser(file: file, line: line, column: "user_id", value: user) }
                let date = try _DatasetReader.date(f[m[2]], file: file, line: line, column: "date")
                if layout == .app {
                    _ = try _DatasetReader.timestampDay(f[m[6]], optional: true, timeZone: timeZone, file: file, line: line, column: "created_at")
                    _ = try _DatasetReader.timestampDay(f[m[7]], optional: true, timeZone: timeZone, file: file, line: line, column: "updated_at")
                }
                guard let (kind, fourLevel) = MeasurementKind.stored(f[m[3]].text) else {
                    throw DatasetError.invalidValue(file: file, line: line, column: "kind", value: f[m[3]].text, expected: "one of \(kinds)")
                }
                var value = f[m[4]].number ?? .nan
                if fourLevel {
                    guard value.isFinite, value == value.rounded(), let quality = CervicalMucus(fourLevelCode: Int(value)) else {
                        throw DatasetError.invalidValue(file: file, line: line, column: "value", value: f[m[4]].text,
                                                        expected: MeasurementKind.fourLevelExpectedValue)
                    }
                    value = Double(quality.rawValue)
                }
                guard value.isFinite, kind.plausibleRange.contains(value), !kind.isCategorical || value == value.rounded() else {
                    throw DatasetError.invalidValue(file: file, line: line, column: "value", value: f[m[4]].text, expected: kind.expectedValue)
                }
                var disturbed = disturbedIDs.contains(id)
                if let column = disturbedColumn {
                    switch f[column].text.trimmingCharacters(in: .whitespaces) {
                    case "", "0": break
                    case "1": disturbed = true
                    default:
                        throw DatasetError.invalidValue(file: file, line: line, column: _DatasetReader.disturbedColumn, value: f[column].text,
                                                        expected: "1 (disturbed), 0 or empty")
                    }
                }
                if let first = lines[user]?[date]?[kind] {
                    throw DatasetError.duplicateRow(file: file, line: line, key: "user \(user), date \(date), kind \(kind)", firstLine: first)
                }
                ids[id] = line
                lines[user, default: [:]][date, default: [:]][kind] = line
                var day = days[user]?[date] ?? DayMeasurements(date: date)
                day.setValue(value, of: kind, source: f[m[5]].text, disturbed: disturbed)
                days[user, default: [:]][date] = day
            }
        }
        return days
    }
}
