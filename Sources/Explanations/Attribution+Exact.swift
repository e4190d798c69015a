extension Attribution {
    /// Exact contributions of a linear model `f(x) = w · x + bias`: `wᵢ (xᵢ − baselineᵢ)`.
    ///
    /// - Parameters:
    ///   - weights: `w`, one per feature.
    ///   - bias: the intercept.
    ///   - input: the row `x` (NaN for a missing value is not allowed: impute first).
    ///   - baseline: the reference row (e.g. the population-average day).
    ///   - features: one descriptor per feature.
    package init(linearWeights weights: [Double], bias: Double, input: [Double], baseline: [Double],
                features: [FeatureDescriptor]) throws {
        try Attribution._checkCount("input", input.count, expected: weights.count)
        try Attribution._checkCount("baseline", baseline.count, expected: weights.count)
        try Attribution._checkCount("features", features.count, expected: weights.count)
        var output = bias, reference = bias
        var contributions: [FeatureContribution] = []
        contributions.reserveCapacity(weights.count)
        for index in weights.indices {
            output += weights[index] * input[index]
            reference += weights[index] * baseline[index]
            contributions.append(FeatureContribution(
                features[index], value: input[index], baselineValue: baseline[index],
                contribution: weights[index] * (input[index] - baseline[index])))
        }
        self.init(method: .linear, baselineValue: reference, outputValue: output, contributions: contributions)
    }

    /// Contributions computed by TreeSHAP: `expectedValue + Σ shapValues` is the raw score.
    ///
    /// - Parameters:
    ///   - shapValues: one SHAP value per feature, in raw-score units.
    ///   - expectedValue: the model's mean raw score over its training data.
    ///   - features: one descriptor per feature.
    ///   - values: the row's feature values (`nil` or NaN for missing).
    ///   - baselineValues: reference values for the directions (e.g. training means), if known.
    package init(shapValues: [Double], expectedValue: Double, features: [FeatureDescriptor],
                values: [Double?], baselineValues: [Double?]? = nil) throws {
        try Attribution._checkCount("features", features.count, expected: shapValues.count)
        try Attribution._checkCount("values", values.count, expected: shapValues.count)
        if let baselineValues { try Attribution._checkCount("baselineValues", baselineValues.count, expected: shapValues.count) }
        var contributions: [FeatureContribution] = []
        contributions.reserveCapacity(shapValues.count)
        var output = expectedValue
        for index in shapValues.indices {
            output += shapValues[index]
            let value = values[index].flatMap { $0.isNaN ? nil : $0 }
            contributions.append(FeatureContribution(features[index], value: value,
                                                     baselineValue: baselineValues?[index] ?? nil,
                                                     contribution: shapValues[index]))
        }
        self.init(method: .treeSHAP, baselineValue: expectedValue, outputValue: output, contributions: contributions)
    }

    static func _checkCount(_ what: String, _ found: Int, expected: Int) throws {
        guard found == expected else { throw ExplanationError.lengthMismatch(what: what, expected: expected, found: found) }
    }
}
