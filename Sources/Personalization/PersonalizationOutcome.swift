import Cycles

/// The result of one personalisation: the model to use from now on and why.
public struct PersonalizationOutcome: Sendable {
    /// The personal model when kept, otherwise the current model (rolled back).
    public var model: any CyclePredictor
    /// `true` when the personal model passed the guardrail and replaces the current one.
    public var kept: Bool
    /// One line saying what was decided and why (logged by the CLI).
    public var reason: String
    /// The fine-tuning cut-off: no data after it was used.
    public var cutoff: CalendarDay
    /// The current model's score on the held-out cycles, when they could be scored.
    public var currentScore: Guardrail.Score?
    /// The candidate's score on the same cycles.
    public var candidateScore: Guardrail.Score?
    /// The held-out cycles' first days.
    public var validationCycleStarts: [CalendarDay]
}
