import TensorCore

/// Stochastic gradient descent with (heavy-ball) momentum and L2 weight decay, PyTorch style:
/// `g ← ∇ + λ θ;  v ← μ v + g;  θ ← θ - η v`.
public struct SGD: Optimizer, Sendable {
    public var learningRate: Float
    /// Momentum `μ` in `[0, 1)`.
    public var momentum: Float
    /// L2 penalty `λ` added to the gradient.
    public var weightDecay: Float
    private var velocities: [String: Tensor] = [:]

    /// - Throws: `NeuralNetError.invalidHyperparameter` for a negative rate or momentum outside `[0, 1)`.
    public init(learningRate: Float, momentum: Float = 0, weightDecay: Float = 0) throws {
        guard learningRate >= 0 else { throw NeuralNetError.invalidHyperparameter(name: "learning rate", value: Double(learningRate), expected: ">= 0") }
        guard momentum >= 0, momentum < 1 else { throw NeuralNetError.invalidHyperparameter(name: "momentum", value: Double(momentum), expected: "0 <= momentum < 1") }
        self.learningRate = learningRate
        self.momentum = momentum
        self.weightDecay = weightDecay
    }

    public mutating func update(_ model: inout some Layer) {
        model.visitParameters(prefix: "") { key, value, gradient in
            var velocity = velocities.removeValue(forKey: key) ?? Tensor(zeros: value.shape)
            let momentum = self.momentum, weightDecay = self.weightDecay, learningRate = self.learningRate
            velocity.withUnsafeMutableBufferPointer { v in
                value.withUnsafeMutableBufferPointer { theta in
                    gradient.withUnsafeBufferPointer { g in
                        for index in theta.indices {
                            let step = g[index] + weightDecay * theta[index]
                            v[index] = momentum * v[index] + step
                            theta[index] -= learningRate * v[index]
                        }
                    }
                }
            }
            velocities[key] = velocity
        }
    }
}
