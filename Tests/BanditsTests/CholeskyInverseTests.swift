import Testing
import TensorCore
import _TestSupport
@testable import Bandits

@Suite struct CholeskyInverseTests {
    /// A random symmetric positive-definite matrix `λI + Σ x xᵀ`, row-major.
    func randomPositiveDefinite(order k: Int, seed: UInt64) -> [Float] {
        var generator = SeededGenerator(seed: seed)
        var matrix = [Float](repeating: 0, count: k * k)
        for i in 0..<k { matrix[i * k + i] = 0.5 }
        for _ in 0..<(2 * k) {
            let x = (0..<k).map { _ in Float(generator.nextNormal()) }
            for i in 0..<k { for j in 0..<k { matrix[i * k + j] += x[i] * x[j] } }
        }
        return matrix
    }

    /// The plain-loop inverse equals LAPACK's (`Tensor.choleskySolve(A, I)`), and `A · A⁻¹ = I`.
    @Test(arguments: [1, 3, 19, 40])
    func matchesLAPACKCholeskySolve(order k: Int) throws {
        let matrix = randomPositiveDefinite(order: k, seed: UInt64(k))
        var identity = [Float](repeating: 0, count: k * k)
        for i in 0..<k { identity[i * k + i] = 1 }
        let reference = try Tensor.choleskySolve(Tensor(uncheckedShape: [k, k], scalars: matrix),
                                                 Tensor(uncheckedShape: [k, k], scalars: identity)).scalars
        var workspace = _CholeskyInverse(order: k)
        var inverse = [Float](repeating: .nan, count: k * k)
        let inverted = matrix.withUnsafeBufferPointer { a in
            inverse.withUnsafeMutableBufferPointer { workspace.invert(a.baseAddress!, into: $0.baseAddress!) }
        }
        #expect(inverted)
        #expect(isClose(inverse, reference, absolute: 1e-5, relative: 1e-3))
        var product = [Float](repeating: 0, count: k * k)
        for i in 0..<k { for j in 0..<k { for p in 0..<k { product[i * k + j] += matrix[i * k + p] * inverse[p * k + j] } } }
        #expect(isClose(product, identity, absolute: 1e-3, relative: 1e-3))
    }

    /// The textbook row-oriented algorithm (dot-product Cholesky, `W = L⁻¹` by forward
    /// substitution, `A⁻¹ = WᵀW`), in double precision: the oracle of the vectorized kernel.
    func textbookInverse(_ a: [Float], order k: Int) -> [Float] {
        var l = [Double](repeating: 0, count: k * k)
        for i in 0..<k {
            for j in 0..<i {
                var sum = Double(a[i * k + j])
                for p in 0..<j { sum -= l[i * k + p] * l[j * k + p] }
                l[i * k + j] = sum / l[j * k + j]
            }
            var diagonal = Double(a[i * k + i])
            for p in 0..<i { diagonal -= l[i * k + p] * l[i * k + p] }
            l[i * k + i] = diagonal.squareRoot()
        }
        var w = [Double](repeating: 0, count: k * k)
        for i in 0..<k {
            var row = [Double](repeating: 0, count: k)
            row[i] = 1
            for p in 0..<i { for j in 0...p { row[j] -= l[i * k + p] * w[p * k + j] } }
            let pivot = 1 / l[i * k + i]
            for j in 0...i { w[i * k + j] = row[j] * pivot }
        }
        var inverse = [Double](repeating: 0, count: k * k)
        for p in 0..<k { for i in 0...p { for j in 0...i { inverse[i * k + j] += w[p * k + i] * w[p * k + j] } } }
        for i in 0..<k { for j in 0..<i { inverse[j * k + i] = inverse[i * k + j] } }
        return inverse.map { Float($0) }
    }

    /// The column-oriented, vectorizable factorisation gives the textbook result bit for bit
    /// (the same products subtracted in the same order, the same divisions).
    @Test(arguments: [1, 2, 19, 40])
    func equalsTheTextbookAlgorithmBitForBit(order k: Int) {
        let matrix = randomPositiveDefinite(order: k, seed: 100 + UInt64(k))
        var workspace = _CholeskyInverse(order: k)
        var inverse = [Float](repeating: .nan, count: k * k)
        let inverted = matrix.withUnsafeBufferPointer { a in
            inverse.withUnsafeMutableBufferPointer { workspace.invert(a.baseAddress!, into: $0.baseAddress!) }
        }
        #expect(inverted)
        #expect(inverse == textbookInverse(matrix, order: k))
    }

