import Foundation

extension Tensor {
    /// Softmax along the last axis, computed as `exp(x - max) / Σ exp(x - max)` so that inputs
    /// of any magnitude (e.g. ±1e4) stay finite (vectorised, see `VectorMath.softmax`).
    public func softmax() -> Tensor { rowwise(VectorMath.softmax) }

    /// Log-softmax along the last axis: `x - max - log Σ exp(x - max)` (stable, vectorised).
    public func logSoftmax() -> Tensor { rowwise(VectorMath.logSoftmax) }

    /// `output = input.softmax()` written into `output` without allocating when it is uniquely
    /// referenced. Shapes must match (`precondition`).
    public static func softmax(_ input: Tensor, into output: inout Tensor) {
        rowwise(VectorMath.softmax, input, into: &output, "softmax")
    }

    /// `output = input.logSoftmax()` without allocating (see `softmax(_:into:)`).
    public static func logSoftmax(_ input: Tensor, into output: inout Tensor) {
        rowwise(VectorMath.logSoftmax, input, into: &output, "logSoftmax")
    }

    /// The largest element (`-inf` for an empty tensor; NaN if any element is NaN).
    public func maximum() -> Float {
        storage.withUnsafeBufferPointer { buffer in
            buffer.isEmpty ? -.infinity : VectorMath.maximum(buffer.baseAddress!, count: buffer.count)
        }
    }

    /// The smallest element (`+inf` for an empty tensor).
    public func minimum() -> Float {
        storage.reduce(Float.infinity) { Swift.min($0, $1) }
    }

    /// Euclidean norm `√(Σ x²)`, accumulated in `Double`.
    public func norm() -> Float {
        Float(storage.reduce(0.0) { $0 + Double($1) * Double($1) }.squareRoot())
    }

    /// Sum of all elements (accumulated in `Double`).
    public func sum() -> Float {
        Float(storage.reduce(0.0) { $0 + Double($1) })
    }

    /// Mean of all elements (0 for an empty tensor).
    public func mean() -> Float {
        count == 0 ? 0 : sum() / Float(count)
    }

    /// Sum along `axis`, which is removed from the shape.
    /// - Throws: `TensorError.outOfRange` for an invalid axis.
    public func sum(alongAxis axis: Int) throws -> Tensor {
        guard axis >= 0 && axis < rank else { throw TensorError.outOfRange(operation: "sum(alongAxis:)", index: axis, bound: rank) }
        let outer = shape[..<axis].reduce(1, *)
        let extent = shape[axis]
        let inner = shape[(axis + 1)...].reduce(1, *)
        var result = [Float](repeating: 0, count: outer * inner)
        var accumulator = [Double](repeating: 0, count: inner)
        for o in 0..<outer {
            for i in 0..<inner { accumulator[i] = 0 }
            for e in 0..<extent {
                let base = (o * extent + e) * inner
                for i in 0..<inner { accumulator[i] += Double(storage[base + i]) }
            }
            for i in 0..<inner { result[o * inner + i] = Float(accumulator[i]) }
        }
        var newShape = shape
        newShape.remove(at: axis)
        return Tensor(uncheckedShape: newShape, scalars: result)
    }

    /// Mean along `axis`, which is removed from the shape.
    public func mean(alongAxis axis: Int) throws -> Tensor {
        let total = try sum(alongAxis: axis)
        return total.multiplying(1 / Float(max(shape[axis], 1)))
    }

    /// Index of the largest element along the last axis, one per leading index (first on ties).
    public func argmax() -> [Int] {
        guard rank >= 1, let width = shape.last, width > 0 else { return [] }
        return stride(from: 0, to: count, by: width).map { start in
            var best = start
            for index in start..<(start + width) where storage[index] > storage[best] { best = index }
            return best - start
        }
    }

    /// A copy of `self` with a row kernel `(input, output, count)` applied to each row of the
    /// last axis (the whole tensor if rank ≤ 1).
    func rowwise(_ kernel: (UnsafePointer<Float>, UnsafeMutablePointer<Float>, Int) -> Void) -> Tensor {
        let width = shape.last ?? 1
        let scalars = storage.withUnsafeBufferPointer { source in
            [Float](unsafeUninitializedCapacity: source.count) { destination, initializedCount in
                var start = 0
                while start < source.count {
                    kernel(source.baseAddress! + start, destination.baseAddress! + start, width)
                    start += width
                }
                initializedCount = source.count
            }
        }
        return Tensor(uncheckedShape: shape, scalars: scalars)
    }

    static func rowwise(
        _ kernel: (UnsafePointer<Float>, UnsafeMutablePointer<Float>, Int) -> Void,
        _ input: Tensor, into output: inout Tensor, _ operation: String
    ) {
        precondition(input.shape == output.shape,
                     "\(operation): shape mismatch, expected \(input.shape) but found \(output.shape)")
        let width = input.shape.last ?? 1
        guard width > 0, input.count > 0 else { return }
        input.storage.withUnsafeBufferPointer { source in
            output.storage.withUnsafeMutableBufferPointer { destination in
                var start = 0
                while start < source.count {
                    kernel(source.baseAddress! + start, destination.baseAddress! + start, width)
                    start += width
                }
            }
        }
    }
}
