import Cycles
import Personalization
import CyclesLab
import PersonalizationLab

/// Personalization's `LearningCurve` as the validator's learning-curve source: for each held-out
/// user and each month `m`, the pre-trained model is fine-tuned (under the guardrail) on her
/// first `m` months only, then the calendar, rules, pre-trained, fine-tuned and oracle forecast her
/// next cycles day by day.
public struct PersonalizationLearningCurve: LearningCurveSource {
    /// Fine-tuning strategies and guardrail.
    public var personalizer: Personalizer
    /// Cycles evaluated after each cut-off.
    public var evaluationCycles: Int
    /// Bootstrap resamples of users for the intervals.
    public var bootstrapSamples: Int
    /// At most this many users (the first ones) are personalised; `nil`: all.
    public var maximumUsers: Int?

    /// Creates a source trying the residual-correction and luteal-anchoring strategies.
    public init(personalizer: Personalizer = Personalizer(tuners: [ResidualCorrectionTuner(), LutealTuner()]),
                evaluationCycles: Int = 2, bootstrapSamples: Int = 1_000, maximumUsers: Int? = nil) {
        self.personalizer = personalizer
        self.evaluationCycles = evaluationCycles
        self.bootstrapSamples = bootstrapSamples
        self.maximumUsers = maximumUsers
    }

    public func learningCurve(pretrained: any CyclePredictor, calendar: any CyclePredictor, rules: any CyclePredictor,
                              oracle: (any CyclePredictor)?,
                              dataset: CycleDataset, months: [Int]) throws -> LearningCurveSummary {
        let curve = LearningCurve(
            models: .init(calendar: calendar, rules: rules, pretrained: pretrained, oracle: oracle, personalizer: personalizer),
            configuration: .init(months: months, evaluationCycles: evaluationCycles, bootstrapSamples: bootstrapSamples))
        let histories = maximumUsers.map { Array(dataset.users.prefix($0)) } ?? dataset.users
        let result = try curve.compute(histories)
        var points: [String: [Int: LearningCurveSummary.Point]] = [:]
        for (series, byMonth) in result.points {
            for (month, point) in byMonth {
                points[series, default: [:]][month] = .init(
                    alertAccuracy: point.alertAccuracy, alertAccuracyInterval: point.alertAccuracyInterval,
                    accuracy2d: point.accuracy2d, accuracy2dInterval: point.accuracy2dInterval,
                    users: point.users, cycles: point.cycles)
            }
        }
        let strategies = personalizer.tuners.map(\.name).joined(separator: " or ")
        return LearningCurveSummary(
            months: result.months, series: result.series, points: points,
            method: "Personalization learning curve on \(histories.count) held-out users: \(pretrained.name) fine-tuned per user "
                + "(\(strategies), kept only when the guardrail prefers it) on her first N months, scored on her next "
                + "\(evaluationCycles) cycles; 95 % CI: bootstrap over users (\(bootstrapSamples) resamples)")
    }
}
