import TensorCore

/// Inverted dropout: in training, zeroes each element with probability `rate` and scales the
/// survivors by `1 / (1 - rate)`; at inference it is the identity. The mask comes from a seeded
/// `SeededGenerator`, so a run is reproducible.
public struct Dropout: Sendable {
    /// Probability of dropping an element, in `[0, 1)`.
    public let rate: Float
    private var generator: SeededGenerator
    private var cachedMask: [Float] = []

    /// - Throws: `NeuralNetError.invalidHyperparameter` unless `0 ≤ rate < 1`.
    public init(rate: Float, seed: UInt64) throws {
        guard rate >= 0, rate < 1 else {
            throw NeuralNetError.invalidHyperparameter(name: "dropout rate", value: Double(rate), expected: "0 <= rate < 1")
        }
        self.rate = rate
        generator = SeededGenerator(seed: seed)
    }

    /// Training forward pass: draws and caches a fresh mask.
    public mutating func forward(_ input: Tensor) -> Tensor {
        let keep = 1 - rate, scale = 1 / keep
        cachedMask = (0..<input.count).map { _ in generator.nextUniform() < Double(keep) ? scale : 0 }
        var output = input
        let mask = cachedMask
        output.withUnsafeMutableBufferPointer { values in
            for index in values.indices { values[index] *= mask[index] }
        }
        return output
    }

    /// `dInput = dOutput ⊙ mask` for the mask of the last `forward`.
    /// - Throws: `NeuralNetError.shapeMismatch` if the element count differs.
    public func backward(_ dOutput: Tensor) throws -> Tensor {
        guard dOutput.count == cachedMask.count else {
            throw NeuralNetError.shapeMismatch(operation: "Dropout.backward", expected: [cachedMask.count], found: [dOutput.count])
        }
        var dInput = dOutput
        dInput.withUnsafeMutableBufferPointer { values in
            for index in values.indices { values[index] *= cachedMask[index] }
        }
        return dInput
    }
}
