import Testing
import TensorCore
import _TestSupport

/// `Tensor+BLAS.swift` against the naive references in `_TestSupport`.
@Suite struct TensorBLASTests {
    /// `(m, k, n)` triples: 1×1, vectors on either side, non-square and odd sizes.
    static let shapes: [(Int, Int, Int)] = [(1, 1, 1), (1, 5, 3), (7, 1, 4), (3, 4, 5), (16, 9, 1), (2, 33, 17)]

    static func random(_ shape: [Int], seed: UInt64) -> Tensor {
        var generator = SeededGenerator(seed: seed)
        return Tensor(uniform: shape, in: -1...1, using: &generator)
    }

    /// Stores `[M, K]` (or its transpose when `transposed`) so that `op(stored)` is `[M, K]`.
    static func operand(rows: Int, columns: Int, transposed: Bool, seed: UInt64) -> Tensor {
        random(transposed ? [columns, rows] : [rows, columns], seed: seed)
    }

    @Test(arguments: shapes, [(false, false), (true, false), (false, true), (true, true)])
    func matmulMatchesNaiveReference(shape: (Int, Int, Int), transposes: (Bool, Bool)) throws {
        let (m, k, n) = shape
        let a = Self.operand(rows: m, columns: k, transposed: transposes.0, seed: 1)
        let b = Self.operand(rows: k, columns: n, transposed: transposes.1, seed: 2)
        let product = try a.matmul(b, transposeSelf: transposes.0, transposeOther: transposes.1)
        let expected = Tensor.naiveMatmul(a, b, transposeA: transposes.0, transposeB: transposes.1)
        #expect(product.shape == [m, n])
        #expect(isClose(product, expected), "max relative difference \(maximumRelativeDifference(product.scalars, expected.scalars))")
    }

    @Test func matmulMatchesNaiveReferenceOnRandomShapes() throws {
        var generator = SeededGenerator(seed: 99)
        for trial in 0..<20 {
            let m = 1 + generator.nextInt(below: 24), k = 1 + generator.nextInt(below: 24), n = 1 + generator.nextInt(below: 24)
            let transposeA = generator.nextBernoulli(0.5), transposeB = generator.nextBernoulli(0.5)
            let a = Self.operand(rows: m, columns: k, transposed: transposeA, seed: UInt64(2 * trial))
            let b = Self.operand(rows: k, columns: n, transposed: transposeB, seed: UInt64(2 * trial + 1))
            let product = try a.matmul(b, transposeSelf: transposeA, transposeOther: transposeB)
            let expected = Tensor.naiveMatmul(a, b, transposeA: transposeA, transposeB: transposeB)
            #expect(isClose(product, expected), "trial \(trial): [\(m), \(k)] · [\(k), \(n)], transposes \(transposeA) \(transposeB)")
        }
    }

    @Test(arguments: shapes)
    func matmulIntoAccumulatesWithAlphaAndBeta(shape: (Int, Int, Int)) {
        let (m, k, n) = shape
        let a = Self.random([k, m], seed: 3)  // used transposed
        let b = Self.random([k, n], seed: 4)
        let initial = Self.random([m, n], seed: 5)
        var c = initial
        Tensor.matmul(a, b, into: &c, transposeA: true, alpha: 0.5, beta: 1)
        let expected = Tensor.naiveMatmul(a, b, transposeA: true, alpha: 0.5, beta: 1, accumulatingInto: initial)
        #expect(isClose(c, expected))

        var scaled = initial
        Tensor.matmul(a, b, into: &scaled, transposeA: true, alpha: -2, beta: 0.25)
        #expect(isClose(scaled, Tensor.naiveMatmul(a, b, transposeA: true, alpha: -2, beta: 0.25, accumulatingInto: initial)))
    }

    @Test(arguments: [(1, 1), (1, 6), (5, 1), (4, 7), (31, 3)], [false, true])
    func matvecMatchesNaiveReference(size: (Int, Int), transposed: Bool) throws {
        let matrix = Self.random([size.0, size.1], seed: 6)
        let x = Self.random([transposed ? size.0 : size.1], seed: 7)
        let product = try matrix.matvec(x, transposeSelf: transposed)
        let expected = Tensor.naiveMatvec(matrix, x, transposeMatrix: transposed)
        #expect(product.shape == [transposed ? size.1 : size.0])
        #expect(isClose(product, expected))

        let initial = Self.random(product.shape, seed: 8)
        var y = initial
        Tensor.matvec(matrix, x, into: &y, transposeMatrix: transposed, alpha: 1.5, beta: -0.5)
        #expect(isClose(y, Tensor.naiveMatvec(matrix, x, transposeMatrix: transposed, alpha: 1.5, beta: -0.5, accumulatingInto: initial)))
    }

