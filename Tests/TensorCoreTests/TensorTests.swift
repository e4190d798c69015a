import Testing
import TensorCore
import _TestSupport

/// Construction, indexing, shapes and their errors (`Tensor.swift`, `Tensor+Shape.swift`).
@Suite struct TensorTests {
    @Test func matmulMatchesHandComputedProduct() throws {
        let a = try Tensor(rows: [[1, 2, 3], [4, 5, 6]])
        let b = try Tensor(rows: [[1, 0], [0, 1], [1, 1]])
        let c = try a.matmul(b)
        #expect(c.shape == [2, 2])
        #expect(c.scalars == [4, 5, 10, 11])
    }

    @Test func initializers() throws {
        #expect(Tensor(zeros: [2, 3]).scalars == [Float](repeating: 0, count: 6))
        #expect(Tensor(ones: [4]).scalars == [1, 1, 1, 1])
        #expect(Tensor(filled: 2.5, shape: [1, 2]).scalars == [2.5, 2.5])
        #expect(Tensor(identity: 3).scalars == [1, 0, 0, 0, 1, 0, 0, 0, 1])
        #expect(Tensor([1, 2]).shape == [2])
        #expect(try Tensor(shape: [], scalars: [7]).rank == 0)
        #expect(throws: TensorError.elementCountMismatch(shape: [2, 2], expected: 4, found: 3)) {
            try Tensor(shape: [2, 2], scalars: [1, 2, 3])
        }
        let ragged = #expect(throws: TensorError.self) { try Tensor(rows: [[1, 2], [3]]) }
        #expect(ragged == .shapeMismatch(operation: "Tensor(rows:)", expected: [2], found: [1]))
    }

    @Test func stridesSubscriptAndOffsets() throws {
        var x = try Tensor(shape: [2, 3, 4], scalars: (0..<24).map(Float.init))
        #expect(x.strides == [12, 4, 1])
        #expect(x[1, 2, 3] == 23 && x[0, 1, 0] == 4)
        #expect(x.offset(of: [1, 0, 2]) == 14)
        x[0, 0, 1] = -1
        #expect(x.scalars[1] == -1)
    }

    @Test func valueSemantics() {
        let original = Tensor(ones: [3])
        var copy = original
        copy[0] = 5
        #expect(original.scalars == [1, 1, 1] && copy.scalars == [5, 1, 1])
    }

    @Test func reshapeKeepsOrderAndRejectsWrongCounts() throws {
        let x = try Tensor(shape: [2, 3], scalars: [1, 2, 3, 4, 5, 6])
        let reshaped = try x.reshaped(to: [3, 1, 2])
        #expect(reshaped.shape == [3, 1, 2] && reshaped.scalars == x.scalars)
        let error = #expect(throws: TensorError.self) { try x.reshaped(to: [4, 2]) }
        #expect(error == .elementCountMismatch(shape: [4, 2], expected: 8, found: 6))
        #expect(error?.description == "shape [4, 2] needs 8 elements but 6 were given")
    }

    @Test(arguments: [(1, 1), (1, 5), (4, 1), (3, 7)])
    func transposedMatchesReference(size: (Int, Int)) {
        var generator = SeededGenerator(seed: 41)
        let x = Tensor(uniform: [size.0, size.1], in: -1...1, using: &generator)
        #expect(x.transposed() == Tensor.naiveTransposed(x))
        #expect(x.transposed().transposed() == x)
    }

    @Test func rowsRowAndColumn() throws {
        let x = try Tensor(rows: [[1, 2], [3, 4], [5, 6]])
        #expect(try x.rows(1..<3) == Tensor(rows: [[3, 4], [5, 6]]))
        #expect(try x.rows(0..<0).shape == [0, 2])
        #expect(try x.row(2).scalars == [5, 6] && x.row(2).shape == [2])
        #expect(try x.column(1).scalars == [2, 4, 6])
        #expect(throws: TensorError.outOfRange(operation: "rows", index: 3, bound: 3)) { try x.rows(1..<4) }
        #expect(throws: TensorError.outOfRange(operation: "rows", index: -1, bound: 3)) { try x.row(-1) }
        #expect(throws: TensorError.outOfRange(operation: "column", index: 2, bound: 2)) { try x.column(2) }
        #expect(throws: TensorError.self) { try Tensor([1, 2]).column(0) }
    }

    @Test func concatenationAlongEachAxis() throws {
        let a = try Tensor(rows: [[1, 2], [3, 4]])
        let b = try Tensor(rows: [[5, 6]])
        #expect(try Tensor.concatenating([a, b]) == Tensor(rows: [[1, 2], [3, 4], [5, 6]]))
        let c = try Tensor(rows: [[7], [8]])
        #expect(try Tensor.concatenating([a, c], alongAxis: 1) == Tensor(rows: [[1, 2, 7], [3, 4, 8]]))
        #expect(try Tensor.concatenating([Tensor([1]), Tensor([2, 3])]).scalars == [1, 2, 3])
        #expect(try Tensor.concatenating([]).count == 0)
    }

    @Test func concatenationErrorsNameBothShapes() throws {
        let a = Tensor(zeros: [2, 2])
        let error = #expect(throws: TensorError.self) { try Tensor.concatenating([a, Tensor(zeros: [2, 3])]) }
        #expect(error == .shapeMismatch(operation: "concatenating", expected: [2, 2], found: [2, 3]))
        #expect(error?.description == "concatenating: shape mismatch, expected [2, 2] but found [2, 3]")
        #expect(throws: TensorError.self) { try Tensor.concatenating([a, Tensor(zeros: [4])]) }
        #expect(throws: TensorError.outOfRange(operation: "concatenating", index: 2, bound: 2)) {
            try Tensor.concatenating([a, a], alongAxis: 2)
        }
    }

    @Test func descriptionPreviewsElements() {
        #expect(Tensor([1, 2]).description == "Tensor(shape: [2], [1.0, 2.0])")
        #expect(Tensor(zeros: [9]).description.hasSuffix(", …])"))
    }
}
