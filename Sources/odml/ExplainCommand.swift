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
            let attribution = context.periodAttribution ?? ExplainCommand.periodAttribution(context)
            let generator = try ReasoningGenerator()
            let (year, month, day) = context.prediction.nextPeriodStart.components
            let generated = try generator.reasoning(
                for: .periodStart, value: .date(year: year, month: month, day: day),
                uncertainty: .days(context.prediction.nextPeriodUncertaintyDays), attribution: attribution,
                language: options.lang, minimumContribution: GBTCyclePredictor.minimumNamedContribution)
            if options.json {
                print(try CyclesCommandSupport.json(Report(prediction: context.report, attribution: attribution,
                                                           explanation: generated)))
                return
            }
            for line in context.summaryLines() { print(line) }
            let english = options.lang == "en"
            print((english ? "Explanation: " : "Explication : ") + generated.text)
            let quantity = context.periodAttribution == nil ? (english ? "Cycle length" : "Longueur du cycle")
                                                            : (english ? "Days until the next start" : "Jours avant les prochaines règles")
            print(quantity + String(format: english ? ": %.1f d = baseline %.1f d + contributions %+.2f d (completeness error %.2f d)"
                                                    : " : %.1f j = référence %.1f j + contributions %+.2f j (écart de complétude %.2f j)",
                         attribution.outputValue, attribution.baselineValue, attribution.contributionSum,
                         attribution.measuredCompletenessError))
            print(english ? "Contributions (* named in the explanation):" : "Contributions (* citées dans l'explication) :")
            let total = attribution.contributions.reduce(0) { $0 + abs($1.contribution) }
            for contribution in attribution.contributions.sorted(by: { abs($0.contribution) > abs($1.contribution) }) {
                let share = total > 0 ? abs(contribution.contribution) / total * 100 : 0
                let named = generated.factors.contains { $0.key == contribution.key } ? "*" : " "
                print("  \(named) " + PredictCommand.signed(contribution.contribution) + " " + PredictCommand.dayUnit(options.lang)
                      + String(format: " %5.1f %%  ", share) + contribution.key)
            }
        }
    }

    /// The rule engine's period forecast as an attribution: the predicted cycle length (days from the last
    /// start to the forecast start) against the rule engine's population length, with the
    /// predictor's factors as contributions. For the rule engine these are every fired rule's shift.
    static func periodAttribution(_ context: PredictCommand.Context) -> Attribution {
        let baseline = Double(CycleState.populationCycleLength)
        let lastStart = context.history.lastPeriodStart(onOrBefore: context.day)
        let output = lastStart.map { Double($0.distance(to: context.prediction.nextPeriodStart)) } ?? baseline
        let contributions = context.prediction.reasoning.factors.map { factor in
            FeatureContribution(key: factor.key, group: FeatureGroup(factor.group ?? FeatureGroup.history.rawValue),
                                contribution: factor.contribution)
        }
        var attribution = Attribution(method: context.predictorName == "rules" ? .rules : .other, baselineValue: baseline,
                                      outputValue: output, contributions: contributions)
        attribution.completenessError = attribution.measuredCompletenessError
        return attribution
    }

    /// The JSON form of `odml explain`.
    struct Report: Encodable {
        let prediction: PredictCommand.Report
        let attribution: Attribution
        let explanation: Reasoning
    }
}
