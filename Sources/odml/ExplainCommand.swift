import ArgumentParser
import Foundation
import OnDeviceML

/// `odml explain`: `odml predict` with every contribution behind the period forecast.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain one user's forecast on one day: every contribution, its share, and the reasoning."
    )

    @OptionGroup var options: PredictCommand.Options

    func run() throws {
        try PredictCommand.runReportingErrors {
            let context = try PredictCommand.Context(options: options)
            let report = try context.forecast.explanation()
            if options.output.json {
                print(try JSONOutput.string(report))
                return
            }
            let phrases = try CyclePhrases.shared, language = options.lang
            let attribution = report.attribution, generated = report.explanation
            func text(_ key: String, _ arguments: [String: PhraseArgument] = [:]) throws -> String {
                try phrases.text(key, arguments, language: language)
            }
            for line in try context.summaryLines() { print(line) }
            print(try text("report.explanation", ["sentence": .text(generated.text)]))
            let quantity = try text(context.forecast.periodAttribution == nil ? "report.cycle_length" : "report.days_until_start")
            print(try text("report.attribution_sum", [
                "quantity": .text(quantity), "output": .decimal(attribution.outputValue, digits: 1),
                "baseline": .decimal(attribution.baselineValue, digits: 1),
                "sum": .decimal(attribution.contributionSum, digits: 2, signed: true),
                "error": .decimal(attribution.measuredCompletenessError, digits: 2),
            ]))
            print(try text("report.contributions"))
            let total = attribution.contributions.reduce(0) { $0 + abs($1.contribution) }
            let templates = phrases.templates(for: language)
            for contribution in attribution.contributions.sorted(by: { abs($0.contribution) > abs($1.contribution) }) {
                let share = templates.formatted(total > 0 ? abs(contribution.contribution) / total * 100 : 0, digits: 1)
                let named = generated.factors.contains { $0.key == contribution.key } ? "*" : " "
                print("  \(named) " + (try text("report.contribution", [
                    "contribution": .decimal(contribution.contribution, digits: 2, signed: true),
                    "share": .text(String(repeating: " ", count: max(0, 5 - share.count)) + share), "key": .text(contribution.key),
                ])))
            }
        }
    }
}
