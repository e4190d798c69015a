import Testing
import TensorCore
import _TestSupport

@Suite struct TensorLAPACKTests {
    /// A random symmetric positive-definite matrix `MᵀM + n·I`.
    static func spdMatrix(order: Int, seed: UInt64) throws -> Tensor {
        var generator = SeededGenerator(seed: seed)
        let m = Tensor(uniform: [order, order], in: -1...1, using: &generator)
        return try m.matmul(m, transposeSelf: true).adding(Tensor(identity: order).multiplying(Float(order)))
    }

    @Test(arguments: [1, 2, 5, 12])
    func choleskySolveMatchesGaussianElimination(order: Int) throws {
        let a = try Self.spdMatrix(order: order, seed: UInt64(order))
        var generator = SeededGenerator(seed: 51)
        let b = Tensor(uniform: [order], in: -1...1, using: &generator)
        let x = try Tensor.choleskySolve(a, b)
        #expect(isClose(x, Tensor.naiveSolve(a, b), absolute: 1e-5, relative: 1e-4))
        #expect(isClose(try a.matvec(x), b, absolute: 1e-5, relative: 1e-4))

        let columns = Tensor(uniform: [order, 3], in: -1...1, using: &generator)
        let solutions = try Tensor.choleskySolve(a, columns)
        #expect(solutions.shape == [order, 3])
        #expect(isClose(solutions, Tensor.naiveSolve(a, columns), absolute: 1e-5, relative: 1e-4))
    }

    @Test func choleskyRejectsIndefiniteMatrix() throws {
        let a = try Tensor(rows: [[1, 2], [2, 1]])
        let error = #expect(throws: TensorError.self) { try Tensor.choleskySolve(a, Tensor([1, 1])) }
        #expect(error == .notPositiveDefinite(order: 2, failingMinor: 2))
        #expect(error?.description.contains("ridge") == true)
        #expect(throws: TensorError.notPositiveDefinite(order: 1, failingMinor: 1)) {
            try Tensor.choleskySolve(Tensor(zeros: [1, 1]), Tensor([1]))
        }
    }

    @Test func choleskyShapeErrors() throws {
        #expect(throws: TensorError.self) { try Tensor.choleskySolve(Tensor(zeros: [2, 3]), Tensor([1, 1])) }
        let error = #expect(throws: TensorError.self) { try Tensor.choleskySolve(Tensor(identity: 2), Tensor([1, 1, 1])) }
        #expect(error == .shapeMismatch(operation: "choleskySolve (right-hand side)", expected: [2], found: [3]))
        #expect(try Tensor.choleskySolve(Tensor(zeros: [0, 0]), Tensor(zeros: [0])).count == 0)
    }
}
