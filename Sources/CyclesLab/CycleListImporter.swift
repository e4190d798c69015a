import Cycles
import Foundation

/// Converts a generic list of period starts, a CSV with a header `user_id,cycle_start[,cycle_end]`,
/// into the app's dataset format (no truth: `truth.csv` is not written).
///
/// - `cycle_start` is the first day of bleeding, `cycle_end` (optional column, or blank) the last
///   day of bleeding, both ISO dates `YYYY-MM-DD`. Other columns are ignored; rows may come in any
///   order (each user's rows are sorted by `cycle_start`); users keep their order of first appearance.
/// - Flow days: `cycle_start`…`cycle_end`, with `flow_intensity` `flowIntensity` (2; the file has
///   no intensity). Without a `cycle_end`, `assumedFlowDays` (5) days are assumed
///   (`cycle_end_assumed`), cut when needed (`flow_shortened`) so that at least 2 days without
///   flow precede the next start: the app's rule (a start is the first flow day after ≥ 2 days
///   without flow) then finds every listed start.
/// - `user_profile`: `created_at` = her first start, onboarding completed, `cycle_type` unknown,
///   no conditions, preferences `{}`. No symptom logs.
///
/// Errors (`DatasetError`, naming file, line, column, value and expectation): a missing
/// `user_id`/`cycle_start` column, an empty `user_id`, a date that is not `YYYY-MM-DD`, a
/// `cycle_end` before its `cycle_start`, the same start twice for a user (`duplicateRow`), and a
/// start on or within 2 days after the previous period's last day (`invalidValue`: overlapping
/// periods). With `lenient`, such rows are skipped instead (listed in `dataset.skippedRows`,
/// counted in `rows_skipped_invalid`); of two clashing rows, the later-dated one is skipped.
public struct CycleListImporter: CSVDatasetImporter {
    /// Flow days written when a row has no `cycle_end`.
    public static let assumedFlowDays = 5
    /// `flow_intensity` of every flow day (the file has no intensity).
    public static let flowIntensity = 2
    /// Required columns.
    public static let requiredColumns = ["user_id", "cycle_start"]
    /// Optional column: the last day of bleeding.
    public static let endColumn = "cycle_end"

    /// Skip bad rows (listed in `skippedRows`) instead of throwing.
    public var lenient: Bool

    /// Creates an importer.
    public init(lenient: Bool = false) { self.lenient = lenient }

    /// One parsed row.
    private struct Row {
        var line: Int
        var user: String
        var start: CalendarDay
        var end: CalendarDay?
    }

    public func importCSV(bytes: [UInt8], fileName: String) throws -> DatasetImport {
        let table = try _CSVTable(bytes: bytes, fileName: fileName, lenient: lenient)
        let columns = try table.columnIndices(CycleListImporter.requiredColumns)
        let endIndex = table.header.firstIndex(of: CycleListImporter.endColumn)
        var skipped = table.skipped
        func attempt(_ body: () throws -> Void) throws {
            do { try body() } catch let error as DatasetError {
                guard lenient else { throw error }
                skipped.append(error)
            }
        }

        var order: [String] = []
        var rowsByUser: [String: [Row]] = [:]
        for entry in table.rows {
            try attempt {
                let line = entry.line
                let user = entry.fields[columns[0]].trimmingCharacters(in: .whitespaces)
                guard !user.isEmpty else {
                    throw DatasetError.invalidValue(file: fileName, line: line, column: "user_id", value: entry.fields[columns[0]],
                                                    expected: "a non-empty user id")
                }
                let start = try _DatasetReader.date(entry.fields[columns[1]].trimmingCharacters(in: .whitespaces),
                                                    file: fileName, line: line, column: "cycle_start")
                var end: CalendarDay?
                if let endIndex {
                    let text = entry.fields[endIndex].trimmingCharacters(in: .whitespaces)
                    if !text.isEmpty {
                        guard let day = CalendarDay(iso: text), day >= start else {
                            throw DatasetError.invalidValue(file: fileName, line: line, column: CycleListImporter.endColumn, value: entry.fields[endIndex],
                                                            expected: "blank or a date YYYY-MM-DD on or after cycle_start \(start.iso)")
                        }
                        end = day
                    }
                }
                if rowsByUser[user] == nil { order.append(user) }
                rowsByUser[user, default: []].append(Row(line: line, user: user, start: start, end: end))
            }
        }

        var users: [UserHistory] = []
        var assumed = 0, shortened = 0, imported = 0
        var first: CalendarDay?, last: CalendarDay?
        for user in order {
            let rows = rowsByUser[user]!.sorted { ($0.start, $0.line) < ($1.start, $1.line) }
            var kept: [Row] = []
            for row in rows {
                try attempt {
                    guard let previous = kept.last else { kept.append(row); return }
                    if previous.start == row.start {
                        throw DatasetError.duplicateRow(file: fileName, line: row.line, key: "user \(user), cycle_start \(row.start.iso)",
                                                        firstLine: previous.line)
                    }
                    if let end = previous.end, row.start.distance(to: end) > -3 {
                        throw DatasetError.invalidValue(
                            file: fileName, line: row.line, column: "cycle_start", value: row.start.iso,
                            expected: "a start at least 3 days after the previous period's last day \(end.iso) (line \(previous.line)) for user \(user)")
                    }
                    if previous.end == nil, previous.start.distance(to: row.start) < 3 {
                        throw DatasetError.invalidValue(
                            file: fileName, line: row.line, column: "cycle_start", value: row.start.iso,
                            expected: "a start at least 3 days after the previous start \(previous.start.iso) (line \(previous.line)) for user \(user)")
                    }
                    kept.append(row)
                }
            }
            guard !kept.isEmpty else { continue }
            var records: [DayRecord] = []
            for (index, row) in kept.enumerated() {
                var flowDays: Int
                if let end = row.end {
                    flowDays = row.start.distance(to: end) + 1
                } else {
                    flowDays = CycleListImporter.assumedFlowDays
                    assumed += 1
                    if index + 1 < kept.count, flowDays > row.start.distance(to: kept[index + 1].start) - 2 {
                        flowDays = row.start.distance(to: kept[index + 1].start) - 2
                        shortened += 1
                    }
                }
                for day in 0..<flowDays {
                    records.append(DayRecord(date: row.start.advanced(by: day), flowIntensity: CycleListImporter.flowIntensity))
                }
            }
            imported += kept.count
            first = min(first ?? kept[0].start, kept[0].start)
            last = max(last ?? records.last!.date, records.last!.date)
            let profile = UserProfile(id: user, createdAt: kept[0].start, onboardingCompleted: true, cycleType: .unknown,
                                      conditions: [], preferencesJSON: "{}")
            users.append(UserHistory(profile: profile, records: records))
        }

        let summary: [String: Double] = [
            "rows_read": Double(table.rows.count + table.skipped.count),
            "rows_imported": Double(imported),
            "rows_skipped_invalid": Double(skipped.count),
            "users": Double(users.count),
            "logged_days": Double(users.reduce(0) { $0 + $1.records.count }),
            "logged_period_starts": Double(users.reduce(0) { $0 + $1.periodStarts.count }),
            "cycle_end_assumed": Double(assumed),
            "flow_shortened": Double(shortened),
        ]
        let manifest = DatasetManifest(generator: "CycleListImporter", users: users.count, startDate: first,
                                       endDate: last?.advanced(by: 1), summary: summary)
        var dataset = CycleDataset(users: users, truth: nil, manifest: manifest)
        dataset.skippedRows = skipped
        return DatasetImport(dataset: dataset)
    }
}
