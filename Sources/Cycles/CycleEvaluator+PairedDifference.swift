extension CycleEvaluator {
    /// `report` − `baseline` on every metric both report, with 95 % paired percentile bootstrap
    /// intervals from `bootstrap(_:_:)`: each of the `bootstrapSamples` resamples draws users with
    /// replacement (seed `bootstrapSeed`) and pools both models' tallies over the same drawn users.
    ///
    /// Both reports must come from the same dataset (same users in the same order), as
    /// `evaluate(_:on:)` returns them.
    public func pairedDifferences(_ report: EvaluationReport, baseline: EvaluationReport) -> [String: PairedDifference] {
        precondition(report.userEvaluations.map(\.userID) == baseline.userEvaluations.map(\.userID),
                     "paired differences need both models evaluated on the same users in the same order")
        let width = CycleMetric.all.count
        let joined = zip(report.userEvaluations, baseline.userEvaluations).map { model, reference in
            UserEvaluation(userID: model.userID, predictions: 0, cycles: [], tallies: model.tallies + reference.tallies)
        }
        let samples = bootstrap(joined) { $0.tallies }
        var differences: [String: PairedDifference] = [:]
        for (index, key) in CycleMetric.all.enumerated() {
            guard let value = report.metrics[key], let reference = baseline.metrics[key] else { continue }
            let deltas = samples.compactMap { sample -> Double? in
                guard let a = sample[index].value, let b = sample[width + index].value else { return nil }
                return a - b
            }
            differences[key] = PairedDifference(value: value - reference, interval: ConfidenceInterval(percentilesOf: deltas))
        }
        return differences
    }
}
