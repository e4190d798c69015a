import TensorCore

/// Bootstrap percentile intervals of off-policy estimators: the rows are resampled with
/// replacement `settings.bootstrapResamples` times (`SeededGenerator(seed:)`), each estimator's
/// `Σ numerator / Σ denominator` is recomputed on every resample, and the 2.5 % and 97.5 %
/// percentiles (`Quantile.interpolated`) bound the interval. With `baseline`, each value is the
/// paired difference `candidate − baseline` on the same resampled rows.
func _bootstrap(_ estimators: [OffPolicyEstimator], candidate: [OffPolicyRow], baseline: [OffPolicyRow]?,
                settings: OffPolicyEvaluation.Settings) -> [OffPolicyEstimate] {
    let n = candidate.count
    let policies = baseline.map { [candidate, $0] } ?? [candidate]
    // terms[e][policy] = (numerators, denominators), row by row.
    let terms = estimators.map { estimator in
        policies.map { rows in
            rows.map { estimator.term(for: $0, settings: settings) }
        }
    }
    func value(_ estimator: Int, counts: [Int]?) -> Double {
        var result = 0.0
        for (policy, rows) in terms[estimator].enumerated() {
            var numerator = 0.0, denominator = 0.0
            for index in 0..<n {
                let multiplicity = Double(counts?[index] ?? 1)
                if multiplicity == 0 { continue }
                numerator += multiplicity * rows[index].numerator
                denominator += multiplicity * rows[index].denominator
            }
            let estimate = denominator > 0 ? numerator / denominator : 0
            result += policy == 0 ? estimate : -estimate
        }
        return result
    }
    var generator = SeededGenerator(seed: settings.seed)
    var samples = [[Double]](repeating: [], count: estimators.count)
    var counts = [Int](repeating: 0, count: n)
    for _ in 0..<settings.bootstrapResamples {
        for index in 0..<n { counts[index] = 0 }
        for _ in 0..<n { counts[generator.nextInt(below: n)] += 1 }
        for estimator in estimators.indices { samples[estimator].append(value(estimator, counts: counts)) }
    }
    return estimators.indices.map { estimator in
        let point = value(estimator, counts: nil)
        let sorted = samples[estimator].sorted()
        return OffPolicyEstimate(value: point, lower: Quantile.interpolated(sorted: sorted, 0.025) ?? point,
                                 upper: Quantile.interpolated(sorted: sorted, 0.975) ?? point)
    }
}
