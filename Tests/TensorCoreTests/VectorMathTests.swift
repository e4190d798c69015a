import Foundation
import Testing
import TensorCore
import _TestSupport

/// The vector kernels against `Double` references, including block tails and extreme inputs, and
/// every instantiation this CPU runs (AVX-512, AVX2, NEON) against the portable C one, bit for bit.
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

    /// Every 2^-8 over [-120, 120] in a count that leaves a partial block in every width, and
    /// special values.
    static let grid: [Float] = stride(from: -120.0, through: 120.0, by: 1.0 / 256).map { Float($0) }
        + [0, -0, 1e-30, -1e-30, .leastNonzeroMagnitude, 0.625, -0.625, 87.33654, -87.33654, 88.37, -88.37,
           .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity]

    @Test(arguments: VectorMath.Function.allCases)
    func everyInstructionSetEqualsThePortableKernelBitForBit(function: VectorMath.Function) throws {
        // Softmax sums every value it is given: rows of several lengths (tails of every width), not the grid.
        let inputs: [[Float]] = function == .softmax || function == .logSoftmax
            ? [1, 3, 15, 16, 17, 63, 64, 65, 100, 1_000, 4_099].map { count in (0..<count).map { Float(($0 * 7919) % 401) / 20 - 10 } }
                + [[-1e4, 1e4, 0], [-1000, -1000, -1001]]
            : [Self.grid]
        for input in inputs {
            let portable = try #require(VectorMath.evaluate(function, input, in: .portable))
            #expect(portable.allSatisfy { !$0.isNaN })
            for instructionSet in VectorMath.InstructionSet.allCases where instructionSet != .portable && instructionSet.isSupported {
                let fast = try #require(VectorMath.evaluate(function, input, in: instructionSet))
                #expect(fast.map(\.bitPattern) == portable.map(\.bitPattern), "\(function) in \(instructionSet), \(input.count) values")
            }
        }
    }

    /// The double-precision scaled sum: in every instruction set, the bits of the plain Swift loop
    /// (a product, then a sum, never fused), over counts that leave every tail width.
    @Test(arguments: [0, 1, 3, 4, 7, 8, 9, 17, 180])
    func scaledSumsGiveThePlainLoopsBits(count: Int) {
        let values = (0..<count).map { Float(($0 * 7919) % 401) / 37 + 1e-3 }
        let start = (0..<count).map { Double($0) / 3 + 1e-7 }
        let scale = 0.1234567890123
        var expected = start
        for index in expected.indices { expected[index] += scale * Double(values[index]) }
        for instructionSet in VectorMath.InstructionSet.allCases {
            var sum = start
            VectorMath.addScaled(values, scale: scale, to: &sum, in: instructionSet)
            #expect(sum.map(\.bitPattern) == expected.map(\.bitPattern), "\(instructionSet), \(count) values")
        }
        var sum = start
        values.withUnsafeBufferPointer { values in
            sum.withUnsafeMutableBufferPointer { sum in
                if let source = values.baseAddress, let destination = sum.baseAddress {
                    VectorMath.addScaled(source, scale: scale, to: destination, count: count)
                }
            }
        }
        #expect(sum.map(\.bitPattern) == expected.map(\.bitPattern))
    }

    /// The double-precision exponential in every instruction set against the platform's `exp`: the
    /// same bits on Linux (glibc's algorithm, lane by lane), within 2^-52 relative elsewhere; over
    /// the range the cycle models use, every table entry, the special-cased magnitudes (below
    /// 2^-54, from 512), overflow, underflow to subnormals and zero, infinities and NaN, with
    /// counts that leave every tail width.
    @Test func doubleExponentialsAreThePlatformsExp() {
        var random = SeededGenerator(seed: 3)
        var inputs = (0..<20_000).map { _ in -40 * random.nextUniform() }
        inputs += (0..<4_000).map { _ in 1_400 * random.nextUniform() - 700 }
        inputs += (0..<1_024).map { (index: Int) -> Double in Double(index) * log(2.0) / 128 + 1e-9 * Double(index % 7) - 4 }
        let special: [Double] = [0, -0.0, 1e-17, -1e-17, 0x1p-54, -0x1p-54, 0x1.fffffffffffffp-55, 511.9, 512, -512, -745.2, -740, -708.5,
                                 709.78, 710, 1e300, -1e300, .infinity, -.infinity, .nan, .leastNonzeroMagnitude, 1, -1]
        inputs += special
        let expected = inputs.map { Foundation.exp($0) }
        for instructionSet in VectorMath.InstructionSet.allCases {
            for count in [inputs.count, inputs.count - 1, inputs.count - 2, inputs.count - 3, 5, 1, 0] {
                let values = VectorMath.exp(Array(inputs.prefix(count)), in: instructionSet)
                for (index, value) in values.enumerated() {
                    let reference = expected[index]
                    #if canImport(Glibc)
                    let agrees = value.bitPattern == reference.bitPattern || (value.isNaN && reference.isNaN)
                    #else
                    let agrees = value == reference || (value.isNaN && reference.isNaN)
                        || abs(value - reference) <= 0x1p-52 * abs(reference)
                    #endif
                    #expect(agrees, "exp(\(inputs[index])) in \(instructionSet): \(value), expected \(reference)")
                    if !agrees { return }
                }
            }
        }
    }

    @Test func theWidestSupportedInstructionSetRuns() {
        #expect(VectorMath.instructionSet.isSupported)
        #if arch(arm64)
        #expect(VectorMath.instructionSet == .neon)
        #else
        let level = CPUDescription.current.vectorLevel
        #expect(VectorMath.instructionSet == (level == .avx512 ? .avx512 : level == .avx2 ? .avx2 : .portable))
        #endif
    }

    @Test func softmaxSumsToOneAndSaturatesWithoutOverflow() {
        let input: [Float] = [-1e4, 1e4, 0, 3]
        var output = [Float](repeating: 0, count: 4)
        VectorMath.softmax(input, into: &output, count: 4)
        // e^(x - max) is clamped to about 2^-126 (see `VectorMath`), not 0.
        #expect(output[1] == 1 && [output[0], output[2], output[3]].allSatisfy { $0 > 0 && $0 <= 2 * Float.leastNormalMagnitude })
        let row = (0..<1_001).map { Float($0 % 13) - 6 }
        var probabilities = [Float](repeating: 0, count: row.count)
        VectorMath.softmax(row, into: &probabilities, count: row.count)
        #expect(abs(probabilities.reduce(0, +) - 1) < 1e-5)
    }
}
