#if SQLite
import Personalization
import CyclesLab
import Cycles
import Explanations
import Foundation
import GRDB

/// "Two years in her life": one user's logs replayed day by day through the on-device loop on a
/// real SQLite file in the app's layout. Each day: the app logs her rows (21:00), the loop
/// forecasts and writes (21:30, timed), on the first day of a period she rates the cycle's alert
/// insight ('accurate' when it was a hit, else 'inaccurate'; the last insight when no alert came),
/// the loop reconciles (timed), and every `fineTuneEveryDays` days it fine-tunes (timed apart).
/// Afterwards the stored `period_start` rows are scored per cycle with the alert rule
/// (`CycleForecastScore`) and compared with the calendar's forecasts on the same days.
public struct LoopReplay: Sendable {
    /// Her whole history (what she will log, day by day).
    public var history: UserHistory
    /// The population model she starts with.
    public var model: CycleModel
    /// The fine-tuning strategies and guardrail.
    public var personalizer: Personalizer
    /// Days between fine-tunes.
    public var fineTuneEveryDays: Int
    /// The zone of the timestamps written.
    public var timeZone: TimeZone
    /// Whether the replay's database runs in WAL mode (else SQLite's default rollback journal).
    public var writeAheadLog: Bool

    /// Creates one with every field.
    public init(history: UserHistory, model: CycleModel, personalizer: Personalizer, fineTuneEveryDays: Int = 7, timeZone: TimeZone = .gmt,
                writeAheadLog: Bool = false) {
        self.history = history
        self.model = model
        self.personalizer = personalizer
        self.fineTuneEveryDays = fineTuneEveryDays
        self.timeZone = timeZone
        self.writeAheadLog = writeAheadLog
    }

    /// Replays into a new database at `path` (replaced), personal models in `modelDirectory`;
    /// `progress` gets each replayed day and the last one.
    public func run(path: String, modelDirectory: URL, progress: (CalendarDay, CalendarDay) -> Void = { _, _ in }) throws -> LoopReplayResult {
        guard let first = history.records.first?.date, let last = history.records.last?.date else {
            throw PersonalizationError.noHistory(user: history.userID, detail: "nothing logged")
        }
        let database = try AppDatabase.create(path: path, profile: history.profile, timeZone: timeZone, writeAheadLog: writeAheadLog)
        var loop = OnDeviceLoop(database: database, model: model, generator: try CyclePhrases.shared)
        let byDay = Dictionary(history.records.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
        var daily: [Double] = [], predictTimes: [Double] = [], reconcileTimes: [Double] = [], fineTunes: [Double] = []
        var fineTuneMonths: [String: (runs: Int, kept: Int)] = [:]
        var monthBytes: [String: Int] = [:]
        var verdicts = (accurate: 0, inaccurate: 0)
        var daysPredicted = 0, sinceFineTune = 0
        let clock = ContinuousClock()
        func milliseconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
        }
        for day in first...last {
            progress(day, last)
            if let record = byDay[day] {
                let start = history.lastPeriodStart(onOrBefore: day)
                try database.log(record, cycleDay: start.map { $0.distance(to: day) + 1 }, at: day.unixTimestamp(hour: 21, timeZone: timeZone))
            }
            defer { monthBytes[String(day.iso.prefix(7))] = Self.fileSize(path) }
            guard let lastStart = history.lastPeriodStart(onOrBefore: day) else { continue }
            if lastStart == day, history.periodStarts.first != day { verdicts = try rateAlert(endedBy: day, in: database, verdicts: verdicts) }
            let now = Date(timeIntervalSince1970: TimeInterval(day.unixTimestamp(hour: 21, timeZone: timeZone) + 1_800))
            let started = clock.now
            _ = try loop.predict(at: now)
            let predicted = clock.now
            try database.reconcile()
            let reconciled = clock.now
            predictTimes.append(milliseconds(predicted - started))
            reconcileTimes.append(milliseconds(reconciled - predicted))
            daily.append(milliseconds(reconciled - started))
            daysPredicted += 1
            sinceFineTune += 1
            if sinceFineTune >= fineTuneEveryDays {
                sinceFineTune = 0
                let tuneStarted = clock.now
                let result = try loop.fineTune(base: model, personalizer: personalizer, modelDirectory: modelDirectory, password: nil,
                                               at: now.addingTimeInterval(1_800))
                fineTunes.append(milliseconds(clock.now - tuneStarted))
                loop.model = result.model
                let month = String(day.iso.prefix(7))
                fineTuneMonths[month, default: (0, 0)].runs += 1
                if result.entry.kept { fineTuneMonths[month, default: (0, 0)].kept += 1 }
            }
        }
        return try summary(database: database, first: first, last: last, daily: daily, predictTimes: predictTimes,
                           reconcileTimes: reconcileTimes, fineTunes: fineTunes, fineTuneMonths: fineTuneMonths,
                           monthBytes: monthBytes, verdicts: verdicts, daysPredicted: daysPredicted, path: path)
    }

