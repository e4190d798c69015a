import Foundation

/// The raw bytes of a kept day's packed number tables, stored after its JSON instead of inside it
/// as base64 text: 221 KB of a 268 KB kept day is the cycle-length model's grid, and reading it
/// through a JSON string cost most of the kept day's decoding. `KeptCycleDay.encoded()` lays the
/// kept day out as an 8-byte little-endian JSON length, the JSON, then the attachments; each
/// `Data` value in the JSON is `[offset, count]` into the attachments.
///
/// One instance serves one encoding or decoding, on one thread (the JSON coders' custom data
/// strategies require a `Sendable` capture).
final class _KeptDayAttachments: @unchecked Sendable {
    /// The attachments, concatenated.
    private(set) var bytes: Data

    /// Attachments read back from `bytes` (a slice of the stored kept day is not copied).
    init(_ bytes: Data = Data()) {
        self.bytes = bytes
    }

    /// Appends `data` and returns where it lies: `[offset, count]`.
    func append(_ data: Data) -> [Int] {
        defer { bytes.append(data) }
        return [bytes.count, data.count]
    }

    /// The attachment at `location` (`[offset, count]`): a slice sharing `bytes`' storage, not a copy.
    /// - Throws: `DecodingError.dataCorrupted` when it is not a range of the attachments.
    func attachment(at location: [Int], codingPath: [any CodingKey]) throws -> Data {
        guard location.count == 2, location[0] >= 0, location[1] >= 0, location[0] <= bytes.count - location[1] else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath,
                                                    debugDescription: "\(location) is not a range of the \(bytes.count) attached bytes"))
        }
        let start = bytes.startIndex + location[0]
        return bytes[start..<start + location[1]]
    }
}
