import TensorCore

/// A loss and its gradient w.r.t. the predictions it was computed from.
///
/// Every loss here is a weighted mean: `Σ_n w_n ℓ_n / Σ_n w_n` over samples `n`, where the
/// per-sample weight `w_n ≥ 0` doubles as a mask (`0` drops the sample). With no positive
/// weight the loss and gradient are zero.
public struct LossValue: Sendable {
    /// The loss.
    public var value: Float
    /// `∂value/∂predictions`, same shape as the predictions.
    public var gradient: Tensor
    /// `Σ_n w_n`, the effective number of samples.
    public var weightTotal: Float
}

/// Validates optional per-sample weights and returns them (all ones when `nil`).
func _sampleWeights(_ weights: [Float]?, count: Int, operation: String) throws -> [Float] {
    guard let weights else { return [Float](repeating: 1, count: count) }
    guard weights.count == count else {
        throw NeuralNetError.shapeMismatch(operation: "\(operation) (weights)", expected: [count], found: [weights.count])
    }
    for (index, weight) in weights.enumerated() where !(weight >= 0) || !weight.isFinite {
        throw NeuralNetError.invalidHyperparameter(name: "\(operation) weight[\(index)]", value: Double(weight), expected: "a finite value >= 0")
    }
    return weights
}
