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

    /// Exact contributions of a rule engine: the prediction is `prior + Σ shifts` and each fired
    /// rule contributes its shift.
    ///
    /// - Parameters:
    ///   - ruleShifts: `(rule key, shift)` for every fired rule, in output units.
    ///   - prior: the prediction before any rule fires (e.g. the population mean cycle length).
    ///   - features: optional metadata per rule key (group, the value the rule looked at); rules
    ///     without metadata get group `other` and no value.
    package init(ruleShifts: [(key: String, shift: Double)], prior: Double,
                features: [String: RuleFeature] = [:]) {
        let contributions = ruleShifts.map { rule in
            let feature = features[rule.key]
            return FeatureContribution(key: rule.key, name: feature?.name, group: feature?.group ?? .other,
                                       value: feature?.value, baselineValue: feature?.baselineValue,
                                       direction: feature?.direction, contribution: rule.shift)
        }
        let output = contributions.reduce(prior) { $0 + $1.contribution }
        self.init(method: .rules, baselineValue: prior, outputValue: output, contributions: contributions)
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

/// Metadata for one rule of a rule engine: which group it speaks about and the value it used.
package struct RuleFeature: Hashable, Sendable {
    /// Display name (defaults to the rule key).
    package var name: String?
    /// The group the rule is phrased by.
    package var group: FeatureGroup
    /// The value the rule looked at (e.g. a mean cycle length of 31.5 days).
    package var value: Double?
    /// The reference value, for the direction.
    package var baselineValue: Double?
    /// An explicit direction (otherwise from `value` against `baselineValue`).
    package var direction: FeatureDirection?

    /// Creates rule metadata.
    package init(name: String? = nil, group: FeatureGroup, value: Double? = nil, baselineValue: Double? = nil,
                direction: FeatureDirection? = nil) {
        self.name = name
        self.group = group
        self.value = value
        self.baselineValue = baselineValue
        self.direction = direction
    }
}
