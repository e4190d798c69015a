import TensorCore

/// A lookup table mapping category indices to learned vectors (`nn.Embedding`).
///
/// Parameter key: `weight` `[categoryCount, dimension]`.
public struct Embedding: Layer, Sendable {
    /// The table, shape `[categoryCount, dimension]`.
    public var weight: Tensor
    /// Gradient accumulator for `weight`.
    public var dWeight: Tensor
    private var cachedIndices: [Int] = []

    /// Number of categories.
    public var categoryCount: Int { weight.shape[0] }
    /// Length of each vector.
    public var dimension: Int { weight.shape[1] }

    /// A table initialised from `N(0, 1)` like PyTorch.
    public init(categoryCount: Int, dimension: Int, using generator: inout some RandomNumberGenerator) {
        weight = Tensor(normal: [categoryCount, dimension], using: &generator)
        dWeight = Tensor(zeros: [categoryCount, dimension])
    }

    public mutating func visitParameters(prefix: String, _ body: (String, inout Tensor, inout Tensor) throws -> Void) rethrows {
        try body(parameterKey(prefix, "weight"), &weight, &dWeight)
    }

    /// Inference: the rows for `indices`, shape `[indices.count, dimension]`.
    /// - Throws: `NeuralNetError.indexOutOfRange` for an index outside the table.
    public func callAsFunction(_ indices: [Int]) throws -> Tensor {
        let dimension = self.dimension, categoryCount = self.categoryCount
        var output = Tensor(zeros: [indices.count, dimension])
        for index in indices where !(0..<categoryCount).contains(index) {
            throw NeuralNetError.indexOutOfRange(operation: "Embedding", index: index, bound: categoryCount)
        }
        output.withUnsafeMutableBufferPointer { out in
            weight.withUnsafeBufferPointer { table in
                for (row, index) in indices.enumerated() {
                    (out.baseAddress! + row * dimension).update(from: table.baseAddress! + index * dimension, count: dimension)
                }
            }
        }
        return output
    }

    /// Training forward pass: like `callAsFunction`, and caches `indices` for `backward`.
    public mutating func forward(_ indices: [Int]) throws -> Tensor {
        let output = try self(indices)
        cachedIndices = indices
        return output
    }

    /// Backward pass: adds row `r` of `dOutput` (`[N, dimension]`) to the gradient row of index `r`.
    /// - Throws: `NeuralNetError.shapeMismatch` if `dOutput` does not match the last forward.
    public mutating func backward(_ dOutput: Tensor) throws {
        let dimension = self.dimension
        guard dOutput.shape == [cachedIndices.count, dimension] else {
            throw NeuralNetError.shapeMismatch(operation: "Embedding.backward", expected: [cachedIndices.count, dimension], found: dOutput.shape)
        }
        let indices = cachedIndices
        dWeight.withUnsafeMutableBufferPointer { dw in
            dOutput.withUnsafeBufferPointer { dy in
                for (row, index) in indices.enumerated() {
                    BLAS.saxpy(count: dimension, alpha: 1, x: dy.baseAddress! + row * dimension, y: dw.baseAddress! + index * dimension)
                }
            }
        }
    }
}
