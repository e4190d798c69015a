import Cycles
import Foundation

/// Converts the Marquette University charting cohort (`FedCycleData071012.csv`: Fehring,
/// Schneider and Raviele 2006, JOGNN 35(3):376–384; one row per cycle) into the app's dataset
/// format, with a `truth.csv` from the file's ovulation estimates.
///
/// Conversion rules:
/// - One user per `ClientID` (user id = `ClientID`, in order of first appearance), her cycles
///   in `CycleNumber` order. The file holds no dates: her first cycle starts on
///   `firstCycleStart` (Monday 2000-01-03), and each next start is the previous start plus
///   `LengthofCycle` (days from the first day of menses to the day before the next).
/// - Rows that cannot be placed are dropped and counted, never lost silently: a row repeating
///   a (`ClientID`, `CycleNumber`) already read (the first one is kept; `rows_dropped_duplicate`),
///   a row with a blank `LengthofCycle` (its end is unknown; `rows_dropped_blank_length`) and
///   every later row of that woman, or every row after a missing `CycleNumber`
///   (`rows_dropped_unplaceable`). Each is listed in `DatasetImport.droppedRows`.
/// - Flow days: cycle days 1…`LengthofMenses`, each with `flow_intensity` = `MensesScore` of
///   that day + 1 (1 light → 2, 2 moderate → 3, 3 heavy → 4; blank → `unknownFlowIntensity`, 2).
///   A blank `LengthofMenses` counts the non-blank `MensesScore` days (at least 1). Menses are
///   cut to `LengthofCycle` − 2 days when longer (`menses_shortened`), so that the app's rule
///   (a start is the first flow day after ≥ 2 days without flow) finds every start.
/// - The last placed cycle's length is known, so the start of the following period is written
///   as one flow day: her last cycle is complete and scored. No truth row is written for that
///   closing period (nothing is known about it).
/// - `user_profile`: `created_at` = first start, onboarding completed, `cycle_type` unknown,
///   no conditions, preferences `{}`. No symptom logs (the file has none; `symptom_logs.csv` is
///   not written, which the loader accepts).
/// - `truth.csv`, one row per placed cycle, cohort `marquette`: `ovulation_date` = start +
///   `EstimatedDayofOvulation` − 1 (a cycle day, day 1 = start), `follicular_length` =
///   `EstimatedDayofOvulation`, and `luteal_length` = `LengthofCycle` − `EstimatedDayofOvulation`,
///   the `CycleTruth` convention (days from the day after ovulation to the day before the next
///   start, so `ovulation_date + luteal_length + 1` = next `cycle_start`, as the generator
///   writes it). That is the file's own definition of `LengthofLutealPhase` and equals its value
///   in almost every row; where the file's value differs (16 of the 1,649 cycles imported from
///   `FedCycleData071012.csv`), the value
///   consistent with the dates is written and the row is counted in `luteal_length_recomputed`.
///   A blank `EstimatedDayofOvulation` leaves ovulation, luteal and follicular lengths empty
///   (for this file: not determined, rather than anovulatory).
/// - `measurements.csv`, LH tests read off the Clearblue fertility monitor the Marquette women
///   used (`source` `cbfm`). Its test sticks measure LH and an oestrogen metabolite (E3G) each test
///   day: "High" is E3G raised with LH below the surge, "Peak" the LH surge. In the file,
///   `EstimatedDayofOvulation` is the first Peak day in most rows (it equals `FirstDayofHigh` +
///   `TotalNumberofHighDays` in 58 % of the 1,289 cycles with all three, within ±1 d in 79 %, computed
///   by this project), so:
///   - when a peak was seen (`CycleWithPeakorNot` = 1) and `EstimatedDayofOvulation` is given,
///     that day is an LH test `peak` (the surge: the "positive LH test" of the issue). The
///     monitor's second Peak day is shown without a new reading, so it is not written; the day
///     before is a High day, an LH-negative reading, not a positive one;
///   - the High days, `FirstDayofHigh` to the day before the peak, are LH tests `negative`: the
///     stick read LH below the surge. `FirstDayofHigh`, the start of the fertile window, is the
///     cycle's first `cbfm` test. Without a peak, `FirstDayofHigh` alone is written (negative);
///   - nothing else: the file holds no mucus, temperature or other daily reading, and writing a
///     mucus category for the High days would invent one.
///
/// Malformed values (a non-numeric `LengthofCycle`, a `MensesScore` outside 1–3, an ovulation
/// day outside the cycle, …) throw `DatasetError.invalidValue` naming file, line, column, value
/// and expectation; a missing column throws `DatasetError.missingColumn`. With `lenient`, such
/// rows are skipped instead (listed in `dataset.skippedRows`, counted in `rows_skipped_invalid`),
/// and, as a missing cycle, end that woman's placeable sequence. Blank cells may hold spaces.
public struct FedCycleImporter: CSVDatasetImporter {
    /// Start of every woman's first cycle (the file has no dates): Monday 2000-01-03.
    public static let firstCycleStart = CalendarDay(year: 2000, month: 1, day: 3)!
    /// The `cohort` column of `truth.csv`.
    public static let cohort = "marquette"
    /// `flow_intensity` of a menses day without a score, and of the closing period's start day.
    public static let unknownFlowIntensity = 2
    /// `measurements.source` of the LH tests read off the fertility monitor.
    public static let monitorSource = "cbfm"
    /// The fifteen daily menses score columns, day 1 first.
    public static let mensesScoreColumns = ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"]
        .map { "MensesScoreDay" + $0 } + (11...15).map { "MensesScoreDay\($0)" }
    /// Columns the importer needs (the file has 80; the others are ignored).
    public static let requiredColumns = ["ClientID", "CycleNumber", "LengthofCycle", "LengthofMenses"] + mensesScoreColumns
        + ["EstimatedDayofOvulation", "LengthofLutealPhase", "FirstDayofHigh", "CycleWithPeakorNot"]

