import Foundation

extension Tensor {
    /// Elementwise `self + other`. `other` may have the same shape, or be a row of shape
    /// `[lastAxis]` broadcast over every leading index.
    /// - Throws: `TensorError.shapeMismatch` naming both shapes.
    public func adding(_ other: Tensor) throws -> Tensor { try combined(with: other, "add", +) }
    /// Elementwise `self - other` with the row broadcast of `adding(_:)`.
    public func subtracting(_ other: Tensor) throws -> Tensor { try combined(with: other, "subtract", -) }
    /// Elementwise `self * other` (Hadamard product) with the row broadcast of `adding(_:)`.
    public func multiplying(_ other: Tensor) throws -> Tensor { try combined(with: other, "multiply", *) }

    /// Adds `scalar` to every element.
    public func adding(_ scalar: Float) -> Tensor { map { $0 + scalar } }
    /// Multiplies every element by `scalar`.
    public func multiplying(_ scalar: Float) -> Tensor { map { $0 * scalar } }

    /// Logistic sigmoid `1 / (1 + e^-x)`, evaluated without overflow for large `|x|`.
    public func sigmoid() -> Tensor { map(Tensor.sigmoid) }
    /// Hyperbolic tangent.
    public func tanh() -> Tensor { map { Foundation.tanh($0) } }
    /// `max(0, x)`.
    public func relu() -> Tensor { map { max(0, $0) } }
    /// `e^x`.
    public func exp() -> Tensor { map { Foundation.exp($0) } }
    /// Natural logarithm; non-positive inputs give `-inf`/NaN as in IEEE arithmetic.
    public func log() -> Tensor { map { Foundation.log($0) } }

    /// A tensor of the same shape with `transform` applied to each element.
    public func map(_ transform: (Float) -> Float) -> Tensor {
        var result = self
        result.storage.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices { buffer[index] = transform(buffer[index]) }
        }
        return result
    }

    /// Stable logistic sigmoid of one value.
    @inlinable public static func sigmoid(_ x: Float) -> Float {
        if x >= 0 { return 1 / (1 + Foundation.exp(-x)) }
        let e = Foundation.exp(x)
        return e / (1 + e)
    }

    private func combined(with other: Tensor, _ operation: String, _ combine: (Float, Float) -> Float) throws -> Tensor {
        if other.shape == shape {
            var result = self
            result.storage.withUnsafeMutableBufferPointer { out in
                other.storage.withUnsafeBufferPointer { rhs in
                    for index in out.indices { out[index] = combine(out[index], rhs[index]) }
                }
            }
            return result
        }
        guard rank >= 1, other.rank == 1, other.count == shape[rank - 1] else {
            throw TensorError.shapeMismatch(operation: operation, expected: shape, found: other.shape)
        }
        let width = other.count
        var result = self
        result.storage.withUnsafeMutableBufferPointer { out in
            other.storage.withUnsafeBufferPointer { row in
                for index in out.indices { out[index] = combine(out[index], row[index % width]) }
            }
        }
        return result
    }
}
