import Foundation

extension Tensor {
    /// Softmax along the last axis, computed as `exp(x - max) / Σ exp(x - max)` so that inputs
    /// of any magnitude (e.g. ±1e4) stay finite.
    public func softmax() -> Tensor {
        var result = self
        result.forEachLastAxisRow { row in
            let maximum = row.max() ?? 0
            var total: Float = 0
            for index in row.indices { row[index] = Foundation.exp(row[index] - maximum); total += row[index] }
            for index in row.indices { row[index] /= total }
        }
        return result
    }

    /// Log-softmax along the last axis: `x - max - log Σ exp(x - max)` (stable).
    public func logSoftmax() -> Tensor {
        var result = self
        result.forEachLastAxisRow { row in
            let maximum = row.max() ?? 0
            var total: Float = 0
            for value in row { total += Foundation.exp(value - maximum) }
            let logTotal = Foundation.log(total) + maximum
            for index in row.indices { row[index] -= logTotal }
        }
        return result
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

    /// Calls `body` on each contiguous row of the last axis (the whole tensor if rank ≤ 1).
    mutating func forEachLastAxisRow(_ body: (inout Slice<UnsafeMutableBufferPointer<Float>>) -> Void) {
        let width = shape.last ?? 1
        guard width > 0 else { return }
        storage.withUnsafeMutableBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                var row = buffer[start..<(start + width)]
                body(&row)
                start += width
            }
        }
    }
}
