/// A dense, row-major, contiguous tensor of `Float` values.
///
/// Storage is a Swift `Array`, so copies are cheap and copy-on-write: a tensor is duplicated only
/// when one of two holders mutates it. The element at index `(i0, i1, …, iN)` lives at offset
/// `i0 * strides[0] + i1 * strides[1] + … + iN`, where `strides[k]` is the product of
/// `shape[(k+1)...]` (the last stride is 1). A rank-0 tensor (shape `[]`) holds one scalar.
public struct Tensor: Sendable, Equatable {
    /// The extent of each axis, outermost first.
    public private(set) var shape: [Int]
    /// The elements in row-major order; `scalars.count == shape.reduce(1, *)`.
    public var scalars: [Float] {
        get { storage }
        set {
            precondition(newValue.count == storage.count,
                         "scalars: shape \(shape) needs \(storage.count) elements, got \(newValue.count)")
            storage = newValue
        }
    }

    @usableFromInline var storage: [Float]

    /// Creates a tensor from `scalars` laid out row-major in `shape`.
    /// - Throws: `TensorError.elementCountMismatch` if the counts disagree.
    public init(shape: [Int], scalars: [Float]) throws {
        let count = Tensor.elementCount(of: shape)
        guard count == scalars.count else {
            throw TensorError.elementCountMismatch(shape: shape, expected: count, found: scalars.count)
        }
        self.shape = shape
        self.storage = scalars
    }

    /// Creates a tensor for internal and hot-path use: a mismatched element count traps
    /// (`precondition`) instead of throwing.
    public init(uncheckedShape shape: [Int], scalars: [Float]) {
        precondition(Tensor.elementCount(of: shape) == scalars.count,
                     "Tensor: shape \(shape) needs \(Tensor.elementCount(of: shape)) elements, got \(scalars.count)")
        self.shape = shape
        self.storage = scalars
    }

    /// A tensor of `shape` with every element equal to `value`.
    public init(filled value: Float, shape: [Int]) {
        self.init(uncheckedShape: shape, scalars: [Float](repeating: value, count: Tensor.elementCount(of: shape)))
    }

    /// A tensor of zeros with `shape`.
    public init(zeros shape: [Int]) { self.init(filled: 0, shape: shape) }

    /// A tensor of ones with `shape`.
    public init(ones shape: [Int]) { self.init(filled: 1, shape: shape) }

    /// The `[order, order]` identity matrix.
    public init(identity order: Int) {
        self.init(zeros: [order, order])
        for index in 0..<order { storage[index * order + index] = 1 }
    }

    /// A rank-1 tensor holding `scalars`.
    public init(_ scalars: [Float]) { self.init(uncheckedShape: [scalars.count], scalars: scalars) }

    /// A rank-2 tensor from nested rows; every row must have the same length.
    public init(rows: [[Float]]) throws {
        let columnCount = rows.first?.count ?? 0
        for row in rows where row.count != columnCount {
            throw TensorError.shapeMismatch(operation: "Tensor(rows:)", expected: [columnCount], found: [row.count])
        }
        self.init(uncheckedShape: [rows.count, columnCount], scalars: rows.flatMap { $0 })
    }

    /// Number of axes.
    @inlinable public var rank: Int { shape.count }
    /// Total number of elements.
    @inlinable public var count: Int { storage.count }
    /// Row-major strides in elements (see the type's documentation).
    public var strides: [Int] {
        var result = [Int](repeating: 1, count: shape.count)
        var running = 1
        for axis in stride(from: shape.count - 1, through: 0, by: -1) {
            result[axis] = running
            running *= shape[axis]
        }
        return result
    }

    /// The element at a multi-dimensional index (checked).
    public subscript(_ index: Int...) -> Float {
        get { storage[offset(of: index)] }
        set { storage[offset(of: index)] = newValue }
    }

    /// Flat offset of a multi-dimensional index; traps with both shapes on misuse.
    public func offset(of index: [Int]) -> Int {
        precondition(index.count == shape.count, "index \(index) does not match shape \(shape)")
        var offset = 0
        for (axis, value) in index.enumerated() {
            precondition(value >= 0 && value < shape[axis], "index \(index) is out of range for shape \(shape)")
            offset = offset * shape[axis] + value
        }
        return offset
    }

    /// The same elements viewed with a new shape of equal element count.
    /// - Throws: `TensorError.elementCountMismatch` if the counts differ.
    public func reshaped(to newShape: [Int]) throws -> Tensor {
        let newCount = Tensor.elementCount(of: newShape)
        guard newCount == count else {
            throw TensorError.elementCountMismatch(shape: newShape, expected: newCount, found: count)
        }
        return Tensor(uncheckedShape: newShape, scalars: storage)
    }

    /// Calls `body` with a read-only pointer to the contiguous elements.
    @inlinable public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Float>) throws -> R) rethrows -> R {
        try storage.withUnsafeBufferPointer(body)
    }

    /// Calls `body` with a mutable pointer to the contiguous elements (no copy if uniquely held).
    @inlinable public mutating func withUnsafeMutableBufferPointer<R>(_ body: (inout UnsafeMutableBufferPointer<Float>) throws -> R) rethrows -> R {
        try storage.withUnsafeMutableBufferPointer(body)
    }

    /// Product of the extents in `shape` (1 for a scalar shape).
    @inlinable public static func elementCount(of shape: [Int]) -> Int {
        shape.reduce(1, *)
    }
}

extension Tensor: CustomStringConvertible {
    public var description: String {
        let preview = storage.prefix(8).map { String($0) }.joined(separator: ", ")
        return "Tensor(shape: \(shape), [\(preview)\(count > 8 ? ", …" : "")])"
    }
}