    /// Skip malformed rows (listed in `skippedRows`) instead of throwing.
    public var lenient: Bool

    /// Creates an importer.
    public init(lenient: Bool = false) { self.lenient = lenient }

    /// One parsed row.
    private struct Row {
        var line: Int
        var client: String
        var number: Int
        var length: Int?
        var menses: Int?
        var scores: [Int?]
        var ovulationDay: Int?
        var lutealLength: Int?
        var firstHighDay: Int?
        var peakSeen: Int?
    }

    public func importCSV(bytes: [UInt8], fileName: String) throws -> DatasetImport {
        let table = try _CSVTable(bytes: bytes, fileName: fileName, lenient: lenient)
        let columns = try table.columnIndices(FedCycleImporter.requiredColumns)
        var skipped = table.skipped
        var clients: [String] = []
        var rowsByClient: [String: [Row]] = [:]
        for entry in table.rows {
            do {
                let row = try parse(entry, columns: columns, file: fileName)
                if rowsByClient[row.client] == nil { clients.append(row.client) }
                rowsByClient[row.client, default: []].append(row)
            } catch let error as DatasetError {
                guard lenient else { throw error }
                skipped.append(error)
            }
        }

        var dropped: [DatasetImport.DroppedRow] = []
        var counts = ["duplicate": 0, "blank_length": 0, "unplaceable": 0]
        func drop(_ row: Row, _ kind: String, _ reason: String) {
            counts[kind, default: 0] += 1
            dropped.append(DatasetImport.DroppedRow(file: fileName, line: row.line, reason: reason))
        }
        var users: [UserHistory] = []
        var truth: [String: [CycleTruth]] = [:]
        var lhPeaks = 0, lhNegatives = 0
        var imported = 0, recomputedLuteal = 0, shortenedMenses = 0, usersWithoutCycles = 0
        var end = FedCycleImporter.firstCycleStart
        for client in clients {
            let rows = rowsByClient[client]!.enumerated().sorted { ($0.element.number, $0.offset) < ($1.element.number, $1.offset) }.map(\.element)
            var kept: [Row] = []
            var firstLine: [Int: Int] = [:]
            var stop: String?
            for row in rows {
                if let first = firstLine[row.number] {
                    drop(row, "duplicate", "ClientID \(client) CycleNumber \(row.number) repeats line \(first); the first is kept")
                    continue
                }
                firstLine[row.number] = row.line
                if let stop {
                    drop(row, "unplaceable", stop)
                    continue
                }
                if let last = kept.last, row.number != last.number + 1 {
                    stop = "ClientID \(client) has no usable CycleNumber \(last.number + 1), so later cycles cannot be placed"
                    drop(row, "unplaceable", stop!)
                    continue
                }
                guard row.length != nil else {
                    drop(row, "blank_length", "ClientID \(client) CycleNumber \(row.number): blank LengthofCycle, the cycle's end is unknown")
                    stop = "ClientID \(client) CycleNumber \(row.number) (line \(row.line)) has a blank LengthofCycle, so later cycles cannot be placed"
                    continue
                }
                kept.append(row)
            }
            guard !kept.isEmpty else {
                usersWithoutCycles += 1
                continue
            }

            var records: [DayRecord] = []
            var measurements: [DayMeasurements] = []
            var cycles: [CycleTruth] = []
            var start = FedCycleImporter.firstCycleStart
            for row in kept {
                let length = row.length!
                var menses = row.menses ?? max(1, row.scores.compactMap { $0 }.count)
                if menses > length - 2 {
                    menses = max(1, length - 2)
                    shortenedMenses += 1
                }
                for day in 1...menses {
                    let score = day <= row.scores.count ? row.scores[day - 1] : nil
                    records.append(DayRecord(date: start.advanced(by: day - 1),
                                             flowIntensity: score.map { $0 + 1 } ?? FedCycleImporter.unknownFlowIntensity))
                }
                let ovulation = row.ovulationDay.map { start.advanced(by: $0 - 1) }
                let luteal = row.ovulationDay.map { length - $0 }
                if let fileValue = row.lutealLength, let luteal, fileValue != luteal { recomputedLuteal += 1 }
                cycles.append(CycleTruth(userID: client, cycleStart: start, ovulationDate: ovulation, lutealLength: luteal,
                                         follicularLength: row.ovulationDay, cohort: FedCycleImporter.cohort))
                let peakDay = row.peakSeen == 1 ? row.ovulationDay : nil
                // High days: from the first to the day before the peak (the first alone without a peak).
                let highDays = row.firstHighDay.map { first in Array(first..<max(first + 1, peakDay ?? first + 1)) } ?? []
                for cycleDay in highDays where cycleDay < (peakDay ?? Int.max) {
                    measurements.append(DayMeasurements(date: start.advanced(by: cycleDay - 1), lhTest: .negative,
                                                        sources: [.lhTest: FedCycleImporter.monitorSource]))
                    lhNegatives += 1
                }
                if let peakDay {
                    measurements.append(DayMeasurements(date: start.advanced(by: peakDay - 1), lhTest: .peak,
                                                        sources: [.lhTest: FedCycleImporter.monitorSource]))
                    lhPeaks += 1
                }
                start = start.advanced(by: length)
            }
            records.append(DayRecord(date: start, flowIntensity: FedCycleImporter.unknownFlowIntensity))
            end = max(end, start.advanced(by: 1))
            imported += kept.count
            let profile = UserProfile(id: client, createdAt: FedCycleImporter.firstCycleStart, onboardingCompleted: true,
                                      cycleType: .unknown, conditions: [], preferencesJSON: "{}")
            users.append(UserHistory(profile: profile, records: records, measurements: measurements))
            truth[client] = cycles
        }

        let truthCycles = truth.values.reduce(0) { $0 + $1.count }
        let summary: [String: Double] = [
            "rows_read": Double(table.rows.count + table.skipped.count),
            "rows_imported": Double(imported),
            "rows_dropped_duplicate": Double(counts["duplicate"]!),
            "rows_dropped_blank_length": Double(counts["blank_length"]!),
            "rows_dropped_unplaceable": Double(counts["unplaceable"]!),
            "rows_skipped_invalid": Double(skipped.count),
            "clients_without_cycles": Double(usersWithoutCycles),
            "users": Double(users.count),
            "logged_days": Double(users.reduce(0) { $0 + $1.records.count }),
            "logged_period_starts": Double(users.reduce(0) { $0 + $1.periodStarts.count }),
            "truth_cycles": Double(truthCycles),
            "truth_cycles_with_ovulation": Double(truth.values.reduce(0) { $0 + $1.filter(\.isOvulatory).count }),
            "luteal_length_recomputed": Double(recomputedLuteal),
            "menses_shortened": Double(shortenedMenses),
            "lh_test_peaks": Double(lhPeaks),
            "lh_test_negatives": Double(lhNegatives),
        ]
        let manifest = DatasetManifest(generator: "FedCycleImporter", users: users.count, startDate: FedCycleImporter.firstCycleStart,
                                       endDate: end, summary: summary)
        var dataset = CycleDataset(users: users, truth: truth, manifest: manifest)
        dataset.skippedRows = skipped
        return DatasetImport(dataset: dataset, droppedRows: dropped.sorted { $0.line < $1.line })
    }

