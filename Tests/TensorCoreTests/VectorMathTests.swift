import Foundation
import Testing
import TensorCore
import _TestSupport

/// The SIMD kernels against `Double` references, including block tails and extreme inputs.
@Suite struct VectorMathTests {
    /// Inputs over the whole unclamped range, with a count that leaves a tail after the 8-wide blocks.
    static let wideInputs: [Float] = (0..<2_003).map { -87 + 175 * Float($0) / 2_002 }

    @Test func expIsWithinThreeTenthsOfAMillionthRelative() {
        var output = [Float](repeating: 0, count: Self.wideInputs.count)
        VectorMath.exp(Self.wideInputs, into: &output, count: Self.wideInputs.count)
        for (x, value) in zip(Self.wideInputs, output) {
            let exact = Foundation.exp(Double(x))
            #expect(abs(Double(value) - exact) / exact < 3e-7, "exp(\(x)) = \(value), expected \(exact)")
        }
    }

    @Test func expClampsInsteadOfOverflowingAndPropagatesNaN() {
        let inputs: [Float] = [-1e4, -100, 100, 1e4, .nan, 0, 1, -1, 0.5]
        var output = [Float](repeating: 0, count: inputs.count)
        VectorMath.exp(inputs, into: &output, count: inputs.count)
        #expect(output[0] > 0 && output[0] < 1e-37 && output[1] == output[0])
        #expect(output[2].isFinite && output[2] > 1e38 && output[3] == output[2])
        #expect(output[4].isNaN)
        #expect(output[5] == 1)
        #expect(abs(output[6] - Float(M_E)) < 1e-6 && abs(output[7] - Float(1 / M_E)) < 1e-7)
    }

    @Test(arguments: [1, 7, 8, 9, 16, 37])
    func kernelsHandleEveryTailLength(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count))
        let input = Tensor(uniform: [count], in: -6...6, using: &generator)
        #expect(isClose(input.sigmoid(), Tensor.naiveSigmoid(input), absolute: 1e-7, relative: 1e-6))
        #expect(isClose(input.exp(), Tensor.naiveExp(input), absolute: 0, relative: 1e-6))
        #expect(isClose(input.softmax(), Tensor.naiveSoftmax(input), absolute: 1e-7, relative: 1e-5))
        #expect(isClose(input.logSoftmax(), Tensor.naiveLogSoftmax(input), absolute: 1e-5, relative: 1e-5))

        var tanh = [Float](repeating: 0, count: count)
        input.withUnsafeBufferPointer { VectorMath.tanh($0.baseAddress!, into: &tanh, count: count) }
        #expect(isClose(tanh, input.scalars.map { Float(Foundation.tanh(Double($0))) }, absolute: 2e-7, relative: 0))

        #expect(input.withUnsafeBufferPointer { VectorMath.maximum($0.baseAddress!, count: count) } == input.scalars.max())
    }

    @Test func kernelsWorkInPlace() {
        var values: [Float] = (0..<21).map { Float($0) / 4 - 2 }
        let expected = Tensor.naiveSigmoid(Tensor(values)).scalars
        values.withUnsafeMutableBufferPointer { buffer in
            VectorMath.sigmoid(buffer.baseAddress!, into: buffer.baseAddress!, count: buffer.count)
        }
        #expect(isClose(values, expected, absolute: 1e-7, relative: 1e-6))
    }

    @Test func maximumReportsNaNAndEmptyInput() {
        let withNaN: [Float] = [1, 2, 3, 4, 5, .nan, 6, 7, 8, 9]
        #expect(VectorMath.maximum(withNaN, count: withNaN.count).isNaN)
        let tailNaN: [Float] = [1, 2, 3, 4, 5, 6, 7, 8, .nan]
        #expect(VectorMath.maximum(tailNaN, count: tailNaN.count).isNaN)
        #expect(VectorMath.maximum([], count: 0) == -.infinity)
    }
}
