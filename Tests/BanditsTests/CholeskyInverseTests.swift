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
}
