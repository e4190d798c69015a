import Cycles

/// Decides whether a personal model replaces the current one: it must beat it on her most
/// recent complete cycle(s), which the candidate was not trained on.
///
/// "Beats" is lexicographic: more alert hits (the gate metric); on equal hits, a mean absolute
/// error of the daily forecasts lower by at least `minimumImprovementDays`. Anything else rolls back.
public struct Guardrail: Sendable, Equatable {
    /// How many of her most recent complete cycles are held out (fewer when she has fewer).
    public var validationCycles: Int
    /// Complete cycles the candidate needs to train on, besides the held-out ones.
    public var minimumTrainingCycles: Int
    /// The error reduction (days) required on equal alert hits.
    public var minimumImprovementDays: Double

    public init(validationCycles: Int = 2, minimumTrainingCycles: Int = 1, minimumImprovementDays: Double = 0.05) {
        self.validationCycles = validationCycles
        self.minimumTrainingCycles = minimumTrainingCycles
        self.minimumImprovementDays = minimumImprovementDays
    }

    /// The score of one model on the held-out cycles.
    public struct Score: Sendable, Equatable, Codable {
        /// Alert hits.
        public var alertHits: Int
        /// Held-out cycles.
        public var cycles: Int
        /// Mean absolute error of the daily forecasts, in days.
        public var meanAbsoluteErrorDays: Double

        /// Sums the outcomes of the held-out cycles.
        public init(_ outcomes: [CycleForecastScore]) {
            alertHits = outcomes.filter(\.alertHit).count
            cycles = outcomes.count
            let days = outcomes.reduce(0) { $0 + $1.dayCount }
            meanAbsoluteErrorDays = days == 0 ? 0 : outcomes.reduce(0) { $0 + $1.absoluteErrorSum } / Double(days)
        }
    }

    /// `true` when `candidate` beats `current`.
    public func prefers(_ candidate: Score, over current: Score) -> Bool {
        if candidate.alertHits != current.alertHits { return candidate.alertHits > current.alertHits }
        return candidate.meanAbsoluteErrorDays <= current.meanAbsoluteErrorDays - minimumImprovementDays
    }
}
