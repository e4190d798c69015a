import Testing
import TensorCore
import _TestSupport

@Suite struct TensorReductionsTests {
    static func random(_ shape: [Int], seed: UInt64, range: ClosedRange<Float> = -3...3) -> Tensor {
        var generator = SeededGenerator(seed: seed)
        return Tensor(uniform: shape, in: range, using: &generator)
    }

    @Test(arguments: [[1], [1, 1], [7], [3, 5], [2, 3, 17]])
    func softmaxAndLogSoftmaxMatchReferences(shape: [Int]) {
        let x = Self.random(shape, seed: 31)
        let softmax = x.softmax()
        #expect(isClose(softmax, Tensor.naiveSoftmax(x), absolute: 1e-7, relative: 1e-5))
        #expect(isClose(x.logSoftmax(), Tensor.naiveLogSoftmax(x), absolute: 1e-5, relative: 1e-5))
        let width = shape.last!
        for start in stride(from: 0, to: x.count, by: width) {
            let total = softmax.scalars[start..<(start + width)].reduce(0, +)
            #expect(abs(total - 1) < 1e-5)
        }
    }

    @Test func softmaxIsStableOnHugeInputs() throws {
        let x = try Tensor(rows: [[1e4, -1e4, 0, 1e4], [-1e4, -1e4 + 1, -1e4, -1e4]])
        let softmax = x.softmax()
        #expect(softmax.scalars.allSatisfy { $0.isFinite })
        #expect(isClose(softmax, Tensor.naiveSoftmax(x), absolute: 1e-7, relative: 1e-5))
        #expect(abs(softmax[0, 0] - 0.5) < 1e-6 && abs(softmax[0, 3] - 0.5) < 1e-6)

        let logSoftmax = x.logSoftmax()
        #expect(logSoftmax.scalars.allSatisfy { $0.isFinite })
        #expect(isClose(logSoftmax, Tensor.naiveLogSoftmax(x), absolute: 1e-3, relative: 1e-6))
        #expect(abs(logSoftmax[0, 1] - (-2e4 - Float(0.693_147_2))) < 2)  // ≈ -20000.69 in Float
    }

    @Test func softmaxIntoMatchesAllocatingVersion() {
        let x = Self.random([3, 10], seed: 32)
        var output = Tensor(zeros: [3, 10])
        Tensor.softmax(x, into: &output)
        #expect(output == x.softmax())
        Tensor.logSoftmax(x, into: &output)
        #expect(output == x.logSoftmax())
    }

    @Test func sumsAndMeans() throws {
        let x = try Tensor(rows: [[1, 2, 3], [4, 5, 6]])
        #expect(x.sum() == 21 && x.mean() == 3.5)
        #expect(try x.sum(alongAxis: 0).scalars == [5, 7, 9])
        #expect(try x.sum(alongAxis: 1).scalars == [6, 15])
        #expect(try x.mean(alongAxis: 1).scalars == [2, 5])
        #expect(Tensor(zeros: [0]).mean() == 0)

        let cube = Self.random([3, 4, 5], seed: 33)
        for axis in 0..<3 {
            #expect(isClose(try cube.sum(alongAxis: axis), Tensor.naiveSum(cube, alongAxis: axis)))
        }
        #expect(throws: TensorError.outOfRange(operation: "sum(alongAxis:)", index: 3, bound: 3)) {
            try cube.sum(alongAxis: 3)
        }
    }

    @Test func extremesNormAndArgmax() throws {
        let x = try Tensor(rows: [[1, 7, 7], [-2, -9, -3]])
        #expect(x.maximum() == 7 && x.minimum() == -9)
        #expect(x.argmax() == [1, 0])  // first index on ties
        #expect(Tensor([3, 4]).norm() == 5)
        #expect(Tensor(zeros: [0]).maximum() == -.infinity)
        #expect(Tensor([1, .nan]).maximum().isNaN)
    }
}
