import Cycles

/// A fine-tuning strategy: builds a personal model from a current model and one user's data up
/// to a cut-off. Strategies do not decide whether the result is used: `Personalizer` checks
/// it against the current model with a `Guardrail` first.
public protocol FineTuner: Sendable {
    /// Short name used in logs and model files (`"residual"`, `"gbt-continuation"`, `"lstm-heads"`).
    var name: String { get }

    /// A personal model fitted on `data` (which holds nothing after `data.cutoff`).
    /// - Throws: `PersonalizationError.noHistory` when `data` is too short for this strategy.
    func fineTune(_ current: any CyclePredictor, on data: PersonalData) throws -> any CyclePredictor
}
