extension Tensor {
    /// The matrix transpose of a rank-2 tensor, materialised (`[M, N]` → `[N, M]`).
    public func transposed() -> Tensor {
        precondition(rank == 2, "transposed(): expected a matrix, found shape \(shape)")
        let rows = shape[0], columns = shape[1]
        var result = [Float](repeating: 0, count: count)
        for r in 0..<rows {
            for c in 0..<columns { result[c * rows + r] = storage[r * columns + c] }
        }
        return Tensor(uncheckedShape: [columns, rows], scalars: result)
    }

    /// Rows `range` of the first axis, as a new tensor.
    /// - Throws: `TensorError.outOfRange` if the range leaves the tensor.
    public func rows(_ range: Range<Int>) throws -> Tensor {
        guard rank >= 1 else { throw TensorError.outOfRange(operation: "rows", index: 0, bound: 0) }
        guard range.lowerBound >= 0 else {
            throw TensorError.outOfRange(operation: "rows", index: range.lowerBound, bound: shape[0])
        }
        guard range.upperBound <= shape[0] else {
            throw TensorError.outOfRange(operation: "rows", index: range.upperBound - 1, bound: shape[0])
        }
        let width = count / max(shape[0], 1)
        var newShape = shape
        newShape[0] = range.count
        return Tensor(uncheckedShape: newShape, scalars: Array(storage[(range.lowerBound * width)..<(range.upperBound * width)]))
    }

    /// Column `index` of a rank-2 tensor, as a rank-1 tensor of `shape[0]` elements.
    /// - Throws: `TensorError.shapeMismatch` if `self` is not a matrix,
    ///   `TensorError.outOfRange` for an invalid column.
    public func column(_ index: Int) throws -> Tensor {
        guard rank == 2 else {
            throw TensorError.shapeMismatch(operation: "column (expects a matrix)", expected: [-1, -1], found: shape)
        }
        guard index >= 0 && index < shape[1] else {
            throw TensorError.outOfRange(operation: "column", index: index, bound: shape[1])
        }
        let columns = shape[1]
        return Tensor((0..<shape[0]).map { storage[$0 * columns + index] })
    }

    /// Row `index` of the first axis, with that axis removed.
    public func row(_ index: Int) throws -> Tensor {
        let slice = try rows(index..<(index + 1))
        return Tensor(uncheckedShape: Array(shape.dropFirst()), scalars: slice.storage)
    }

    /// Concatenates tensors along `axis`; every other extent must agree.
    /// - Throws: `TensorError.shapeMismatch` naming the first disagreeing shapes.
    public static func concatenating(_ tensors: [Tensor], alongAxis axis: Int = 0) throws -> Tensor {
        guard let first = tensors.first else { return Tensor(zeros: [0]) }
        guard axis >= 0 && axis < first.rank else {
            throw TensorError.outOfRange(operation: "concatenating", index: axis, bound: first.rank)
        }
        for tensor in tensors {
            var expected = first.shape, found = tensor.shape
            guard expected.count == found.count else {
                throw TensorError.shapeMismatch(operation: "concatenating", expected: first.shape, found: tensor.shape)
            }
            expected[axis] = 0; found[axis] = 0
            guard expected == found else {
                throw TensorError.shapeMismatch(operation: "concatenating", expected: first.shape, found: tensor.shape)
            }
        }
        let outer = first.shape[..<axis].reduce(1, *)
        let inner = first.shape[(axis + 1)...].reduce(1, *)
        var result: [Float] = []
        result.reserveCapacity(tensors.reduce(0) { $0 + $1.count })
        for o in 0..<outer {
            for tensor in tensors {
                let block = tensor.shape[axis] * inner
                result.append(contentsOf: tensor.storage[(o * block)..<((o + 1) * block)])
            }
        }
        var shape = first.shape
        shape[axis] = tensors.reduce(0) { $0 + $1.shape[axis] }
        return Tensor(uncheckedShape: shape, scalars: result)
    }
}
