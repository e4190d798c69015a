import Cycles
import CyclesLab

/// Computes the personalisation learning curve of a pre-trained model (Personalization's
/// `LearningCurve`, behind a protocol so the validator can run without it and tests can feed
/// known curves).
public protocol LearningCurveSource: Sendable {
    /// The curve of `pretrained` fine-tuned per user on `dataset`'s users after each of `months`
    /// months of her data, beside the `calendar` (the floor), `rules` and the causal `oracle` (when
    /// the data has truth).
    func learningCurve(pretrained: any CyclePredictor, calendar: any CyclePredictor, rules: any CyclePredictor,
                       oracle: (any CyclePredictor)?,
                       dataset: CycleDataset, months: [Int]) throws -> LearningCurveSummary
}