    @Test func axpyDotScaleAndOuterProductMatchNaiveReferences() throws {
        let x = Self.random([3, 5], seed: 9), y = Self.random([3, 5], seed: 10)
        var sum = y
        sum.axpy(alpha: -0.75, x)
        #expect(isClose(sum, Tensor.naiveAxpy(alpha: -0.75, x, y)))

        #expect(abs(try x.dot(y) - Tensor.naiveDot(x, y)) < 1e-5)

        var scaled = x
        scaled.scale(by: 3)
        #expect(isClose(scaled, x.multiplying(3)))

        let u = Self.random([4], seed: 11), v = Self.random([6], seed: 12)
        let base = Self.random([4, 6], seed: 13)
        var outer = base
        outer.addOuterProduct(u, v, alpha: 2)
        #expect(isClose(outer, Tensor.naiveOuterProduct(u, v, alpha: 2, addedTo: base)))
    }

    @Test func emptyOperandsGiveEmptyOrZeroResults() throws {
        let a = Tensor(zeros: [3, 0]), b = Tensor(zeros: [0, 2])
        #expect(try a.matmul(b) == Tensor(zeros: [3, 2]))
        #expect(try Tensor(zeros: [0]).dot(Tensor(zeros: [0])) == 0)

        var c = Tensor(filled: 4, shape: [3, 2])
        Tensor.matmul(a, b, into: &c, beta: 0.5)  // empty inner dimension: c = beta · c
        #expect(c == Tensor(filled: 2, shape: [3, 2]))
        var y = Tensor(filled: .nan, shape: [3])
        Tensor.matvec(a, Tensor(zeros: [0]), into: &y)  // beta = 0 overwrites, even NaN
        #expect(y == Tensor(zeros: [3]))
    }

    @Test func matmulShapeMismatchNamesBothShapes() throws {
        let a = Tensor(zeros: [2, 3]), b = Tensor(zeros: [4, 2])
        let error = #expect(throws: TensorError.self) { try a.matmul(b) }
        #expect(error == .shapeMismatch(operation: "matmul (inner dimensions)", expected: [2, 3], found: [4, 2]))
        #expect(error?.description.contains("[2, 3]") == true && error?.description.contains("[4, 2]") == true)

        #expect(throws: TensorError.self) { try Tensor(zeros: [3]).matmul(b) }
    }

    @Test func matvecAndDotShapeMismatchesThrow() {
        let matrix = Tensor(zeros: [2, 3])
        let error = #expect(throws: TensorError.self) { try matrix.matvec(Tensor(zeros: [2])) }
        #expect(error?.description.contains("[2, 3]") == true && error?.description.contains("[2]") == true)
        #expect(throws: TensorError.self) { try Tensor(zeros: [3]).dot(Tensor(zeros: [4])) }
    }

    // MARK: - `into:` variants write in place

    /// What this proves: the output's storage is written where it already lives (same base
    /// address, no copy-on-write) when the caller holds the only reference. It does not count
    /// `malloc` calls; `odml-bench tensor` measures allocations per call with a counting `malloc`.
    @Test func intoVariantsWriteIntoExistingStorage() {
        let a = Self.random([8, 5], seed: 14), b = Self.random([5, 6], seed: 15)
        var c = Tensor(zeros: [8, 6])
        let matmulAddress = c.withUnsafeBufferPointer { $0.baseAddress }
        for _ in 0..<3 { Tensor.matmul(a, b, into: &c, beta: 1) }
        #expect(c.withUnsafeBufferPointer { $0.baseAddress } == matmulAddress)

        let x = Self.random([5], seed: 16)
        var y = Tensor(zeros: [8])
        let matvecAddress = y.withUnsafeBufferPointer { $0.baseAddress }
        Tensor.matvec(a, x, into: &y)
        #expect(y.withUnsafeBufferPointer { $0.baseAddress } == matvecAddress)

        let axpyAddress = c.withUnsafeBufferPointer { $0.baseAddress }
        c.axpy(alpha: 2, Tensor(ones: [8, 6]))
        c.scale(by: 0.5)
        #expect(c.withUnsafeBufferPointer { $0.baseAddress } == axpyAddress)

        var activations = Tensor(zeros: [8, 6])
        let activationAddress = activations.withUnsafeBufferPointer { $0.baseAddress }
        Tensor.sigmoid(c, into: &activations)
        Tensor.softmax(c, into: &activations)
        #expect(activations.withUnsafeBufferPointer { $0.baseAddress } == activationAddress)
    }

    /// The control for the test above: with a second holder, writing must copy (value semantics),
    /// so the address check is able to fail.
    @Test func intoVariantsCopyWhenStorageIsShared() {
        let a = Self.random([3, 3], seed: 17)
        var c = Tensor(ones: [3, 3])
        let shared = c
        Tensor.matmul(a, a, into: &c)
        #expect(c.withUnsafeBufferPointer { $0.baseAddress } != shared.withUnsafeBufferPointer { $0.baseAddress })
        #expect(shared == Tensor(ones: [3, 3]))
    }
}
