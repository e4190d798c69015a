import TensorCore

/// A model part with trainable parameters, each under a stable string key.
///
/// Keys (`"weight"`, `"lstm.0.weight_ih"`, `"head.period.bias"`) are shared by optimizers, model
/// files and exporters, so they never change once published. Composite models visit their parts
/// with a prefix: `lstm.visitParameters(prefix: "lstm", body)` yields `"lstm.0.weight_ih"`.
public protocol Layer {
    /// Calls `body` once per trainable parameter, in a fixed order, with its full key, its value
    /// and its gradient accumulator (same shape as the value).
    mutating func visitParameters(prefix: String, _ body: (String, inout Tensor, inout Tensor) throws -> Void) rethrows
}

extension Layer {
    /// The parameters as ordered `(key, value)` pairs.
    public var parameters: [(key: String, value: Tensor)] {
        var copy = self
        var result: [(key: String, value: Tensor)] = []
        copy.visitParameters(prefix: "") { key, value, _ in result.append((key, value)) }
        return result
    }

    /// The gradient accumulators as ordered `(key, gradient)` pairs, matching `parameters`.
    public var gradients: [(key: String, value: Tensor)] {
        var copy = self
        var result: [(key: String, value: Tensor)] = []
        copy.visitParameters(prefix: "") { key, _, gradient in result.append((key, gradient)) }
        return result
    }

    /// Total number of trainable scalars.
    public var parameterCount: Int {
        parameters.reduce(0) { $0 + $1.value.count }
    }

    /// Sets every gradient accumulator to zero (call before each backward pass).
    public mutating func zeroGradients() {
        visitParameters(prefix: "") { _, _, gradient in
            gradient.withUnsafeMutableBufferPointer { buffer in
                buffer.update(repeating: 0)
            }
        }
    }

    /// Replaces the parameter stored under `key`.
    /// - Throws: `NeuralNetError.missingParameter` for an unknown key,
    ///   `NeuralNetError.parameterShapeMismatch` when the shape differs.
    public mutating func setParameter(_ key: String, to newValue: Tensor) throws {
        var found = false
        try visitParameters(prefix: "") { candidate, value, _ in
            guard candidate == key else { return }
            guard newValue.shape == value.shape else {
                throw NeuralNetError.parameterShapeMismatch(key: key, expected: value.shape, found: newValue.shape)
            }
            value = newValue
            found = true
        }
        if !found { throw NeuralNetError.missingParameter(key: key) }
    }

    /// Replaces every parameter by `lookup(key)`.
    /// - Throws: `NeuralNetError.missingParameter` when `lookup` returns `nil`,
    ///   `NeuralNetError.parameterShapeMismatch` when a shape differs.
    public mutating func loadParameters(_ lookup: (String) throws -> Tensor?) throws {
        try visitParameters(prefix: "") { key, value, _ in
            guard let stored = try lookup(key) else { throw NeuralNetError.missingParameter(key: key) }
            guard stored.shape == value.shape else {
                throw NeuralNetError.parameterShapeMismatch(key: key, expected: value.shape, found: stored.shape)
            }
            value = stored
        }
    }
}

/// Joins a prefix and a name with a dot (`"lstm" + "0"` → `"lstm.0"`; an empty prefix adds nothing).
@inlinable
public func parameterKey(_ prefix: String, _ name: String) -> String {
    prefix.isEmpty ? name : prefix + "." + name
}
