import TensorCore

/// Mean squared error: `ℓ_n = (1/D) Σ_d (p_{n,d} - t_{n,d})²` for `N` samples of `D` values
/// (the first axis indexes samples). Gradient: `2 (p - t) / D`, scaled by `w_n / Σ w`.
public enum MeanSquaredError {
    /// - Parameters:
    ///   - predictions: `[N, …]`.
    ///   - targets: same shape.
    ///   - weights: optional per-sample weights `[N]` (masks).
    /// - Throws: `NeuralNetError` for mismatched shapes or bad weights.
    public static func loss(predictions: Tensor, targets: Tensor, weights: [Float]? = nil) throws -> LossValue {
        try _elementwiseLoss(predictions: predictions, targets: targets, weights: weights, operation: "MeanSquaredError") { difference in
            (difference * difference, 2 * difference)
        }
    }
}

/// Shared body of the per-element regression losses: `term(p - t)` gives `(ℓ, ∂ℓ/∂p)`.
func _elementwiseLoss(predictions: Tensor, targets: Tensor, weights: [Float]?, operation: String,
                      term: (Float) -> (Float, Float)) throws -> LossValue {
    guard predictions.shape == targets.shape, predictions.rank >= 1 else {
        throw NeuralNetError.shapeMismatch(operation: operation, expected: predictions.shape, found: targets.shape)
    }
    let rows = predictions.shape[0]
    let width = rows == 0 ? 0 : predictions.count / rows
    let weights = try _sampleWeights(weights, count: rows, operation: operation)
    let total = weights.reduce(0, +)
    var gradient = Tensor(zeros: predictions.shape)
    guard total > 0, width > 0 else { return LossValue(value: 0, gradient: gradient, weightTotal: 0) }
    var loss: Double = 0
    gradient.withUnsafeMutableBufferPointer { g in
        predictions.withUnsafeBufferPointer { p in
            targets.withUnsafeBufferPointer { t in
                for row in 0..<rows where weights[row] > 0 {
                    let scale = weights[row] / (total * Float(width))
                    for index in (row * width)..<((row + 1) * width) {
                        let (value, derivative) = term(p[index] - t[index])
                        loss += Double(weights[row]) * Double(value) / Double(width)
                        g[index] = derivative * scale
                    }
                }
            }
        }
    }
    return LossValue(value: Float(loss / Double(total)), gradient: gradient, weightTotal: total)
}
