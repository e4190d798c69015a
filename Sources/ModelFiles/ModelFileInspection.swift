import Foundation

/// What `odml inspect` shows: the container's structure and metadata, without decoding payloads.
package struct ModelFileInspection: Sendable, Equatable, Codable {
    /// One section as described by the section table.
    package struct Section: Sendable, Equatable, Codable {
        /// Section name (its stable key).
        package var name: String
        /// `"tensor"`, `"tree_ensemble"`, or `"unknown(N)"` for a newer minor version's type.
        package var type: String
        /// `"fp32"`, `"fp16"`, `"int8"` for tensors, `"soa"` or `"compact"` for tree ensembles.
        package var encoding: String
        /// Tensor shape, or `[treeCount, nodeCount]` for a tree ensemble.
        package var shape: [Int]
        /// Payload offset in the (decrypted) container, a multiple of 64.
        package var offset: Int
        /// Payload length in bytes.
        package var bytes: Int
        /// int8 scale, `nil` otherwise.
        package var scale: Float?
        /// int8 zero point, `nil` otherwise.
        package var zeroPoint: Int?

        private enum CodingKeys: String, CodingKey {
            case name, type, encoding, shape, offset, bytes, scale, zeroPoint = "zero_point"
        }
    }

    /// Size of the file as given, in bytes.
    package var fileSize: Int
    /// Container format version.
    package var formatVersion: FormatVersion
    /// Whether the file is encrypted (it was decrypted with the given password).
    package var encrypted: Bool
    /// PBKDF2 rounds of an encrypted file, `nil` otherwise.
    package var keyDerivationRounds: Int?
    /// CRC-32 stored in the (decrypted) container.
    package var storedChecksum: UInt32
    /// Whether the stored CRC-32 matches the contents.
    package var checksumValid: Bool
    /// The JSON header.
    package var header: ModelHeader
    /// Sections in table order.
    package var sections: [Section]

    private enum CodingKeys: String, CodingKey {
        case fileSize = "file_size", formatVersion = "format_version", encrypted
        case keyDerivationRounds = "key_derivation_rounds", storedChecksum = "stored_checksum"
        case checksumValid = "checksum_valid", header, sections
    }
}

extension ModelFile {
    /// Validates the container structure of `bytes` and describes it. Unlike `decode`, a checksum
    /// mismatch does not throw: it is reported as `checksumValid == false` (offsets and lengths are
    /// still bounds-checked, so a corrupted file is described safely).
    /// - Throws: `ModelFileError` for anything else `decode(_:password:)` would reject structurally.
    package static func inspect(_ bytes: [UInt8], password: String? = nil) throws -> ModelFileInspection {
        try bytes.withUnsafeBytes { try inspect(raw: $0, password: password) }
    }

    /// Describes the complete file held in `file`.
    static func inspect(raw file: UnsafeRawBufferPointer, password: String?) throws -> ModelFileInspection {
        let (_, flags) = try _Container.checkPreamble(file)
        guard flags & _Layout.encryptedFlag != 0 else {
            return try inspection(of: try _Container.parse(file, verifyChecksum: false), fileSize: file.count, rounds: nil)
        }
        let rounds = try _Encryption.parameters(of: file).rounds
        let plain = try _Encryption.open(file, password: password)
        return try plain.withUnsafeBytes {
            try inspection(of: try _Container.parse($0, verifyChecksum: false), fileSize: file.count, rounds: rounds)
        }
    }

    private static func inspection(of container: _Container, fileSize: Int, rounds: Int?) throws -> ModelFileInspection {
        let sections = container.entries.map { entry -> ModelFileInspection.Section in
            let precision = _Layout.precision(ofEncoding: entry.encoding)
            switch entry.type {
            case _Layout.sectionTypeTensor:
                return .init(name: entry.name, type: "tensor", encoding: precision?.rawValue ?? "unknown(\(entry.encoding))",
                             shape: entry.shape, offset: entry.offset, bytes: entry.length,
                             scale: precision == .int8 ? entry.scale : nil,
                             zeroPoint: precision == .int8 ? Int(entry.zeroPoint) : nil)
            case _Layout.sectionTypeTreeEnsemble, _Layout.sectionTypeCompactTreeEnsemble:
                let encoding = entry.type == _Layout.sectionTypeTreeEnsemble ? "soa" : "compact"
                return .init(name: entry.name, type: "tree_ensemble", encoding: encoding, shape: entry.shape,
                             offset: entry.offset, bytes: entry.length, scale: nil, zeroPoint: nil)
            default:
                return .init(name: entry.name, type: "unknown(\(entry.type))", encoding: "unknown(\(entry.encoding))",
                             shape: entry.shape, offset: entry.offset, bytes: entry.length, scale: nil, zeroPoint: nil)
            }
        }
        return ModelFileInspection(fileSize: fileSize, formatVersion: container.formatVersion, encrypted: rounds != nil,
                                   keyDerivationRounds: rounds, storedChecksum: container.storedChecksum,
                                   checksumValid: container.computedChecksum == container.storedChecksum,
                                   header: container.header, sections: sections)
    }
}

extension ModelFile {
    /// Reads the file at `url` and describes it (see `inspect(_:password:)`).
    package static func inspect(contentsOf url: URL, password: String? = nil) throws -> ModelFileInspection {
        try _FileIO.withContents(of: url) { try inspect(raw: $0, password: password) }
    }
}
