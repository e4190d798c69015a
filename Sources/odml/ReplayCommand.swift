#if SQLite
import ArgumentParser
import Foundation
import OnDeviceML

/// `odml replay`: "two years in her life" — one generated user through the on-device loop, day by day.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay one generated user day by day through the on-device loop on an app database, and report what she saw.",
        discussion: """
            Each day the app logs her rows, the loop forecasts and writes predictions and an insight, \
            she rates the cycle's alert insight when her period starts, the loop reconciles, and every \
            --finetune-every days it fine-tunes. Reported: alert accuracy month by month against the \
            calendar's on the same cycles, the database's size, and the toolkit's time per day \
            (forecast + writes + reconcile; measure with a release build).
            """
    )

    @Option(name: .long, help: "The population model: a .odml file, or calendar or rules.")
    var model = "Models/cycle-gbt.odml"

    @Option(name: .long, help: "Cohort of the generated user.")
    var cohort: CohortName = .irregular

    @Option(name: .long, help: "Months of her life to replay.")
    var months = 24

    @Option(name: .long, help: "Generator seed (the user is the seed's first).")
    var seed: UInt64 = 2_300

    @Option(name: .long, help: "Days between fine-tunes.")
    var finetuneEvery = 7

    @OptionGroup var fineTuning: FineTuningOptions

    @Option(name: .long, help: "The app database to create (replaced if it exists); her models go to <name>.models beside it.")
    var out = "reports/replay/app.sqlite"

    @Flag(name: .long, help: "Create the database in WAL mode (default: SQLite's rollback journal, as the file opens by default).")
    var wal = false

    @OptionGroup var output: JSONOutputOptions

    func validate() throws {
        try ArgumentCheck.model(model, option: "--model", builtIn: CycleModel.builtInNames)
        guard (1...120).contains(months) else { throw ValidationError("--months: expected 1…120, found \(months)") }
        guard finetuneEvery >= 1 else { throw ValidationError("--finetune-every: expected at least 1, found \(finetuneEvery)") }
    }

    func run() throws {
        try PredictCommand.runReportingErrors {
            let config = cohort.config
            let history = SyntheticCycles.generate(config: config, users: 1, months: months, seed: seed).users[0]
            let outURL = URL(fileURLWithPath: out)
            try FileManager.default.createDirectory(at: outURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            let modelDirectory = URL(fileURLWithPath: outURL.deletingPathExtension().path + ".models")
            try? FileManager.default.removeItem(at: modelDirectory)
            let replay = LoopReplay(history: history, model: try CycleModel.load(model),
                                    personalizer: Personalizer(tuners: try fineTuning.tuners()),
                                    fineTuneEveryDays: finetuneEvery, writeAheadLog: wal)
            var lastMonth = ""
            let result = try replay.run(path: out, modelDirectory: modelDirectory) { day, last in
                let month = String(day.iso.prefix(7))
                if month != lastMonth { CyclesCommandSupport.printError("replaying \(month) (to \(last))"); lastMonth = month }
            }
            if output.json {
                print(try JSONOutput.string(result))
                return
            }
            for line in Self.lines(result, cohort: cohort.rawValue, seed: seed, out: out + (wal ? " (WAL)" : "")) { print(line) }
        }
    }

    /// The report as text lines.
    static func lines(_ result: LoopReplayResult, cohort: String, seed: UInt64, out: String) -> [String] {
        func percent(_ value: Double?) -> String { value.map { String(format: "%5.1f %%", $0 * 100) } ?? "     -" }
        func ms(_ value: Double) -> String { String(format: "%.2f ms", value) }
        var lines = ["replay of \(result.user) (\(cohort), seed \(seed)), \(result.firstDay) to \(result.lastDay), model \(result.model), database \(out)",
                     "month    cycles  model hits  calendar hits  model (running)  calendar (running)  fine-tunes (kept)  database"]
        var previous = 0
        for month in result.months {
            let growth = month.databaseBytes - previous
            previous = month.databaseBytes
            lines.append(month.month.padding(toLength: 9, withPad: " ", startingAt: 0)
                         + String(format: "%6d  %10d  %13d  ", month.cycles, month.modelHits, month.calendarHits)
                         + percent(month.modelCumulative).padding(toLength: 17, withPad: " ", startingAt: 0)
                         + percent(month.calendarCumulative).padding(toLength: 20, withPad: " ", startingAt: 0)
                         + "\(month.fineTunes) (\(month.kept))".padding(toLength: 19, withPad: " ", startingAt: 0)
                         + "\(month.databaseBytes) B (+\(growth))")
        }
        let model = result.cycles == 0 ? 0 : Double(result.modelHits) / Double(result.cycles)
        let calendar = result.cycles == 0 ? 0 : Double(result.calendarHits) / Double(result.cycles)
        lines.append("alert accuracy she saw: \(result.modelHits)/\(result.cycles) = \(percent(model)); calendar on the same cycles: \(result.calendarHits)/\(result.cycles) = \(percent(calendar))")
        lines.append("rows: \(result.predictionRows) predictions, \(result.insightRows) insights over \(result.daysPredicted) days; verdicts \(result.verdictsAccurate) accurate, \(result.verdictsInaccurate) inaccurate; database \(result.databaseBytes) B")
        lines.append("time per day (forecast + writes + reconcile): p50 \(ms(result.dailyTime.p50)), p99 \(ms(result.dailyTime.p99)), max \(ms(result.dailyTime.max)) over \(result.dailyTime.count) days")
        lines.append("  forecast + write: p50 \(ms(result.predictTime.p50)), p99 \(ms(result.predictTime.p99)); reconcile: p50 \(ms(result.reconcileTime.p50)), p99 \(ms(result.reconcileTime.p99))")
        lines.append("fine-tunes: \(result.fineTuneTime.count), kept \(result.fineTunesKept); p50 \(ms(result.fineTuneTime.p50)), p99 \(ms(result.fineTuneTime.p99)), max \(ms(result.fineTuneTime.max))")
        return lines
    }
}
#endif
