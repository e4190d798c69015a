import Foundation
import TensorCore

/// Binary cross-entropy on logits: `ℓ = max(z, 0) - z·y + log(1 + e^{-|z|})`, finite for any
/// `z`. Gradient: `σ(z) - y`, scaled by `w_n / Σ w`. Targets may be soft labels in `[0, 1]`.
public enum BinaryCrossEntropy {
    /// - Parameters:
    ///   - logits: any shape with `N` elements (one logit per sample).
    ///   - targets: `N` labels in `[0, 1]`.
    ///   - weights: optional per-sample weights `[N]` (masks).
    /// - Throws: `NeuralNetError` for mismatched counts or bad weights.
    public static func loss(logits: Tensor, targets: [Float], weights: [Float]? = nil) throws -> LossValue {
        guard targets.count == logits.count else {
            throw NeuralNetError.shapeMismatch(operation: "BinaryCrossEntropy", expected: [targets.count], found: logits.shape)
        }
        let weights = try _sampleWeights(weights, count: targets.count, operation: "BinaryCrossEntropy")
        let total = weights.reduce(0, +)
        var gradient = Tensor(zeros: logits.shape)
        guard total > 0 else { return LossValue(value: 0, gradient: gradient, weightTotal: 0) }
        var loss: Double = 0
        gradient.withUnsafeMutableBufferPointer { g in
            logits.withUnsafeBufferPointer { z in
                for index in 0..<targets.count where weights[index] > 0 {
                    let x = z[index], y = targets[index]
                    let term = max(x, 0) - x * y + Foundation.log1p(Foundation.exp(-abs(x)))
                    loss += Double(weights[index]) * Double(term)
                    g[index] = (_LSTMKernels.sigmoid(x) - y) * weights[index] / total
                }
            }
        }
        return LossValue(value: Float(loss / Double(total)), gradient: gradient, weightTotal: total)
    }
}
