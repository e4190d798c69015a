#if SQLite
import ArgumentParser
import Foundation
import OnDeviceML

/// `odml reconcile`: score the past predictions of an app database against what she logged since.
struct ReconcileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reconcile",
        abstract: "Fill actual_date, actual_value and accuracy_score of the predictions whose truth she has logged.",
        discussion: """
            accuracy_score is 1 or 0: a period start within ±2 days of the logged one (the alert \
            accuracy's hit rule), energy or mood in the logged value's class (low 1–3, medium 4–7, \
            high 8–10). Ovulation predictions stay open: the app's tables log no ovulation day. \
            All rows are filled in one transaction.
            """
    )

    @Option(name: .long, help: "The app's database (.sqlite, the ShifAI tables).")
    var data: String

    @OptionGroup var output: JSONOutputOptions

    func validate() throws {
        try ArgumentCheck.existingPath(data, option: "--data", what: "app database")
    }

    func run() throws {
        try PredictCommand.runReportingErrors {
            let summary = try AppDatabase.open(path: data).reconcile()
            if output.json {
                print(try JSONOutput.string(summary))
                return
            }
            let filled = StoredPredictionKind.allCases.compactMap { kind -> String? in
                guard let count = summary.filled[kind.rawValue] else { return nil }
                return "\(kind.rawValue) \(count) (\(summary.accurate[kind.rawValue] ?? 0) accurate)"
            }
            let open = StoredPredictionKind.allCases.compactMap { kind in summary.open[kind.rawValue].map { "\(kind.rawValue) \($0)" } }
            print("reconciled \(summary.filledCount) predictions in \(data)" + (filled.isEmpty ? "" : ": " + filled.joined(separator: ", ")))
            print("still open: " + (open.isEmpty ? "none" : open.joined(separator: ", ")))
        }
    }
}
#endif
