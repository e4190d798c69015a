extension Attribution {
    /// An attribution from an Integrated Gradients run over a `[timeSteps × features.count]`
    /// sequence (flattened time step major; `timeSteps == 1` for a flat row): each feature's
    /// contribution is its attributions summed over the time steps.
    ///
    /// - Parameters:
    ///   - result: the run's output.
    ///   - timeSteps: `T`.
    ///   - features: one descriptor per feature `F`.
    ///   - input: the input the run explained (its last time step gives the displayed values).
    ///   - baseline: the run's baseline (its last time step gives the reference values).
    ///   - values: displayed values per feature, overriding the last time step (e.g. `nil` for a
    ///     symptom the user did not log, which the model sees imputed).
    package init(integratedGradients result: IntegratedGradients.Result, timeSteps: Int,
                features: [FeatureDescriptor], input: [Float], baseline: [Float],
                values: [Double?]? = nil) throws {
        let featureCount = features.count
        try Attribution._checkCount("attributions", result.attributions.count, expected: timeSteps * featureCount)
        try Attribution._checkCount("input", input.count, expected: timeSteps * featureCount)
        try Attribution._checkCount("baseline", baseline.count, expected: timeSteps * featureCount)
        if let values { try Attribution._checkCount("values", values.count, expected: featureCount) }
        var sums = [Double](repeating: 0, count: featureCount)
        for step in 0..<timeSteps {
            for feature in 0..<featureCount { sums[feature] += result.attributions[step * featureCount + feature] }
        }
        let last = (timeSteps - 1) * featureCount
        let contributions = features.indices.map { feature in
            FeatureContribution(features[feature],
                                value: values.map { $0[feature] } ?? Double(input[last + feature]),
                                baselineValue: Double(baseline[last + feature]), contribution: sums[feature])
        }
        self.init(method: .integratedGradients, baselineValue: result.baselineValue, outputValue: result.outputValue,
                  contributions: contributions, completenessError: result.completenessError)
    }
}
