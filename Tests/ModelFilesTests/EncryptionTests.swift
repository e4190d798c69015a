import Foundation
import Testing
import TensorCore
@testable import ModelFiles

@Suite struct EncryptionTests {
    /// Few rounds keep the tests fast; the round count is stored in the file, so readers follow it.
    static let rounds = 1_000

    @Test func encryptedRoundTrip() throws {
        let model = Samples.model()
        let bytes = try model.encoded(precision: .fp32, password: "correct horse", keyDerivationRounds: Self.rounds)
        #expect(try ModelFile.decode(bytes, password: "correct horse") == model)
        // Neither the header nor the tensor names appear in clear.
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("cycle-lstm") && !text.contains("lstm.0.weight_ih"))
    }

    @Test func defaultRoundsAreOneHundredThousand() throws {
        let bytes = try ModelFile(kind: "k").encoded(password: "pw")
        #expect(Samples.load(UInt32.self, bytes, at: 28) == 100_000)
        let inspection = try ModelFile.inspect(bytes, password: "pw")
        #expect(inspection.encrypted && inspection.keyDerivationRounds == 100_000)
        #expect(inspection.header.kind == "k")
    }

    @Test func saltAndNonceAreFreshEachTime() throws {
        let model = Samples.model()
        let first = try model.encoded(password: "pw", keyDerivationRounds: Self.rounds)
        let second = try model.encoded(password: "pw", keyDerivationRounds: Self.rounds)
        #expect(first[32..<60] != second[32..<60])
        #expect(first[64...] != second[64...])
    }

    @Test func fixedSaltAndNonceAreReproducible() throws {
        let plain = try Samples.model().encoded()
        let salt = [UInt8](repeating: 7, count: 16), nonce = [UInt8](repeating: 9, count: 12)
        let first = try _Encryption.seal(plain, password: "pw", rounds: Self.rounds, salt: salt, nonce: nonce)
        let second = try _Encryption.seal(plain, password: "pw", rounds: Self.rounds, salt: salt, nonce: nonce)
        #expect(first == second)
    }

    @Test func wrongPasswordFailsAuthentication() throws {
        let bytes = try Samples.model().encoded(password: "right", keyDerivationRounds: Self.rounds)
        #expect(throws: ModelFileError.authenticationFailed) { try ModelFile.decode(bytes, password: "wrong") }
        #expect(throws: ModelFileError.authenticationFailed) { try ModelFile.decode(bytes, password: "Right") }
    }

    @Test func missingPassword() throws {
        let bytes = try Samples.model().encoded(password: "pw", keyDerivationRounds: Self.rounds)
        #expect(throws: ModelFileError.missingPassword) { try ModelFile.decode(bytes) }
        #expect(throws: ModelFileError.missingPassword) { try ModelFile.decode(bytes, password: "") }
        #expect(throws: ModelFileError.missingPassword) { try ModelFile.inspect(bytes) }
        #expect(throws: ModelFileError.missingPassword) { try Samples.model().encoded(password: "") }
    }

    @Test func everyTamperedByteFailsAuthentication() throws {
        var model = ModelFile(kind: "k")
        model.setTensor("w", Tensor([1, 2, 3]))
        let bytes = try model.encoded(password: "pw", keyDerivationRounds: 50)
        // The rounds' low byte, the salt, the nonce, every ciphertext byte and the tag.
        let positions = [28] + Array(32..<60) + Array(64..<bytes.count)
        for position in positions {
            var tampered = bytes
            tampered[position] ^= 0x01
            #expect(throws: ModelFileError.authenticationFailed) { try ModelFile.decode(tampered, password: "pw") }
        }
        // Damage to fields checked before decryption gives the specific error instead.
        var truncated = bytes
        truncated.removeLast()
        #expect(throws: ModelFileError.truncated(expected: bytes.count, actual: bytes.count - 1)) {
            try ModelFile.decode(truncated, password: "pw")
        }
    }

    @Test func plainFilesIgnoreThePassword() throws {
        let bytes = try Samples.model().encoded()
        #expect(try ModelFile.decode(bytes, password: "unused") == Samples.model())
    }

    @Test func encryptedFileOnDisk() throws {
        let directory = try Samples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("personal.odml")
        try Samples.model().write(to: url, precision: .int8, password: "pw", keyDerivationRounds: Self.rounds)
        let decoded = try ModelFile.read(from: url, password: "pw")
        #expect(decoded.header == Samples.header)
        #expect(try decoded.treeEnsemble("gbt") == Samples.ensemble)
    }
}
