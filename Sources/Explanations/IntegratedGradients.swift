/// Integrated Gradients (Sundararajan, Taly & Yan 2017) for any `DifferentiableModel`.
///
/// For input `x` and baseline `b`, the attribution of input element `i` is
/// `IGᵢ = (xᵢ − bᵢ) ∫₀¹ ∂f/∂xᵢ(b + α (x − b)) dα`, and `Σᵢ IGᵢ = f(x) − f(b)` (completeness) up
/// to the quadrature error, which `Result.completenessError` reports. The integral is computed with
/// the trapezoid rule on `stepCount` equal steps (`stepCount + 1` gradients) or with
/// `stepCount`-point Gauss–Legendre quadrature (`stepCount` gradients plus the two end points),
/// which is exact for polynomials of degree `2·stepCount − 1` along the path.
///
/// Caveat: completeness says nothing about how the total is split; a model that saturates along
/// the path can give small attributions to features it relies on. The deletion tests in
/// `ExplanationsTests` check the split on test models.
package struct IntegratedGradients: Sendable {
    /// How the path integral is discretised.
    package enum Quadrature: String, Sendable, Codable {
        /// Trapezoid rule on equal steps (Riemann trapezoid).
        case trapezoid
        /// Gauss–Legendre nodes and weights on `[0, 1]`.
        case gaussLegendre = "gauss_legendre"
    }

    /// What one attribution run produced.
    package struct Result: Sendable, Equatable {
        /// `IGᵢ` for every input element, in input order.
        package var attributions: [Double]
        /// `f(x)`.
        package var outputValue: Double
        /// `f(b)`.
        package var baselineValue: Double
        /// `|Σ IGᵢ − (f(x) − f(b))|`.
        package var completenessError: Double
        /// Number of gradient evaluations used.
        package var gradientEvaluations: Int
    }

    /// Number of steps (trapezoid) or nodes (Gauss–Legendre), at least 32.
    package let stepCount: Int
    /// The quadrature rule.
    package let quadrature: Quadrature
    /// Path positions `α` of the points evaluated, end points first: `0`, `1`, then the nodes
    /// (for the trapezoid rule the end points are nodes too and are not repeated).
    let _alphas: [Double]
    /// Quadrature weight of each entry of `_alphas` (summing to 1).
    let _weights: [Double]
    /// `_alphas` and `_weights` in single precision, for `DifferentiableModel.evaluatePath`.
    let _floatAlphas: [Float], _floatWeights: [Float]

    /// Creates the method; throws if `stepCount < 32`.
    package init(stepCount: Int = 32, quadrature: Quadrature = .gaussLegendre) throws {
        guard stepCount >= 32 else {
            throw ExplanationError.invalidParameter(name: "stepCount", expected: "at least 32", found: "\(stepCount)")
        }
        self.stepCount = stepCount
        self.quadrature = quadrature
        switch quadrature {
        case .trapezoid:
            var alphas = [0.0, 1.0], weights = [0.5 / Double(stepCount), 0.5 / Double(stepCount)]
            for step in 1..<stepCount {
                alphas.append(Double(step) / Double(stepCount))
                weights.append(1 / Double(stepCount))
            }
            _alphas = alphas
            _weights = weights
        case .gaussLegendre:
            let rule = _GaussLegendre(nodeCount: stepCount)
            _alphas = [0, 1] + rule.nodes.map { ($0 + 1) / 2 }
            _weights = [0, 0] + rule.weights.map { $0 / 2 }
        }
        _floatAlphas = _alphas.map(Float.init)
        _floatWeights = _weights.map(Float.init)
    }

    /// Attributions of `model` at `input` against `baseline` (both flat, `model.inputCount` long).
    package func attributions(of model: DifferentiableModel, at input: [Float], baseline: [Float]) throws -> Result {
        let count = model.inputCount
        try Attribution._checkCount("input", input.count, expected: count)
        try Attribution._checkCount("baseline", baseline.count, expected: count)
        let pointCount = _alphas.count
        var attributions = [Double](repeating: 0, count: count)
        let output: Double, reference: Double
        if let evaluatePath = model.evaluatePath {
            let (values, weighted) = evaluatePath(baseline, input, _floatAlphas, _floatWeights)
            for index in 0..<count { attributions[index] = Double(weighted[index]) }
            output = Double(values[1])
            reference = Double(values[0])
        } else {
            var points = [Float](repeating: 0, count: pointCount * count)
            var values = [Float](repeating: 0, count: pointCount)
            var gradients = [Float](repeating: 0, count: pointCount * count)
            for (point, alpha) in _alphas.enumerated() {
                let a = Float(alpha)
                for index in 0..<count {
                    points[point * count + index] = baseline[index] + a * (input[index] - baseline[index])
                }
            }
            points.withUnsafeBufferPointer { pointBuffer in
                values.withUnsafeMutableBufferPointer { valueBuffer in
                    gradients.withUnsafeMutableBufferPointer { gradientBuffer in
                        model.evaluate(pointBuffer, pointCount, valueBuffer, gradientBuffer)
                    }
                }
            }
            for point in 0..<pointCount where _weights[point] != 0 {
                let weight = _weights[point]
                let base = point * count
                for index in 0..<count { attributions[index] += weight * Double(gradients[base + index]) }
            }
            output = Double(values[1])
            reference = Double(values[0])
        }
        var total = 0.0
        for index in 0..<count {
            attributions[index] *= Double(input[index]) - Double(baseline[index])
            total += attributions[index]
        }
        return Result(attributions: attributions, outputValue: output, baselineValue: reference,
                      completenessError: abs(total - (output - reference)), gradientEvaluations: pointCount)
    }

    /// The baseline sequence for a `[timeSteps × featureCount]` input: the population-average day
    /// repeated on every step.
    package static func sequenceBaseline(averageDay: [Float], timeSteps: Int) -> [Float] {
        var baseline: [Float] = []
        baseline.reserveCapacity(averageDay.count * timeSteps)
        for _ in 0..<timeSteps { baseline.append(contentsOf: averageDay) }
        return baseline
    }
}
