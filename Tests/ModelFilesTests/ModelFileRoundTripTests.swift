import Foundation
import Testing
import TensorCore
@testable import ModelFiles

@Suite struct ModelFileRoundTripTests {
    @Test func fp32RoundTripIsExact() throws {
        let model = Samples.model()
        let decoded = try ModelFile.decode(try model.encoded())
        #expect(decoded == model)
        #expect(decoded.header == Samples.header)
        #expect(decoded.tensorNames == ["empty", "lstm.0.bias", "lstm.0.weight_ih", "scale"])
        #expect(try decoded.tensor("lstm.0.weight_ih").shape == [4, 3])
        #expect(try decoded.tensor("scale").shape == [])
        #expect(try decoded.treeEnsemble("gbt") == Samples.ensemble)
    }

    @Test func fileRoundTripThroughDisk() throws {
        let directory = try Samples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("model.odml")
        let model = Samples.model()
        try model.write(to: url)
        #expect(try ModelFile.read(from: url) == model)
        #expect(try Array(Data(contentsOf: url)) == model.encoded())
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(leftovers == ["model.odml"])
    }

    @Test func equalContentsGiveIdenticalBytes() throws {
        var first = ModelFile(kind: "cycle-gbt")
        var second = ModelFile(kind: "cycle-gbt")
        // Insertion order differs; metrics and properties are dictionaries.
        first.setTensor("b", Tensor([1, 2]))
        first.setTensor("a", Tensor([3]))
        first.header.metrics = ["x": 1, "y": 2, "z": 3]
        second.setTensor("a", Tensor([3]))
        second.setTensor("b", Tensor([1, 2]))
        second.header.metrics = ["z": 3, "y": 2, "x": 1]
        for precision in TensorPrecision.allCases {
            #expect(try first.encoded(precision: precision) == second.encoded(precision: precision))
        }
        #expect(ModelHeader(kind: "k").createdAt == nil)
    }

    @Test func headerDefaultsNameTheProducer() {
        let header = ModelHeader(kind: "cycle-lstm")
        #expect(header.createdBy == "OnDeviceML \(OnDeviceMLVersion.current)")
        #expect(header.formatVersion == FormatVersion.current)
    }

    @Test func payloadsAreSixtyFourByteAligned() throws {
        let bytes = try Samples.model().encoded(precision: .fp16)
        let inspection = try ModelFile.inspect(bytes)
        #expect(inspection.sections.count == 5)
        for section in inspection.sections { #expect(section.offset % 64 == 0) }
        #expect(inspection.checksumValid)
        #expect(inspection.header == Samples.header)
    }

    @Test func nonFiniteMetricsSurvive() throws {
        var model = ModelFile(kind: "k")
        model.header.metrics = ["nan": .nan, "inf": .infinity]
        model.setTensor("t", Tensor([.nan, .infinity, -.infinity, 1]))
        let decoded = try ModelFile.decode(try model.encoded())
        #expect(decoded.header.metrics["nan"]!.isNaN)
        #expect(decoded.header.metrics["inf"] == .infinity)
        let scalars = try decoded.tensor("t").scalars
        #expect(scalars[0].isNaN && scalars[1] == .infinity && scalars[2] == -.infinity && scalars[3] == 1)
    }

    @Test func decodeAcceptsDataAndArrays() throws {
        let bytes = try Samples.model().encoded()
        #expect(try ModelFile.decode(Data(bytes)) == ModelFile.decode(bytes))
        #expect(try ModelFile.decode(bytes[...]) == Samples.model())
    }

    @Test func newerMinorVersionWithUnknownSectionTypeIsRead() throws {
        var bytes = try Samples.model().encoded()
        Samples.store(UInt16(7), &bytes, at: 10)                 // minor 1.7
        let entry = Samples.entryOffset(bytes, index: 0)        // "empty" tensor
        bytes[entry + 4] = 42                                   // a section type this reader does not know
        Samples.fixChecksum(&bytes)
        let decoded = try ModelFile.decode(bytes)
        #expect(decoded.header.formatVersion == FormatVersion(major: 1, minor: 7))
        #expect(decoded.tensorNames == ["lstm.0.bias", "lstm.0.weight_ih", "scale"])
        #expect(try ModelFile.inspect(bytes).sections[0].type == "unknown(42)")
    }

    @Test func missingSectionsThrow() throws {
        let model = Samples.model()
        #expect(throws: ModelFileError.missingSection(name: "nope")) { try model.tensor("nope") }
        #expect(throws: ModelFileError.missingSection(name: "lstm.0.bias")) { try model.treeEnsemble("lstm.0.bias") }
    }

    @Test func crcMatchesTheStandardCheckValue() {
        let check = Array("123456789".utf8).withUnsafeBytes { _CRC32.checksum($0) }
        #expect(check == 0xCBF4_3926)
        // Slicing-by-8, one stream or four lanes joined, agrees with the bytewise definition on
        // unaligned lengths below and above the lane threshold, and when continued from a prefix.
        var generator = SeededGenerator(seed: 3)
        let bytes = (0..<20_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        var crc: UInt32 = 0xFFFF_FFFF
        var bitwise: [UInt32] = []     // bitwise[length] = CRC-32 of bytes[0..<length]
        for byte in bytes {
            bitwise.append(~crc)
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        bitwise.append(~crc)
        for length in [0, 1, 7, 8, 9, 63, 999, 4095, 4096, 4097, 4103, 12_345, 20_000] {
            #expect(bytes[0..<length].withUnsafeBytes { _CRC32.checksum($0) } == bitwise[length], "length \(length)")
        }
        for split in [0, 5, 4096, 9000, 20_000] {
            let prefix = bytes[0..<split].withUnsafeBytes { _CRC32.checksum($0) }
            #expect(bytes[split...].withUnsafeBytes { _CRC32.update(prefix, with: $0) } == bitwise[20_000], "split \(split)")
        }
        // The hardware kernel (where the CPU has one) and the tables agree at every start
        // alignment and around every block size the kernel distinguishes (16, 64 bytes).
        for start in 0..<17 {
            for length in [0, 15, 16, 63, 64, 65, 79, 80, 127, 128, 129, 200, 1000, 4096, 4099] {
                let slice = bytes[start..<(start + length)]
                let table = slice.withUnsafeBytes { _CRC32.tableUpdate(0x1234_5678, with: $0) }
                #expect(slice.withUnsafeBytes { _CRC32.update(0x1234_5678, with: $0) } == table, "start \(start), length \(length)")
            }
        }
    }

    @Test func largeFilesAreMappedAndValidated() throws {
        let directory = try Samples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("large.odml")
        var model = Samples.model()
        var generator = SeededGenerator(seed: 11)
        let count = _FileIO.mappingThreshold / 4 + 1000
        model.setTensor("large", Tensor((0..<count).map { _ in Float(generator.nextNormal()) }))
        try model.write(to: url)
        var bytes = try Array(Data(contentsOf: url))
        #expect(bytes.count >= _FileIO.mappingThreshold)
        #expect(try ModelFile.read(from: url) == model)
        #expect(try ModelFile.inspect(contentsOf: url).checksumValid)
        bytes[bytes.count - 5] ^= 0x10
        try Data(bytes).write(to: url)
        #expect(throws: ModelFileError.checksumMismatch) { try ModelFile.read(from: url) }
        #expect(try ModelFile.inspect(contentsOf: url).checksumValid == false)
    }
}
