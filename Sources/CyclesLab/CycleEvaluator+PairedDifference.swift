import Cycles
extension CycleEvaluator {
    /// `report` − `baseline` on every metric both report, with 95 % paired percentile bootstrap
    /// intervals from `bootstrap` (`UserBootstrap`): each resample draws users with replacement and
    /// pools both models' tallies over the same drawn users.
    ///
    /// Both reports must come from the same dataset (same users in the same order), as
    /// `evaluate(_:on:)` returns them.
    public func pairedDifferences(_ report: EvaluationReport, baseline: EvaluationReport) -> [CycleMetric: PairedDifference] {
        precondition(report.userEvaluations.map(\.userID) == baseline.userEvaluations.map(\.userID),
                     "paired differences need both models evaluated on the same users in the same order")
        let width = CycleMetric.allCases.count
        let samples = resampledTallies(zip(report.userEvaluations, baseline.userEvaluations).map { $0.tallies + $1.tallies })
        var differences: [CycleMetric: PairedDifference] = [:]
        for metric in CycleMetric.allCases {
            guard let value = report.metrics[metric], let reference = baseline.metrics[metric] else { continue }
            let deltas = samples.compactMap { sample -> Double? in
                guard let a = sample[metric.index].value, let b = sample[width + metric.index].value else { return nil }
                return a - b
            }
            differences[metric] = PairedDifference(value: value - reference, interval: ConfidenceInterval(percentilesOf: deltas))
        }
        return differences
    }
}
