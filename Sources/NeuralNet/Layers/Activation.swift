import Foundation
import TensorCore

/// An elementwise activation with its backward pass. It caches its output (every supported
/// function's derivative is a function of the output).
public struct Activation: Sendable {
    /// The supported functions.
    public enum Kind: String, Sendable, CaseIterable {
        /// `max(0, x)`; derivative 1 where the output is positive.
        case relu
        /// `tanh(x)`; derivative `1 - y²`.
        case tanh
        /// `1 / (1 + e^-x)`; derivative `y (1 - y)`.
        case sigmoid
    }

    /// Which function this is.
    public let kind: Kind
    private var cachedOutput: Tensor?

    /// An activation of `kind`.
    public init(_ kind: Kind) { self.kind = kind }

    /// Inference: the function applied to every element.
    public func callAsFunction(_ input: Tensor) -> Tensor {
        switch kind {
        case .relu: return input.relu()
        case .tanh: return input.tanh()
        case .sigmoid: return input.sigmoid()
        }
    }

    /// Training forward pass; caches the output.
    public mutating func forward(_ input: Tensor) -> Tensor {
        let output = self(input)
        cachedOutput = output
        return output
    }

    /// `dInput = dOutput ⊙ f'(x)`, with `f'` expressed through the cached output.
    /// - Throws: `NeuralNetError.shapeMismatch` if `dOutput` does not match the last forward.
    public func backward(_ dOutput: Tensor) throws -> Tensor {
        guard let output = cachedOutput, output.shape == dOutput.shape else {
            throw NeuralNetError.shapeMismatch(operation: "Activation.backward", expected: cachedOutput?.shape ?? [], found: dOutput.shape)
        }
        var dInput = dOutput
        let kind = self.kind
        dInput.withUnsafeMutableBufferPointer { dx in
            output.withUnsafeBufferPointer { y in
                for index in dx.indices {
                    let value = y[index]
                    switch kind {
                    case .relu: dx[index] = value > 0 ? dx[index] : 0
                    case .tanh: dx[index] *= 1 - value * value
                    case .sigmoid: dx[index] *= value * (1 - value)
                    }
                }
            }
        }
        return dInput
    }
}
