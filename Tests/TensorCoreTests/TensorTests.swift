import Testing
import TensorCore
import _TestSupport

@Suite struct TensorTests {
    @Test func matmulMatchesHandComputedProduct() throws {
        let a = try Tensor(rows: [[1, 2, 3], [4, 5, 6]])
        let b = try Tensor(rows: [[1, 0], [0, 1], [1, 1]])
        let c = try a.matmul(b)
        #expect(c.shape == [2, 2])
        #expect(c.scalars == [4, 5, 10, 11])
    }

    @Test func choleskyRejectsIndefiniteMatrix() throws {
        let a = try Tensor(rows: [[1, 2], [2, 1]])
        #expect(throws: TensorError.self) { try Tensor.choleskySolve(a, Tensor([1, 1])) }
    }

    @Test func seededGeneratorIsDeterministic() {
        var a = SeededGenerator(seed: 42), b = SeededGenerator(seed: 42)
        #expect((0..<100).map { _ in a.next() } == (0..<100).map { _ in b.next() })
    }
}
