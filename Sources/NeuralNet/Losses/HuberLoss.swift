import TensorCore

/// Huber loss with threshold `delta`: `½ r²` for `|r| ≤ δ`, `δ (|r| - ½ δ)` beyond, with
/// `r = p - t`, averaged over each sample's `D` values like `MeanSquaredError`.
public enum HuberLoss {
    /// - Parameters:
    ///   - predictions: `[N, …]`.
    ///   - targets: same shape.
    ///   - delta: the threshold between the quadratic and linear parts (> 0).
    ///   - weights: optional per-sample weights `[N]` (masks).
    /// - Throws: `NeuralNetError` for mismatched shapes, a non-positive `delta` or bad weights.
    public static func loss(predictions: Tensor, targets: Tensor, delta: Float = 1, weights: [Float]? = nil) throws -> LossValue {
        guard delta > 0 else {
            throw NeuralNetError.invalidHyperparameter(name: "Huber delta", value: Double(delta), expected: "> 0")
        }
        return try _elementwiseLoss(predictions: predictions, targets: targets, weights: weights, operation: "HuberLoss") { r in
            abs(r) <= delta ? (0.5 * r * r, r) : (delta * (abs(r) - 0.5 * delta), r > 0 ? delta : -delta)
        }
    }
}