    /// Her verdict on the cycle that `start` ended: the alert insight (first forecast at most 3
    /// days ahead) rated by whether the start came within ±2 days of it.
    func rateAlert(endedBy start: CalendarDay, in database: AppDatabase, verdicts: (accurate: Int, inaccurate: Int)) throws -> (accurate: Int, inaccurate: Int) {
        guard let previous = history.lastPeriodStart(onOrBefore: start.advanced(by: -1)) else { return verdicts }
        let forecasts = try database.predictions(kind: .periodStart).filter { $0.asOf >= previous && $0.asOf < start }
        guard let last = forecasts.last else { return verdicts }
        let alert = forecasts.first { AlertPolicy.isAlert(madeOn: $0.asOf, forecastStart: $0.predictedDate) }
        let rated = alert ?? last
        let accurate = alert.map { AlertPolicy.isHit(alertedStart: $0.predictedDate, start: start) } ?? false
        let insight = OnDeviceLoop.rowID(table: "insights", kind: InsightKind.prediction.rawValue, day: rated.asOf, version: rated.modelVersion)
        try database.setFeedback(accurate ? .accurate : .inaccurate, onInsight: insight)
        return accurate ? (verdicts.accurate + 1, verdicts.inaccurate) : (verdicts.accurate, verdicts.inaccurate + 1)
    }

    func summary(database: AppDatabase, first: CalendarDay, last: CalendarDay, daily: [Double], predictTimes: [Double], reconcileTimes: [Double],
                 fineTunes: [Double], fineTuneMonths: [String: (runs: Int, kept: Int)], monthBytes: [String: Int],
                 verdicts: (accurate: Int, inaccurate: Int), daysPredicted: Int, path: String) throws -> LoopReplayResult {
        let stored = try database.predictions(kind: .periodStart).map { (asOf: $0.asOf, nextPeriodStart: $0.predictedDate) }
        let starts = history.periodStarts
        let calendarDays = starts.first.map { Array($0...last) } ?? []
        let calendar = try CalendarPredictor().predictions(for: history, on: calendarDays, language: .en)
            .map { (asOf: $0.asOf, nextPeriodStart: $0.nextPeriodStart) }
        var perMonth: [String: (cycles: Int, model: Int, calendar: Int)] = [:]
        for index in starts.indices.dropLast() {
            let model = CycleForecastScore(cycleStart: starts[index], nextStart: starts[index + 1], forecasts: stored)
            let reference = CycleForecastScore(cycleStart: starts[index], nextStart: starts[index + 1], forecasts: calendar)
            let month = String(starts[index + 1].iso.prefix(7))
            perMonth[month, default: (0, 0, 0)].cycles += 1
            if model.alertHit { perMonth[month, default: (0, 0, 0)].model += 1 }
            if reference.alertHit { perMonth[month, default: (0, 0, 0)].calendar += 1 }
        }
        var months: [LoopReplayResult.Month] = []
        var total = (cycles: 0, model: 0, calendar: 0)
        for month in Set(monthBytes.keys).union(perMonth.keys).sorted() {
            let counts = perMonth[month] ?? (0, 0, 0)
            total = (total.cycles + counts.cycles, total.model + counts.model, total.calendar + counts.calendar)
            let tunes = fineTuneMonths[month] ?? (0, 0)
            months.append(.init(month: month, cycles: counts.cycles, modelHits: counts.model, calendarHits: counts.calendar,
                                modelCumulative: total.cycles == 0 ? nil : Double(total.model) / Double(total.cycles),
                                calendarCumulative: total.cycles == 0 ? nil : Double(total.calendar) / Double(total.cycles),
                                databaseBytes: monthBytes[month] ?? 0, fineTunes: tunes.runs, kept: tunes.kept))
        }
        let counts = try database.perform {
            try database.writer.read { db in
                (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM predictions") ?? 0, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM insights") ?? 0)
            }
        }
        return LoopReplayResult(model: model.version, user: history.userID, firstDay: first.iso, lastDay: last.iso, months: months,
                                cycles: total.cycles, modelHits: total.model, calendarHits: total.calendar, daysPredicted: daysPredicted,
                                predictionRows: counts.0, insightRows: counts.1, verdictsAccurate: verdicts.accurate,
                                verdictsInaccurate: verdicts.inaccurate, dailyTime: .init(daily), predictTime: .init(predictTimes),
                                reconcileTime: .init(reconcileTimes), fineTuneTime: .init(fineTunes),
                                fineTunesKept: fineTuneMonths.values.reduce(0) { $0 + $1.kept }, databaseBytes: Self.fileSize(path))
    }

    /// Bytes of the database file and its write-ahead log, if any.
    static func fileSize(_ path: String) -> Int {
        [path, path + "-wal"].reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) }
    }
}
#endif
