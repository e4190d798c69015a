import Foundation
import Testing
import TensorCore
@testable import ModelFiles

/// One test per `ModelFileError` case that malformed input can produce.
@Suite struct ModelFileErrorTests {
    let bytes: [UInt8] = try! Samples.model().encoded()

    func decodeError(_ bytes: [UInt8]) -> ModelFileError? {
        Samples.modelFileError { _ = try ModelFile.decode(bytes) }
    }

    @Test func notAModelFile() {
        #expect(decodeError(Array("{\"kind\": \"cycle-lstm\", \"weights\": [1, 2, 3]}".utf8)) == .notAModelFile)
        #expect(decodeError([0x89, 0x50, 0x4E, 0x47]) == .notAModelFile)   // a PNG prefix
    }

    @Test func truncated() {
        #expect(decodeError([]) == .truncated(expected: 64, actual: 0))
        #expect(decodeError(Array(bytes[0..<5])) == .truncated(expected: 64, actual: 5))
        #expect(decodeError(Array(bytes[0..<40])) == .truncated(expected: 64, actual: 40))
        #expect(decodeError(Array(bytes.dropLast())) == .truncated(expected: bytes.count, actual: bytes.count - 1))
        #expect(decodeError(Array(bytes[0..<200])) == .truncated(expected: bytes.count, actual: 200))
    }

    @Test func trailingBytes() {
        guard case .malformedFile? = decodeError(bytes + [0]) else { Issue.record("expected malformedFile"); return }
    }

    @Test func unsupportedVersion() throws {
        var newer = bytes
        Samples.store(UInt16(2), &newer, at: 8)
        let error = try #require(decodeError(newer))
        #expect(error == .unsupportedVersion(found: FormatVersion(major: 2, minor: FormatVersion.current.minor), supported: .current))
        #expect(error.description.contains("newer") && error.description.contains("upgrade"))
        var older = bytes
        Samples.store(UInt16(0), &older, at: 8)
        #expect(decodeError(older)?.description.contains("no longer supported") == true)
    }

    @Test func unknownFlags() {
        var flagged = bytes
        Samples.store(UInt32(0x10), &flagged, at: 12)
        Samples.fixChecksum(&flagged)
        guard case .malformedFile? = decodeError(flagged) else { Issue.record("expected malformedFile"); return }
    }

    @Test func checksumMismatch() {
        for offset in [20, 70, bytes.count - 1] {     // preamble, header, last payload byte
            var corrupted = bytes
            corrupted[offset] ^= 0x04
            let error = decodeError(corrupted)
            // A flip in the length field is caught as a length problem before the checksum.
            #expect(error == .checksumMismatch || offset == 20)
            #expect(error != nil)
        }
    }

    @Test func sectionOutOfBounds() {
        var edited = bytes
        let entry = Samples.entryOffset(edited, index: 4)
        Samples.store(UInt64.max - 63, &edited, at: entry + 16)      // offset near 2^64: must not overflow
        Samples.fixChecksum(&edited)
        guard case .sectionOutOfBounds(let name, _, _, _)? = decodeError(edited) else {
            Issue.record("expected sectionOutOfBounds"); return
        }
        #expect(name == "gbt")
        var longer = bytes
        Samples.store(UInt64.max, &longer, at: entry + 24)            // length 2^64 - 1
        Samples.fixChecksum(&longer)
        guard case .sectionOutOfBounds? = decodeError(longer) else { Issue.record("expected sectionOutOfBounds"); return }
    }

    @Test func shapeMismatch() {
        var edited = bytes
        let entry = Samples.entryOffset(edited, index: 2)              // "lstm.0.weight_ih" [4, 3]
        Samples.store(UInt64(5), &edited, at: entry + 40)
        Samples.fixChecksum(&edited)
        #expect(decodeError(edited) == .shapeMismatch(section: "lstm.0.weight_ih", detail: "shape [5, 3] as fp32 needs 60 bytes, payload has 48"))
        var huge = bytes
        Samples.store(UInt64(Int32.max), &huge, at: entry + 40)
        Samples.store(UInt64(Int32.max), &huge, at: entry + 48)
        Samples.fixChecksum(&huge)
        guard case .shapeMismatch? = decodeError(huge) else { Issue.record("expected shapeMismatch"); return }
    }

