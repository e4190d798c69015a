/// Per-feature contributions to one prediction, in the model's output units.
///
/// The contributions explain `outputValue − baselineValue`: for exact methods (linear models,
/// rule shifts, TreeSHAP) they sum to it; for Integrated Gradients the gap is the quadrature error,
/// reported as `completenessError`.
public struct Attribution: Sendable, Equatable, Codable {
    /// How the contributions were computed.
    public enum Method: String, Sendable, Codable {
        /// `w · (x − baseline)`, exact.
        case linear
        /// Each fired rule's shift, exact.
        case rules
        /// Path-dependent TreeSHAP (Lundberg et al.), exact.
        case treeSHAP = "tree_shap"
        /// Integrated Gradients along the straight path from the baseline (Sundararajan et al. 2017).
        case integratedGradients = "integrated_gradients"
        /// Contributions given by the caller.
        case other
    }

    /// How the contributions were computed.
    public var method: Method
    /// The model's output at the baseline (TreeSHAP's expected value, the rule engine's prior).
    public var baselineValue: Double
    /// The model's output for this row.
    public var outputValue: Double
    /// One entry per feature (or per group after `grouped()`), in model input order.
    public var contributions: [FeatureContribution]
    /// `|Σ contributions − (outputValue − baselineValue)|` for approximate methods; `nil` when exact.
    package var completenessError: Double?

    /// Creates an attribution from contributions computed elsewhere.
    package init(method: Method = .other, baselineValue: Double, outputValue: Double,
                contributions: [FeatureContribution], completenessError: Double? = nil) {
        self.method = method
        self.baselineValue = baselineValue
        self.outputValue = outputValue
        self.contributions = contributions
        self.completenessError = completenessError
    }

    /// `Σ contributions`.
    package var contributionSum: Double { contributions.reduce(0) { $0 + $1.contribution } }

    /// `outputValue − baselineValue`: what the contributions explain.
    package var outputDifference: Double { outputValue - baselineValue }

    /// `|Σ contributions − (outputValue − baselineValue)|`, computed from the stored values.
    package var measuredCompletenessError: Double { abs(contributionSum - outputDifference) }

    /// The completeness error relative to `|outputValue − baselineValue|` (0 when both are 0).
    package var relativeCompletenessError: Double {
        let difference = abs(outputDifference)
        let error = measuredCompletenessError
        return difference > 0 ? error / difference : (error > 0 ? .infinity : 0)
    }

    /// The contribution of the feature with `key`, if present.
    public func contribution(forKey key: String) -> FeatureContribution? {
        contributions.first { $0.key == key }
    }
}
