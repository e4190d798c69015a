/// Byte offsets and codes of the `.odml` container; see FORMAT.md for the full layout.
enum _Layout {
    /// `\x89ODML\r\n\x1A`: a non-ASCII first byte, the name, and line-ending / EOF guards as in PNG.
    static let magic: [UInt8] = [0x89, 0x4F, 0x44, 0x4D, 0x4C, 0x0D, 0x0A, 0x1A]
    /// Size of the fixed preamble that starts every file.
    static let preambleSize = 64
    /// Alignment of section payloads (and of the section table) in bytes.
    static let alignment = 64

    // Preamble, common part.
    static let majorOffset = 8
    static let minorOffset = 10
    static let flagsOffset = 12
    static let fileLengthOffset = 16

    // Preamble, plain container.
    static let headerLengthOffset = 24
    static let sectionCountOffset = 28
    static let tableOffsetOffset = 32
    static let tableLengthOffset = 40
    static let checksumOffset = 60

    // Preamble, encrypted container.
    static let keyDerivationOffset = 24
    static let roundsOffset = 28
    static let saltOffset = 32
    static let saltSize = 16
    static let nonceOffset = 48
    static let nonceSize = 12
    static let cipherOffset = 60
    static let tagSize = 16
    static let keyDerivationPBKDF2SHA256: UInt32 = 1
    static let cipherAES256GCM: UInt32 = 1
    /// Largest accepted PBKDF2 round count, so a hostile file cannot stall a reader for long.
    static let maximumRounds = 10_000_000

    /// Flag bit 0: the container is encrypted.
    static let encryptedFlag: UInt32 = 1

    // Section table entry.
    static let entryFixedSize = 40
    static let sectionTypeTensor: UInt8 = 1
    static let sectionTypeTreeEnsemble: UInt8 = 2
    static let encodingFP32: UInt8 = 1
    static let encodingFP16: UInt8 = 2
    static let encodingInt8: UInt8 = 3
    static let encodingTreeStructOfArrays: UInt8 = 1
    /// Section type of a tree ensemble in the compact layout (format 1.1).
    static let sectionTypeCompactTreeEnsemble: UInt8 = 3
    static let encodingCompactTree: UInt8 = 1
    /// Compact layout, flags byte bit 0: a missing value goes left.
    static let compactDefaultLeftFlag: UInt8 = 1
    /// Compact layout, flags byte bit 1: a categorical split (go left when `x == threshold`).
    static let compactCategoricalFlag: UInt8 = 2

    /// `value` rounded up to a multiple of `alignment`, or `nil` on overflow.
    static func aligned(_ value: Int, to alignment: Int = alignment) -> Int? {
        let (sum, overflow) = value.addingReportingOverflow(alignment - 1)
        return overflow ? nil : sum / alignment * alignment
    }

    /// Encoding code of a tensor precision.
    static func encoding(of precision: TensorPrecision) -> UInt8 {
        switch precision {
        case .fp32: encodingFP32
        case .fp16: encodingFP16
        case .int8: encodingInt8
        }
    }

    /// Tensor precision of an encoding code, `nil` if unknown.
    static func precision(ofEncoding encoding: UInt8) -> TensorPrecision? {
        switch encoding {
        case encodingFP32: .fp32
        case encodingFP16: .fp16
        case encodingInt8: .int8
        default: nil
        }
    }

    /// Offsets (relative to the payload start) of the eight tree-ensemble arrays, in file order
    /// `treeStarts, feature, threshold, left, right, value, cover, defaultLeft`, and the payload
    /// length; `nil` if the sizes overflow.
    static func treeLayout(treeCount: Int, nodeCount: Int) -> (offsets: [Int], length: Int)? {
        guard treeCount >= 0, nodeCount >= 0,
              treeCount <= Int(Int32.max), nodeCount <= Int(Int32.max) else { return nil }
        return arrays(byteCounts: [treeCount * 4, nodeCount * 4, nodeCount * 4, nodeCount * 4, nodeCount * 4,
                                   nodeCount * 4, nodeCount * 4, nodeCount])
    }

    /// Offsets (relative to the payload start) of the six compact tree-ensemble arrays, in file
    /// order `treeStarts` (i32), `thresholdOrValue` (f32), `cover` (f32), `feature` (i16),
    /// `leftOffset` (u16), `flags` (u8), and the payload length; `nil` if the sizes overflow.
    static func compactTreeLayout(treeCount: Int, nodeCount: Int) -> (offsets: [Int], length: Int)? {
        guard treeCount >= 0, nodeCount >= 0,
              treeCount <= Int(Int32.max), nodeCount <= Int(Int32.max) else { return nil }
        return arrays(byteCounts: [treeCount * 4, nodeCount * 4, nodeCount * 4, nodeCount * 2, nodeCount * 2, nodeCount])
    }

    /// Arrays of `byteCounts` bytes laid out back to back, each starting at a multiple of `alignment`.
    private static func arrays(byteCounts: [Int]) -> (offsets: [Int], length: Int)? {
        var offsets: [Int] = []
        offsets.reserveCapacity(byteCounts.count)
        var cursor = 0
        for (index, count) in byteCounts.enumerated() {
            if index > 0 { guard let next = aligned(cursor) else { return nil }; cursor = next }
            offsets.append(cursor)
            cursor += count
        }
        return (offsets, cursor)
    }
}
