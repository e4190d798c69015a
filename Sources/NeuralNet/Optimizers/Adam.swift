import Foundation
import TensorCore

/// Adam (Kingma & Ba, 2015) with bias correction, and AdamW's decoupled weight decay
/// (Loshchilov & Hutter, 2019) when `decoupledWeightDecay` is `true`:
/// ```
/// m ← β₁ m + (1-β₁) g;   v ← β₂ v + (1-β₂) g²
/// θ ← θ - η (m̂ / (√v̂ + ε) + λ θ)        (AdamW; Adam adds λ θ to g instead)
/// ```
public struct Adam: Optimizer, Sendable {
    public var learningRate: Float
    /// `β₁`.
    public var beta1: Float
    /// `β₂`.
    public var beta2: Float
    /// `ε`.
    public var epsilon: Float
    /// `λ`.
    public var weightDecay: Float
    /// `true` for AdamW (decay applied to the weights), `false` for L2 in the gradient.
    public var decoupledWeightDecay: Bool
    /// Number of `update` calls so far.
    public private(set) var stepCount = 0
    private var moments: [String: (first: Tensor, second: Tensor)] = [:]

    /// - Throws: `NeuralNetError.invalidHyperparameter` for rates or betas out of range.
    public init(learningRate: Float = 1e-3, beta1: Float = 0.9, beta2: Float = 0.999, epsilon: Float = 1e-8,
                weightDecay: Float = 0, decoupledWeightDecay: Bool = true) throws {
        guard learningRate >= 0 else { throw NeuralNetError.invalidHyperparameter(name: "learning rate", value: Double(learningRate), expected: ">= 0") }
        for (name, beta) in [("beta1", beta1), ("beta2", beta2)] where !(beta >= 0 && beta < 1) {
            throw NeuralNetError.invalidHyperparameter(name: name, value: Double(beta), expected: "0 <= beta < 1")
        }
        self.learningRate = learningRate
        self.beta1 = beta1
        self.beta2 = beta2
        self.epsilon = epsilon
        self.weightDecay = weightDecay
        self.decoupledWeightDecay = decoupledWeightDecay
    }

    public mutating func update(_ model: inout some Layer) {
        stepCount += 1
        let beta1 = self.beta1, beta2 = self.beta2, epsilon = self.epsilon, learningRate = self.learningRate
        let weightDecay = self.weightDecay, decoupled = decoupledWeightDecay
        let correction1 = 1 - Float(Foundation.pow(Double(beta1), Double(stepCount)))
        let correction2 = 1 - Float(Foundation.pow(Double(beta2), Double(stepCount)))
        model.visitParameters(prefix: "") { key, value, gradient in
            var state = moments.removeValue(forKey: key) ?? (Tensor(zeros: value.shape), Tensor(zeros: value.shape))
            state.first.withUnsafeMutableBufferPointer { m in
                state.second.withUnsafeMutableBufferPointer { v in
                    value.withUnsafeMutableBufferPointer { theta in
                        gradient.withUnsafeBufferPointer { g in
                            for index in theta.indices {
                                var grad = g[index]
                                if !decoupled { grad += weightDecay * theta[index] }
                                m[index] = beta1 * m[index] + (1 - beta1) * grad
                                v[index] = beta2 * v[index] + (1 - beta2) * grad * grad
                                let mHat = m[index] / correction1, vHat = v[index] / correction2
                                var step = mHat / (vHat.squareRoot() + epsilon)
                                if decoupled { step += weightDecay * theta[index] }
                                theta[index] -= learningRate * step
                            }
                        }
                    }
                }
            }
            moments[key] = state
        }
    }
}
