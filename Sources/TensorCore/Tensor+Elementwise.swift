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

    /// Elementwise `self / other` with the row broadcast of `adding(_:)`; division by zero follows IEEE.
    public func dividing(_ other: Tensor) throws -> Tensor { try combined(with: other, "divide", /) }

    /// Logistic sigmoid `1 / (1 + e^-x)`, finite for any finite input (vectorised, see `VectorMath`).
    public func sigmoid() -> Tensor { applying(VectorMath.sigmoid) }
    /// Hyperbolic tangent (`Foundation.tanh` per element, full relative precision near 0).
    public func tanh() -> Tensor { map { Foundation.tanh($0) } }
    /// `max(0, x)`.
    public func relu() -> Tensor { map { max(0, $0) } }
    /// `e^x` (vectorised, see `VectorMath` for its accuracy and clamping).
    public func exp() -> Tensor { applying(VectorMath.exp) }
    /// Natural logarithm; non-positive inputs give `-inf`/NaN as in IEEE arithmetic.
    public func log() -> Tensor { map { Foundation.log($0) } }
    /// `x²` for every element.
    public func squared() -> Tensor { map { $0 * $0 } }
    /// `√x` for every element (NaN for negative inputs).
    public func squareRoot() -> Tensor { map { $0.squareRoot() } }
    /// `|x|` for every element.
    public func magnitude() -> Tensor { map { Swift.abs($0) } }
    /// Every element limited to `range`.
    public func clamped(to range: ClosedRange<Float>) -> Tensor {
        map { Swift.min(Swift.max($0, range.lowerBound), range.upperBound) }
    }

    /// `output = sigmoid(input)` elementwise, written into `output` without allocating when it
    /// is uniquely referenced. Shapes must match (`precondition`).
    public static func sigmoid(_ input: Tensor, into output: inout Tensor) {
        applying(VectorMath.sigmoid, input, into: &output, "sigmoid")
    }

    /// `output = e^input` elementwise, without allocating (see `sigmoid(_:into:)`).
    public static func exp(_ input: Tensor, into output: inout Tensor) {
        applying(VectorMath.exp, input, into: &output, "exp")
    }

    /// A tensor of the same shape with `transform` applied to each element.
    public func map(_ transform: (Float) -> Float) -> Tensor {
        var result = self
        result.storage.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices { buffer[index] = transform(buffer[index]) }
        }
        return result
    }

    /// The result of a pointer kernel `(input, output, count)` applied to a copy of `self`.
    func applying(_ kernel: (UnsafePointer<Float>, UnsafeMutablePointer<Float>, Int) -> Void) -> Tensor {
        let scalars = storage.withUnsafeBufferPointer { source in
            [Float](unsafeUninitializedCapacity: source.count) { destination, initializedCount in
                if source.count > 0 { kernel(source.baseAddress!, destination.baseAddress!, source.count) }
                initializedCount = source.count
            }
        }
        return Tensor(uncheckedShape: shape, scalars: scalars)
    }

    static func applying(
        _ kernel: (UnsafePointer<Float>, UnsafeMutablePointer<Float>, Int) -> Void,
        _ input: Tensor, into output: inout Tensor, _ operation: String
    ) {
        precondition(input.shape == output.shape,
                     "\(operation): shape mismatch, expected \(input.shape) but found \(output.shape)")
        if input.count == 0 { return }
        input.storage.withUnsafeBufferPointer { source in
            output.storage.withUnsafeMutableBufferPointer { destination in
                kernel(source.baseAddress!, destination.baseAddress!, source.count)
            }
        }
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
