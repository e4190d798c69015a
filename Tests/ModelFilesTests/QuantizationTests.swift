import Testing
import TensorCore
@testable import ModelFiles

@Suite struct QuantizationTests {
    /// Values spanning several magnitudes, both signs, and exact zeros.
    static func values(seed: UInt64, count: Int, scale: Double) -> [Float] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { index in index % 17 == 0 ? 0 : Float(generator.nextNormal() * scale) }
    }

    @Test(arguments: [1e-3, 1.0, 300.0])
    func fp16RelativeErrorIsAtMostHalfAnUlp(scale: Double) throws {
        let values = Self.values(seed: 11, count: 2000, scale: scale)
        var model = ModelFile(kind: "k")
        model.setTensor("w", Tensor(values))
        let decoded = try ModelFile.decode(try model.encoded(precision: .fp16)).tensor("w").scalars
        for (original, restored) in zip(values, decoded) {
            if abs(original) >= 0x1p-14 {          // normal binary16 range: relative bound 2^-11
                #expect(abs(restored - original) <= abs(original) * 0x1p-11)
            } else {                               // subnormal range: absolute bound half a subnormal step
                #expect(abs(restored - original) <= 0x1p-25)
            }
        }
        #expect(decoded.enumerated().allSatisfy { $0.element == 0 || $0.offset % 17 != 0 })
    }

    @Test func fp16MatchesTheNativeTypeOnEveryBitPattern() {
        #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
        for bits in UInt16.min...UInt16.max {
            let native = Float(Float16(bitPattern: bits))
            let ours = _HalfPrecision.value(from: bits)
            #expect(native.bitPattern == ours.bitPattern || (native.isNaN && ours.isNaN))
        }
        var generator = SeededGenerator(seed: 5)
        for _ in 0..<20_000 {
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
            let native = Float16(value).bitPattern
            let ours = _HalfPrecision.bits(from: value)
            #expect(native == ours || (value.isNaN && (ours & 0x7C00) == 0x7C00 && (ours & 0x3FF) != 0))
        }
        #endif
    }

    /// One leading byte misaligns every value (the portable loop); two keep them 2-byte aligned
    /// (the CPU's instructions where it has them, which quieten signalling NaNs).
    @Test(arguments: [1, 2])
    func fp16BulkConversionMatchesTheScalarOneAtAnyAlignment(leadingBytes: Int) {
        var bytes = [UInt8](repeating: 0xAA, count: leadingBytes)
        for bits in UInt16.min...UInt16.max { bytes += [UInt8(truncatingIfNeeded: bits), UInt8(bits >> 8)] }
        var converted = [Float](repeating: 0, count: 65_536)
        bytes.withUnsafeBytes { raw in
            converted.withUnsafeMutableBufferPointer {
                _HalfPrecision.convert(raw.baseAddress! + leadingBytes, to: $0.baseAddress!, count: 65_536)
            }
        }
        for bits in UInt16.min...UInt16.max {
            let scalar = _HalfPrecision.value(from: bits)
            let bulk = converted[Int(bits)]
            let quietened = scalar.isSignalingNaN && bulk.bitPattern == scalar.bitPattern | 0x40_0000
            #expect(bulk.bitPattern == scalar.bitPattern || quietened, "bits 0x\(String(bits, radix: 16))")
        }
    }

    @Test func fp16RefusesFiniteOverflow() throws {
        var model = ModelFile(kind: "k")
        model.setTensor("w", Tensor([1, 70_000]))
        #expect(throws: ModelFileError.unrepresentableValue(section: "w", value: 70_000, precision: .fp16)) {
            try model.encoded(precision: .fp16)
        }
        model.setTensor("w", Tensor([65_504, -.infinity]))
        #expect(try ModelFile.decode(try model.encoded(precision: .fp16)).tensor("w").scalars == [65_504, -.infinity])
    }

    @Test(arguments: [(1.0, 0.0), (5.0, 3.0), (0.01, -20.0), (1.0, 1000.0)])
    func int8ErrorIsAtMostHalfAStep(scale: Double, offset: Double) throws {
        let values = Self.values(seed: 7, count: 3000, scale: scale).map { $0 + Float(offset) }
        var model = ModelFile(kind: "k")
        model.setTensor("w", Tensor(values))
        let bytes = try model.encoded(precision: .int8)
        let section = try ModelFile.inspect(bytes).sections[0]
        let step = try #require(section.scale)
        let minimum = min(values.min()!, 0)
        let maximum = max(values.max()!, 0)
        // The step is close to the ideal (range / 255): at most two levels are lost to rounding the zero point.
        #expect(step <= (maximum - minimum) / 253 * 1.0001)
        let decoded = try ModelFile.decode(bytes).tensor("w").scalars
        var worst: Float = 0
        for (original, restored) in zip(values, decoded) {
            worst = max(worst, abs(restored - original))
        }
        #expect(worst <= step / 2 * 1.001)
        // Zero is represented exactly.
        for (index, restored) in decoded.enumerated() where values[index] == 0 { #expect(restored == 0) }
    }

    @Test func int8HandlesConstantAndSingleSignedTensors() throws {
        for values: [Float] in [[0, 0, 0], [4, 4], [-3, -1, -2], [1e-30, 2e-30]] {
            var model = ModelFile(kind: "k")
            model.setTensor("w", Tensor(values))
            let decoded = try ModelFile.decode(try model.encoded(precision: .int8)).tensor("w").scalars
            let range = max(values.max()!, 0) - min(values.min()!, 0)
            for (original, restored) in zip(values, decoded) {
                #expect(abs(restored - original) <= max(range / 254 / 2 * 1.001, Float.leastNormalMagnitude))
            }
        }
    }

    @Test func int8RefusesNonFiniteValues() {
        var model = ModelFile(kind: "k")
        model.setTensor("w", Tensor([1, .infinity]))
        #expect(throws: ModelFileError.unrepresentableValue(section: "w", value: .infinity, precision: .int8)) {
            try model.encoded(precision: .int8)
        }
    }

    @Test func quantisedFilesAreSmaller() throws {
        var model = ModelFile(kind: "k")
        model.setTensor("w", Tensor(Self.values(seed: 1, count: 4096, scale: 1)))
        let sizes = try TensorPrecision.allCases.map { try model.encoded(precision: $0).count }
        #expect(sizes[0] > sizes[1] && sizes[1] > sizes[2])
        #expect(sizes[0] - 4 * 4096 < 512)
    }
}
