#if Encryption
import Crypto
import _CryptoExtras
#endif
import Foundation

/// AES-256-GCM encryption of a whole plain container, keyed by PBKDF2-HMAC-SHA256 of a password.
///
/// Encrypted layout: a 64-byte preamble (magic, version, flags = 1, length, key-derivation id and
/// rounds, 16-byte salt, 12-byte nonce, cipher id) that is authenticated as associated data,
/// then the ciphertext of the plain container, then the 16-byte GCM tag. See FORMAT.md. Without the
/// package trait `Encryption`, sealing and opening throw `ModelFileError.encryptionUnavailable`.
enum _Encryption {
    /// Encrypts `plain` with a fresh random salt and nonce.
    static func seal(_ plain: [UInt8], password: String, rounds: Int) throws -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<_Layout.saltSize).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let nonce = (0..<_Layout.nonceSize).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return try seal(plain, password: password, rounds: rounds, salt: salt, nonce: nonce)
    }

    /// Encrypts `plain` with the given salt and nonce (tests pass fixed ones for reproducible bytes).
    static func seal(_ plain: [UInt8], password: String, rounds: Int, salt: [UInt8], nonce: [UInt8]) throws -> [UInt8] {
        #if !Encryption
        throw ModelFileError.encryptionUnavailable
        #else
        guard !password.isEmpty else { throw ModelFileError.missingPassword }
        guard (1..._Layout.maximumRounds).contains(rounds) else {
            throw ModelFileError.malformedFile(reason: "key derivation rounds \(rounds) must lie in 1...\(_Layout.maximumRounds)")
        }
        precondition(salt.count == _Layout.saltSize && nonce.count == _Layout.nonceSize, "salt or nonce of the wrong size")
        var preamble = [UInt8](repeating: 0, count: _Layout.preambleSize)
        let fileLength = _Layout.preambleSize + plain.count + _Layout.tagSize
        preamble.withUnsafeMutableBytes { buffer in
            for (index, byte) in _Layout.magic.enumerated() { buffer[index] = byte }
            buffer._store(FormatVersion.current.major, at: _Layout.majorOffset)
            buffer._store(FormatVersion.current.minor, at: _Layout.minorOffset)
            buffer._store(_Layout.encryptedFlag, at: _Layout.flagsOffset)
            buffer._store(UInt64(fileLength), at: _Layout.fileLengthOffset)
            buffer._store(_Layout.keyDerivationPBKDF2SHA256, at: _Layout.keyDerivationOffset)
            buffer._store(UInt32(rounds), at: _Layout.roundsOffset)
            for index in 0..<_Layout.saltSize { buffer[_Layout.saltOffset + index] = salt[index] }
            for index in 0..<_Layout.nonceSize { buffer[_Layout.nonceOffset + index] = nonce[index] }
            buffer._store(_Layout.cipherAES256GCM, at: _Layout.cipherOffset)
        }
        do {
            let key = try deriveKey(password: password, salt: salt, rounds: rounds)
            let box = try AES.GCM.seal(plain, using: key, nonce: try AES.GCM.Nonce(data: nonce), authenticating: preamble)
            var file = preamble
            file.reserveCapacity(fileLength)
            file.append(contentsOf: box.ciphertext)
            file.append(contentsOf: box.tag)
            return file
        } catch {
            throw ModelFileError.malformedFile(reason: "encryption failed: \(error)")
        }
        #endif
    }

    /// Parameters read from an encrypted preamble.
    struct Parameters {
        var rounds: Int
        var salt: [UInt8]
        var nonce: [UInt8]
    }

    /// Checks an encrypted preamble (after `_Container.checkPreamble`).
    static func parameters(of file: UnsafeRawBufferPointer) throws -> Parameters {
        guard file.count >= _Layout.preambleSize + _Layout.tagSize else {
            throw ModelFileError.truncated(expected: _Layout.preambleSize + _Layout.tagSize, actual: file.count)
        }
        let keyDerivation = file._load(UInt32.self, at: _Layout.keyDerivationOffset)
        let cipher = file._load(UInt32.self, at: _Layout.cipherOffset)
        guard keyDerivation == _Layout.keyDerivationPBKDF2SHA256, cipher == _Layout.cipherAES256GCM else {
            throw ModelFileError.malformedFile(reason: "unknown key derivation \(keyDerivation) or cipher \(cipher); expected 1 (PBKDF2-HMAC-SHA256) and 1 (AES-256-GCM)")
        }
        let rounds = Int(file._load(UInt32.self, at: _Layout.roundsOffset))
        guard (1..._Layout.maximumRounds).contains(rounds) else {
            throw ModelFileError.malformedFile(reason: "key derivation rounds \(rounds) lie outside 1...\(_Layout.maximumRounds)")
        }
        return Parameters(rounds: rounds,
                          salt: Array(UnsafeRawBufferPointer(rebasing: file[_Layout.saltOffset..<(_Layout.saltOffset + _Layout.saltSize)])),
                          nonce: Array(UnsafeRawBufferPointer(rebasing: file[_Layout.nonceOffset..<(_Layout.nonceOffset + _Layout.nonceSize)])))
    }

    /// Authenticates and decrypts an encrypted container, returning the plain container inside.
    static func open(_ file: UnsafeRawBufferPointer, password: String?) throws -> [UInt8] {
        let parameters = try parameters(of: file)
        #if !Encryption
        _ = parameters  // a malformed preamble is reported before the missing capability
        throw ModelFileError.encryptionUnavailable
        #else
        guard let password, !password.isEmpty else { throw ModelFileError.missingPassword }
        let preamble = UnsafeRawBufferPointer(rebasing: file[0..<_Layout.preambleSize])
        let ciphertext = UnsafeRawBufferPointer(rebasing: file[_Layout.preambleSize..<(file.count - _Layout.tagSize)])
        let tag = UnsafeRawBufferPointer(rebasing: file[(file.count - _Layout.tagSize)...])
        let plain: [UInt8]
        do {
            let key = try deriveKey(password: password, salt: parameters.salt, rounds: parameters.rounds)
            let box = try AES.GCM.SealedBox(nonce: try AES.GCM.Nonce(data: parameters.nonce), ciphertext: ciphertext, tag: tag)
            plain = Array(try AES.GCM.open(box, using: key, authenticating: preamble))
        } catch {
            throw ModelFileError.authenticationFailed
        }
        // The plain container inside must itself be unencrypted.
        let (_, innerFlags) = try plain.withUnsafeBytes { try _Container.checkPreamble($0) }
        guard innerFlags & _Layout.encryptedFlag == 0 else {
            throw ModelFileError.malformedFile(reason: "an encrypted container holds another encrypted container")
        }
        return plain
        #endif
    }

    #if Encryption
    /// PBKDF2-HMAC-SHA256 → 256-bit key. `unsafeUncheckedRounds` because the checked API demands
    /// 210,000 rounds and the format's default is 100,000 (see `ModelFile.defaultKeyDerivationRounds`).
    static func deriveKey(password: String, salt: [UInt8], rounds: Int) throws -> SymmetricKey {
        try KDF.Insecure.PBKDF2.deriveKey(from: Array(password.utf8), salt: salt, using: .sha256,
                                          outputByteCount: 32, unsafeUncheckedRounds: rounds)
    }
    #endif
}