    @Test func malformedSections() {
        let entry = Samples.entryOffset(bytes, index: 2)
        var encoding = bytes
        encoding[entry + 5] = 9
        Samples.fixChecksum(&encoding)
        #expect(decodeError(encoding) == .malformedSection(section: "lstm.0.weight_ih", reason: "unknown tensor encoding 9"))

        var misaligned = bytes
        Samples.store(Samples.load(UInt64.self, bytes, at: entry + 16) + 4, &misaligned, at: entry + 16)
        Samples.fixChecksum(&misaligned)
        guard case .malformedSection? = decodeError(misaligned) else { Issue.record("expected malformedSection"); return }

        var overlapping = bytes
        let other = Samples.entryOffset(bytes, index: 1)
        Samples.store(Samples.load(UInt64.self, bytes, at: entry + 16), &overlapping, at: other + 16)
        Samples.fixChecksum(&overlapping)
        guard case .malformedSection(_, let reason)? = decodeError(overlapping) else { Issue.record("expected malformedSection"); return }
        #expect(reason.contains("overlaps"))
    }

    @Test func malformedTreeEnsemble() throws {
        var edited = bytes
        let gbtEntry = Samples.entryOffset(edited, index: 4)           // tensors first, sorted by name; then trees
        #expect(edited[gbtEntry + 4] == 2)
        let payload = Int(Samples.load(UInt64.self, edited, at: gbtEntry + 16))
        let layout = _Layout.treeLayout(treeCount: 2, nodeCount: 7)!
        Samples.store(Int32(0), &edited, at: payload + layout.offsets[3])    // node 0's left child = itself: a cycle
        Samples.fixChecksum(&edited)
        let error = try #require(decodeError(edited))
        #expect(error == .malformedSection(section: "gbt", reason: "node 0 has child 0; children must lie in 1..<7"))
    }

    @Test func invalidHeader() {
        var edited = bytes
        edited[64] = UInt8(ascii: "[")
        Samples.fixChecksum(&edited)
        guard case .invalidHeader? = decodeError(edited) else { Issue.record("expected invalidHeader"); return }
        var missingKind = ModelFile(kind: "x").encodedHeaderEdited { $0.replacingOccurrences(of: "\"kind\"", with: "\"kine\"") }
        Samples.fixChecksum(&missingKind)
        guard case .invalidHeader(let reason)? = decodeError(missingKind) else { Issue.record("expected invalidHeader"); return }
        #expect(reason.contains("kind"))
    }

    @Test func encodingRejectsInvalidSections() {
        var model = ModelFile(kind: "k")
        model.setTensor("", Tensor([1]))
        guard case .malformedSection? = Samples.modelFileError({ _ = try model.encoded() }) else { Issue.record("empty name"); return }
        var trees = ModelFile(kind: "k")
        var ensemble = Samples.ensemble
        ensemble.cover.removeLast()
        trees.setTreeEnsemble("gbt", ensemble)
        #expect(Samples.modelFileError { _ = try trees.encoded() } == .shapeMismatch(section: "gbt", detail: "'cover' has 6 elements, 'feature' has 7"))
    }

    @Test func fileSystemErrors() {
        let missing = URL(fileURLWithPath: "/nonexistent-odml-dir/model.odml")
        guard case .fileSystem(_, "open", _)? = Samples.modelFileError({ _ = try ModelFile.read(from: missing) }) else {
            Issue.record("expected fileSystem open"); return
        }
        guard case .fileSystem(_, "create", _)? = Samples.modelFileError({ try ModelFile(kind: "k").write(to: missing) }) else {
            Issue.record("expected fileSystem create"); return
        }
    }

    @Test func everyDescriptionIsOneLine() {
        let errors: [ModelFileError] = [
            .notAModelFile, .unsupportedVersion(found: .init(major: 3, minor: 1), supported: .current),
            .truncated(expected: 100, actual: 50), .checksumMismatch,
            .sectionOutOfBounds(section: "w", offset: 64, length: 10, fileLength: 70),
            .shapeMismatch(section: "w", detail: "d"), .authenticationFailed, .missingPassword,
            .missingSection(name: "w"), .invalidHeader(reason: "r"), .malformedSection(section: "w", reason: "r"),
            .malformedFile(reason: "r"), .unrepresentableValue(section: "w", value: 1e9, precision: .fp16),
            .fileSystem(path: "/x", operation: "open", errorNumber: 2),
        ]
        for error in errors {
            #expect(!error.description.contains("\n"))
            #expect(error.description.count > 20)
        }
        #expect(ModelFileError.fileSystem(path: "/x", operation: "open", errorNumber: 2).description.contains("No such file"))
    }
}

extension ModelFile {
    /// The encoded file with its JSON header text edited (same length required by the caller's edit).
    func encodedHeaderEdited(_ edit: (String) -> String) -> [UInt8] {
        var bytes = try! encoded()
        let length = Int(Samples.load(UInt32.self, bytes, at: 24))
        let text = String(decoding: bytes[64..<(64 + length)], as: UTF8.self)
        let edited = Array(edit(text).utf8)
        precondition(edited.count == length, "header edits must keep the length")
        bytes.replaceSubrange(64..<(64 + length), with: edited)
        return bytes
    }
}
