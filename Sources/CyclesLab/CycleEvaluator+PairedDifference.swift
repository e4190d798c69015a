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
        let width = CycleMetric.tallyWidth
        let samples = resampledTallies(zip(report.userEvaluations, baseline.userEvaluations).map { $0.tallies + $1.tallies })
        var differences: [CycleMetric: PairedDifference] = [:]
        for metric in CycleMetric.allCases {
            guard let value = report.metrics[metric], let reference = baseline.metrics[metric] else { continue }
            let deltas = samples.compactMap { sample -> Double? in
                guard let a = metric.value(in: sample), let b = metric.value(in: sample, base: width) else { return nil }
                return a - b
            }
            differences[metric] = PairedDifference(value: value - reference, interval: ConfidenceInterval(percentilesOf: deltas))
        }
        return differences
    }

    /// `report` − a reference known only by its per-user tallies of `metric` (another program's
    /// results on the same users and cycles, such as the ideal observer's), with its 95 % paired
    /// percentile bootstrap interval (the same resampled users for both).
    ///
    /// `nil` when the two did not score the same cycles: a user of `report` missing from
    /// `reference` or scored on another number of items there, or `reference` counting items
    /// on users `report` does not have.
    public func pairedDifference(_ report: EvaluationReport, metric: CycleMetric, reference: [String: MetricTally]) -> PairedDifference? {
        var perUser: [[MetricTally]] = []
        var referenceCount = 0.0
        for user in report.userEvaluations {
            let tally = user.tally(for: metric)
            guard let other = reference[user.userID] ?? (tally.count == 0 ? MetricTally() : nil), other.count == tally.count else {
                return nil
            }
            perUser.append([tally, other])
            referenceCount += other.count
        }
        guard referenceCount == reference.values.reduce(0, { $0 + $1.count }) else { return nil }
        let pooled = perUser.reduce([MetricTally(), MetricTally()]) { [$0[0] + $1[0], $0[1] + $1[1]] }
        guard let value = pooled[0].value, let referenceValue = pooled[1].value else { return nil }
        let deltas = resampledTallies(perUser).compactMap { sample -> Double? in
            guard let a = sample[0].value, let b = sample[1].value else { return nil }
            return a - b
        }
        return PairedDifference(value: value - referenceValue, interval: ConfidenceInterval(percentilesOf: deltas))
    }
}