    /// `invertFactor` gives `W = L⁻¹` (lower triangular) with `WᵀW = A⁻¹`, and `solve` gives
    /// `A⁻¹v` (the same as `multiply` after a full inversion).
    @Test(arguments: [1, 5, 19])
    func inverseFactorAndSolveAgreeWithTheInverse(order k: Int) {
        let matrix = randomPositiveDefinite(order: k, seed: 200 + UInt64(k))
        var generator = SeededGenerator(seed: 7)
        let vector = (0..<k).map { _ in Float(generator.nextNormal()) }
        var workspace = _CholeskyInverse(order: k)
        var inverse = [Float](repeating: .nan, count: k * k), viaInverse = [Float](repeating: .nan, count: k)
        let inverted = matrix.withUnsafeBufferPointer { a in
            inverse.withUnsafeMutableBufferPointer { workspace.invert(a.baseAddress!, into: $0.baseAddress!) }
        }
        vector.withUnsafeBufferPointer { v in viaInverse.withUnsafeMutableBufferPointer { workspace.multiply(v.baseAddress!, into: $0.baseAddress!) } }
        var factor = [Float](repeating: .nan, count: k * k), viaFactor = [Float](repeating: .nan, count: k)
        let factored = matrix.withUnsafeBufferPointer { a in
            factor.withUnsafeMutableBufferPointer { workspace.invertFactor(a.baseAddress!, into: $0.baseAddress!) }
        }
        #expect(inverted && factored)
        vector.withUnsafeBufferPointer { v in viaFactor.withUnsafeMutableBufferPointer { workspace.solve(v.baseAddress!, into: $0.baseAddress!) } }
        var product = [Float](repeating: 0, count: k * k)
        for i in 0..<k {
            for j in 0..<k {
                if j > i { #expect(factor[i * k + j] == 0) }
                for p in 0..<k { product[i * k + j] += factor[p * k + i] * factor[p * k + j] }
            }
        }
        #expect(isClose(product, inverse, absolute: 1e-5, relative: 1e-4))
        #expect(isClose(viaFactor, viaInverse, absolute: 1e-5, relative: 1e-4))
    }

    /// Only the lower triangle is read, and a matrix that is not positive definite is refused.
    @Test func readsTheLowerTriangleAndRefusesIndefiniteMatrices() {
        var workspace = _CholeskyInverse(order: 2)
        var inverse: [Float] = [7, 7, 7, 7]
        let lowerOnly: [Float] = [2, .nan, 1, 2]   // [[2, 1], [1, 2]]⁻¹ = [[2, −1], [−1, 2]] / 3
        let inverted = lowerOnly.withUnsafeBufferPointer { a in
            inverse.withUnsafeMutableBufferPointer { workspace.invert(a.baseAddress!, into: $0.baseAddress!) }
        }
        #expect(inverted)
        let third: Float = 1.0 / 3
        let expected: [Float] = [2 * third, -third, -third, 2 * third]
        #expect(isClose(inverse, expected, absolute: 1e-6))
        let indefinite: [Float] = [1, 0, 2, 1]   // [[1, 2], [2, 1]] has eigenvalue −1
        var untouched: [Float] = [7, 7, 7, 7]
        let refused = indefinite.withUnsafeBufferPointer { a in
            untouched.withUnsafeMutableBufferPointer { workspace.invert(a.baseAddress!, into: $0.baseAddress!) }
        }
        #expect(!refused)
        #expect(untouched == [7, 7, 7, 7])
    }

    /// The semidefinite factor, row by row in the dot-product form: `(A + Aᵀ)/2` read, pivots that
    /// fall to ≤ 0 clamped to 0 with the rest of their column. Returns `L`, row-major.
    func textbookSemidefiniteFactor(_ a: [Float], order n: Int) -> [Double] {
        var factor = [Double](repeating: 0, count: n * n)
        for i in 0..<n {
            for j in 0...i {
                var sum = 0.5 * (Double(a[i * n + j]) + Double(a[j * n + i]))
                for p in 0..<j { sum -= factor[i * n + p] * factor[j * n + p] }
                if i == j {
                    factor[i * n + i] = sum > 0 ? sum.squareRoot() : 0
                } else {
                    let pivot = factor[j * n + j]
                    factor[i * n + j] = pivot > 0 ? sum / pivot : 0
                }
            }
        }
        return factor
    }

    /// The Thompson sampler's factor (`Lᵀ` from the column kernel) is the textbook `L` transposed,
    /// bit for bit, for positive-definite, slightly asymmetric and singular matrices.
    @Test(arguments: [1, 4, 19])
    func semidefiniteFactorEqualsTheTextbookFactorBitForBit(order k: Int) {
        var matrix = randomPositiveDefinite(order: k, seed: 300 + UInt64(k))
        if k > 1 { matrix[1] = matrix[1].nextUp }                      // A[0][1] ≠ A[1][0] by one unit
        var singular = [Float](repeating: 0, count: k * k)            // v vᵀ: rank one
        let v = (0..<k).map { Float($0 % 3) - 1 }
        for i in 0..<k { for j in 0..<k { singular[i * k + j] = v[i] * v[j] } }
        for a in [matrix, singular] {
            let transposed = _CholeskyInverse.semidefiniteFactor(a, order: k)
            let reference = textbookSemidefiniteFactor(a, order: k)
            for i in 0..<k { for j in 0..<k { #expect(transposed[j * k + i] == reference[i * k + j]) } }
        }
        #expect(_CholeskyInverse.semidefiniteFactor([], order: 0).isEmpty)
    }

    /// `inverse(of:order:)` is `invert` on fresh storage, and refuses an indefinite matrix.
    @Test func inverseOfAMatrixEqualsInvert() {
        let matrix = randomPositiveDefinite(order: 3, seed: 400)
        var workspace = _CholeskyInverse(order: 3)
        var expected = [Float](repeating: .nan, count: 9)
        _ = matrix.withUnsafeBufferPointer { a in
            expected.withUnsafeMutableBufferPointer { workspace.invert(a.baseAddress!, into: $0.baseAddress!) }
        }
        #expect(_CholeskyInverse.inverse(of: matrix, order: 3) == expected)
        #expect(_CholeskyInverse.inverse(of: [1, 2, 2, 1], order: 2) == nil)
        #expect(_CholeskyInverse.inverse(of: [], order: 0) == [])
    }
}
