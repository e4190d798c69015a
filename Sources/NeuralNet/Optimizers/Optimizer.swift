import TensorCore

/// A first-order optimizer that updates a model's parameters from its accumulated gradients.
/// Per-parameter state is kept under the parameters' stable keys.
public protocol Optimizer {
    /// The step size used by the next `update`; schedules set it before each step.
    var learningRate: Float { get set }
    /// Applies one step to every parameter of `model` from its current gradients.
    mutating func update(_ model: inout some Layer)
}
