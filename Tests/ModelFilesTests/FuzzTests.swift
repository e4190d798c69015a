import Foundation
import Testing
import TensorCore
@testable import ModelFiles

/// Seeded mutation fuzzing of the reader: every mutated file either decodes to a valid model or
/// throws a `ModelFileError`; nothing traps, hangs or throws another error type.
///
/// `ODML_FUZZ_ITERATIONS` (default 10,000) and `ODML_FUZZ_SEED` (default 0x0D31) override the
/// run; `make fuzz` runs a million iterations.
@Suite struct FuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let iterations = environment["ODML_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 10_000
    static let seed = environment["ODML_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x0D31

    /// Small valid files: every section type and precision, an empty model, a header-heavy model.
    static func seeds() throws -> [[UInt8]] {
        var tiny = ModelFile(kind: "cycle-gbt")
        tiny.setTreeEnsemble("gbt", Samples.ensemble)
        var tensors = ModelFile(kind: "cycle-lstm")
        tensors.setTensor("w", Tensor(uncheckedShape: [2, 3], scalars: [1, -2, 3, -4, 5, -6]))
        tensors.setTensor("b", Tensor([0.5, -0.5]))
        return [
            try Samples.model().encoded(precision: .fp32),
            try Samples.model().encoded(precision: .fp16),
            try Samples.model().encoded(precision: .int8),
            try tiny.encoded(),
            try tensors.encoded(precision: .int8),
            try ModelFile(kind: "empty").encoded(),
        ]
    }

    /// Mutates `bytes` with one of several strategies (bit flips, truncation, random bytes,
    /// interesting values in length/offset fields, insertions/deletions, appended or random files).
    static func mutate(_ bytes: inout [UInt8], using generator: inout SeededGenerator) {
        func randomByte() -> UInt8 { UInt8(truncatingIfNeeded: generator.next()) }
        let count = bytes.count
        switch generator.nextInt(below: 8) {
        case 0: // bit flips
            guard count > 0 else { return }
            for _ in 0...generator.nextInt(below: 4) {
                bytes[generator.nextInt(below: count)] ^= UInt8(1) << UInt8(generator.nextInt(below: 8))
            }
        case 1: // truncation
            bytes.removeLast(count - generator.nextInt(below: count + 1))
        case 2: // random bytes over a short range
            guard count > 0 else { return }
            let start = generator.nextInt(below: count)
            for index in start..<min(count, start + 1 + generator.nextInt(below: 16)) { bytes[index] = randomByte() }
        case 3: // an interesting value in a length/offset/count field of the preamble or the section table
            let fieldOffsets = [16, 24, 28, 32, 40] + tableFieldOffsets(bytes)
            let offset = fieldOffsets[generator.nextInt(below: fieldOffsets.count)]
            let interesting: [UInt64] = [0, 1, 7, 8, 40, 63, 64, 65, UInt64(count), UInt64(count) &- 1, UInt64(count) + 1,
                                         UInt64(Int32.max), UInt64(UInt32.max), UInt64(Int64.max), UInt64.max, UInt64.max - 63,
                                         generator.next()]
            let value = interesting[generator.nextInt(below: interesting.count)]
            let width = generator.nextInt(below: 2) == 0 ? 4 : 8
            guard offset + width <= count else { return }
            for byte in 0..<width { bytes[offset + byte] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(byte))) }
        case 4: // insert or delete a run of bytes
            let position = generator.nextInt(below: count + 1)
            if generator.nextInt(below: 2) == 0 {
                bytes.insert(contentsOf: (0..<(1 + generator.nextInt(below: 70))).map { _ in randomByte() }, at: position)
            } else {
                bytes.removeSubrange(position..<min(count, position + 1 + generator.nextInt(below: 70)))
            }
        case 5: // append garbage
            bytes.append(contentsOf: (0..<(1 + generator.nextInt(below: 100))).map { _ in randomByte() })
        case 6: // a random file, sometimes with a valid preamble start
            let prefix = generator.nextInt(below: 2) == 0 ? Array(bytes.prefix(12)) : []
            bytes = prefix + (0..<generator.nextInt(below: 300)).map { _ in randomByte() }
        default: // several mutations at once
            for _ in 0..<2 { mutate(&bytes, using: &generator) }
        }
    }

    /// Offsets of the numeric fields of the first few section table entries (if the table is readable).
    static func tableFieldOffsets(_ bytes: [UInt8]) -> [Int] {
        guard bytes.count >= 64 else { return [] }
        let table = Samples.tableOffset(bytes)
        guard table > 0, table < bytes.count - 48 else { return [] }
        var offsets: [Int] = []
        var cursor = table
        for _ in 0..<3 where cursor + 56 <= bytes.count {
            offsets += [cursor, cursor + 4, cursor + 6, cursor + 8, cursor + 16, cursor + 24, cursor + 32, cursor + 36, cursor + 40, cursor + 48]
            let length = Int(Samples.load(UInt32.self, bytes, at: cursor))
            guard length >= 40, length < 4096 else { break }
            cursor += length
        }
        return offsets
    }

    @Test func mutatedFilesNeverCrashAndAlwaysEndInAModelFileError() throws {
        let seeds = try Self.seeds()
        var generator = SeededGenerator(seed: Self.seed)
        var rejected = 0
        var accepted = 0
        var rejectedWithValidChecksum = 0
        var errorKinds: Set<String> = []
        for iteration in 0..<Self.iterations {
            var bytes = seeds[iteration % seeds.count]
            let original = bytes
            Self.mutate(&bytes, using: &generator)
            let fixChecksum = generator.nextInt(below: 2) == 0
            if fixChecksum { Samples.fixChecksum(&bytes) }
            do {
                let model = try ModelFile.decode(bytes)
                accepted += 1
                // Only a mutation hidden by the checksum fix-up (or none) may decode; the result must be usable.
                #expect(fixChecksum || bytes == original, "iteration \(iteration): a corrupted file decoded")
                _ = try model.encoded()
            } catch let error as ModelFileError {
                rejected += 1
                if fixChecksum { rejectedWithValidChecksum += 1 }
                errorKinds.insert(String("\(error)".prefix(24)))
            } catch {
                Issue.record("iteration \(iteration): non-ModelFileError \(error)")
            }
        }
        #expect(accepted + rejected == Self.iterations)
        #expect(rejected > Self.iterations / 2)
        // Checksum-fixed mutations reach the structural validation and fail there in many ways.
        #expect(rejectedWithValidChecksum > Self.iterations / 4)
        #expect(errorKinds.count >= 8, "error kinds seen: \(errorKinds.sorted())")
    }

    @Test func mutatedEncryptedFilesAlwaysFail() throws {
        var model = ModelFile(kind: "k")
        model.setTensor("w", Tensor([1, 2, 3, 4]))
        let bytes = try model.encoded(password: "pw", keyDerivationRounds: 1)
        var generator = SeededGenerator(seed: Self.seed &+ 1)
        for iteration in 0..<300 {
            var mutated = bytes
            Self.mutate(&mutated, using: &generator)
            // Keep the stored round count small so a flipped high bit cannot make one decode slow.
            if mutated.count >= 32 { mutated.replaceSubrange(28..<32, with: bytes[28..<32]) }
            guard mutated != bytes else { continue }
            do {
                _ = try ModelFile.decode(mutated, password: "pw")
                Issue.record("iteration \(iteration): a tampered encrypted file decoded")
            } catch is ModelFileError {
            } catch {
                Issue.record("iteration \(iteration): non-ModelFileError \(error)")
            }
        }
    }
}
