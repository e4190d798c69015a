import Foundation
import Testing
import TensorCore
import _TestSupport

@Suite struct TensorElementwiseTests {
    static let matrix = try! Tensor(rows: [[1, -2, 3], [-4, 5, 0.5]])

    @Test func binaryOperationsWithSameShape() throws {
        let other = try Tensor(rows: [[2, 2, 2], [1, -1, 4]])
        #expect(try Self.matrix.adding(other).scalars == [3, 0, 5, -3, 4, 4.5])
        #expect(try Self.matrix.subtracting(other).scalars == [-1, -4, 1, -5, 6, -3.5])
        #expect(try Self.matrix.multiplying(other).scalars == [2, -4, 6, -4, -5, 2])
        #expect(try Self.matrix.dividing(other).scalars == [0.5, -1, 1.5, -4, -5, 0.125])
    }

    @Test func rowBroadcastAppliesToEveryLeadingIndex() throws {
        let row = Tensor([10, 20, 30])
        #expect(try Self.matrix.adding(row).scalars == [11, 18, 33, 6, 25, 30.5])
        #expect(try Self.matrix.multiplying(row).scalars == [10, -40, 90, -40, 100, 15])
    }

    @Test func broadcastMismatchNamesBothShapes() {
        let error = #expect(throws: TensorError.self) { try Self.matrix.adding(Tensor([1, 2])) }
        #expect(error == .shapeMismatch(operation: "add", expected: [2, 3], found: [2]))
        #expect(throws: TensorError.self) { try Self.matrix.subtracting(Tensor(zeros: [3, 2])) }
    }

    @Test func scalarAndUnaryOperations() {
        #expect(Self.matrix.adding(1).scalars == [2, -1, 4, -3, 6, 1.5])
        #expect(Self.matrix.multiplying(-2).scalars == [-2, 4, -6, 8, -10, -1])
        #expect(Self.matrix.relu().scalars == [1, 0, 3, 0, 5, 0.5])
        #expect(Self.matrix.squared().scalars == [1, 4, 9, 16, 25, 0.25])
        #expect(Self.matrix.magnitude().scalars == [1, 2, 3, 4, 5, 0.5])
        #expect(Self.matrix.clamped(to: -1...2).scalars == [1, -1, 2, -1, 2, 0.5])
        #expect(Tensor([4, 9, 0.25]).squareRoot().scalars == [2, 3, 0.5])
        #expect(isClose(Self.matrix.tanh().scalars, Self.matrix.scalars.map { Float(Foundation.tanh(Double($0))) }))
        #expect(isClose(Tensor([1, 10]).log().scalars, [0, Float(Foundation.log(10.0))]))
        #expect(Self.matrix.map { $0 * 10 }.shape == [2, 3])
    }

    @Test func sigmoidAndExpMatchReferencesAndStayFiniteAtExtremes() {
        var generator = SeededGenerator(seed: 21)
        let x = Tensor(uniform: [5, 13], in: -20...20, using: &generator)
        #expect(isClose(x.sigmoid(), Tensor.naiveSigmoid(x), absolute: 1e-7, relative: 1e-6))
        #expect(isClose(x.exp(), Tensor.naiveExp(x), absolute: 0, relative: 1e-6))

        let extremes = Tensor([-1e4, -100, 0, 100, 1e4])
        let sigmoid = extremes.sigmoid()
        #expect(sigmoid.scalars.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 })
        // e^-|x| is clamped to about 2^-126 (VectorMath): sigmoid(-1e4) is 1.2e-38, not 0.
        #expect(sigmoid.scalars[0] <= 2 * Float.leastNormalMagnitude && sigmoid.scalars[2] == 0.5 && sigmoid.scalars[4] == 1)
        #expect(Tensor.sigmoid(-1e4) == 0 && Tensor.sigmoid(1e4) == 1)
    }

    @Test func intoVariantsMatchAllocatingOnes() {
        var generator = SeededGenerator(seed: 22)
        let x = Tensor(uniform: [4, 9], in: -5...5, using: &generator)
        var output = Tensor(zeros: [4, 9])
        Tensor.sigmoid(x, into: &output)
        #expect(output == x.sigmoid())
        Tensor.exp(x, into: &output)
        #expect(output == x.exp())
    }
}
