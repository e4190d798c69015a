import Foundation
import TensorCore

/// Softmax cross-entropy on logits: `ℓ_n = logsumexp(z_n) - z_{n, y_n}`, computed with the
/// max-shift so that logits of any magnitude stay finite. Gradient: `softmax(z_n) - onehot(y_n)`,
/// scaled by `w_n / Σ w`.
public enum SoftmaxCrossEntropy {
    /// - Parameters:
    ///   - logits: `[N, C]`.
    ///   - targets: `N` class indices in `0..<C` (ignored where the weight is 0).
    ///   - weights: optional per-sample weights `[N]` (masks).
    /// - Throws: `NeuralNetError` for shape mismatches, out-of-range classes or bad weights.
    public static func loss(logits: Tensor, targets: [Int], weights: [Float]? = nil) throws -> LossValue {
        guard logits.rank == 2, targets.count == logits.shape[0] else {
            throw NeuralNetError.shapeMismatch(operation: "SoftmaxCrossEntropy", expected: [targets.count, -1], found: logits.shape)
        }
        let rows = logits.shape[0], classes = logits.shape[1]
        let weights = try _sampleWeights(weights, count: rows, operation: "SoftmaxCrossEntropy")
        for (row, target) in targets.enumerated() where weights[row] > 0 && !(0..<classes).contains(target) {
            throw NeuralNetError.indexOutOfRange(operation: "SoftmaxCrossEntropy target", index: target, bound: classes)
        }
        let total = weights.reduce(0, +)
        var gradient = Tensor(zeros: logits.shape)
        guard total > 0 else { return LossValue(value: 0, gradient: gradient, weightTotal: 0) }
        var loss: Double = 0
        gradient.withUnsafeMutableBufferPointer { g in
            logits.withUnsafeBufferPointer { z in
                for row in 0..<rows where weights[row] > 0 {
                    let base = row * classes
                    let (maximum, sum) = Softmax.normalize(z.baseAddress! + base, into: g.baseAddress! + base, count: classes)
                    let logSum = Foundation.log(sum) + maximum
                    loss += Double(weights[row]) * Double(logSum - z[base + targets[row]])
                    let scale = weights[row] / total
                    for column in 0..<classes { g[base + column] *= scale }
                    g[base + targets[row]] -= scale
                }
            }
        }
        return LossValue(value: Float(loss / Double(total)), gradient: gradient, weightTotal: total)
    }
}