    /// Parses and checks one row; blank cells (empty or spaces) are `nil`.
    private func parse(_ entry: _CSVTable.Row, columns: [Int], file: String) throws -> Row {
        let line = entry.line
        func text(_ index: Int) -> String { entry.fields[columns[index]].trimmingCharacters(in: .whitespaces) }
        func integer(_ index: Int, in range: ClosedRange<Int>, optional: Bool = true, meaning: String = "") throws -> Int? {
            let value = text(index)
            if value.isEmpty && optional { return nil }
            guard let number = Int(value), range.contains(number) else {
                throw DatasetError.invalidValue(file: file, line: line, column: FedCycleImporter.requiredColumns[index], value: entry.fields[columns[index]],
                                                expected: "an integer in \(range.lowerBound)...\(range.upperBound)\(meaning)\(optional ? " or blank" : "")")
            }
            return number
        }
        let client = text(0)
        guard !client.isEmpty else {
            throw DatasetError.invalidValue(file: file, line: line, column: "ClientID", value: entry.fields[columns[0]], expected: "a non-empty client id")
        }
        let number = try integer(1, in: 1...10_000, optional: false)!
        let length = try integer(2, in: 3...200, meaning: " (days)")
        let menses = try integer(3, in: 1...30, meaning: " (days)")
        var scores: [Int?] = []
        for offset in FedCycleImporter.mensesScoreColumns.indices {
            scores.append(try integer(4 + offset, in: 1...3, meaning: " (1 light, 2 moderate, 3 heavy)"))
        }
        let base = 4 + FedCycleImporter.mensesScoreColumns.count
        let lastDay = length ?? 200
        let ovulationDay = try integer(base, in: max(1, lastDay - 60)...(lastDay - 1),
                                       meaning: " (a cycle day before the cycle's last day, with a luteal phase of at most 60 days)")
        let lutealLength = try integer(base + 1, in: 0...200, meaning: " (days)")
        let firstHighDay = try integer(base + 2, in: 1...lastDay, meaning: " (a cycle day)")
        let peakSeen = try integer(base + 3, in: 0...1)
        return Row(line: line, client: client, number: number, length: length, menses: menses, scores: scores,
                   ovulationDay: ovulationDay, lutealLength: lutealLength, firstHighDay: firstHighDay, peakSeen: peakSeen)
    }
}
