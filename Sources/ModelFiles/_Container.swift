import Foundation

/// A validated view of a plain (unencrypted) container: preamble, header and section table,
/// with every offset and length checked. Section payloads are not read by `parse`.
struct _Container {
    /// One section table entry.
    struct Entry {
        var name: String
        var type: UInt8
        var encoding: UInt8
        var shape: [Int]
        var offset: Int
        var length: Int
        var scale: Float
        var zeroPoint: Int32
    }

    /// A section's identity: names are unique per section type.
    struct SectionKey: Hashable {
        var type: UInt8
        var name: String
    }

    var formatVersion: FormatVersion
    var fileLength: Int
    var storedChecksum: UInt32
    var computedChecksum: UInt32?
    var header: ModelHeader
    var entries: [Entry]

    /// Magic, version, length and flags common to plain and encrypted containers.
    /// - Returns: the version and flags.
    static func checkPreamble(_ file: UnsafeRawBufferPointer) throws -> (version: FormatVersion, flags: UInt32) {
        let magicCount = min(file.count, _Layout.magic.count)
        for index in 0..<magicCount where file[index] != _Layout.magic[index] {
            throw ModelFileError.notAModelFile
        }
        guard file.count >= _Layout.flagsOffset else {
            throw ModelFileError.truncated(expected: _Layout.preambleSize, actual: file.count)
        }
        let version = FormatVersion(major: file._load(UInt16.self, at: _Layout.majorOffset),
                                    minor: file._load(UInt16.self, at: _Layout.minorOffset))
        guard version.major == FormatVersion.current.major else {
            throw ModelFileError.unsupportedVersion(found: version, supported: .current)
        }
        guard file.count >= _Layout.preambleSize else {
            throw ModelFileError.truncated(expected: _Layout.preambleSize, actual: file.count)
        }
        let declaredLength = file._load(UInt64.self, at: _Layout.fileLengthOffset)
        if declaredLength > UInt64(file.count) {
            throw ModelFileError.truncated(expected: Int(clamping: declaredLength), actual: file.count)
        }
        if declaredLength < UInt64(file.count) {
            throw ModelFileError.malformedFile(reason: "\(UInt64(file.count) - declaredLength) unexpected bytes after the declared end at \(declaredLength)")
        }
        let flags = file._load(UInt32.self, at: _Layout.flagsOffset)
        guard flags & ~_Layout.encryptedFlag == 0 else {
            throw ModelFileError.malformedFile(reason: "unknown flags 0x\(String(flags, radix: 16)) in format \(version)")
        }
        return (version, flags)
    }

    /// Validates a plain container. With `verifyChecksum` false, a checksum mismatch is recorded
    /// in `computedChecksum` instead of thrown (for `odml inspect`).
    static func parse(_ file: UnsafeRawBufferPointer, verifyChecksum: Bool = true) throws -> _Container {
        let (version, flags) = try checkPreamble(file)
        guard flags & _Layout.encryptedFlag == 0 else { throw ModelFileError.missingPassword }
        let fileLength = file.count

        let storedChecksum = file._load(UInt32.self, at: _Layout.checksumOffset)
        let computedChecksum = _CRC32.containerChecksum(file)
        if verifyChecksum && computedChecksum != storedChecksum { throw ModelFileError.checksumMismatch }

        let headerLength = Int(file._load(UInt32.self, at: _Layout.headerLengthOffset))
        let sectionCount = Int(file._load(UInt32.self, at: _Layout.sectionCountOffset))
        let rawTableOffset = file._load(UInt64.self, at: _Layout.tableOffsetOffset)
        let rawTableLength = file._load(UInt64.self, at: _Layout.tableLengthOffset)
        let headerEnd = _Layout.preambleSize + headerLength
        guard headerEnd <= fileLength else {
            throw ModelFileError.malformedFile(reason: "the \(headerLength)-byte JSON header ends at \(headerEnd), past the end of the \(fileLength)-byte file")
        }
        guard rawTableOffset >= UInt64(headerEnd), rawTableOffset <= UInt64(fileLength),
              rawTableLength <= UInt64(fileLength) - rawTableOffset else {
            throw ModelFileError.malformedFile(reason: "the section table (\(rawTableLength) bytes at \(rawTableOffset)) lies outside \(headerEnd)..<\(fileLength)")
        }
        let tableOffset = Int(rawTableOffset)
        let tableEnd = tableOffset + Int(rawTableLength)

        // Section table: every entry is bounds-checked before it is read.
        var entries: [Entry] = []
        entries.reserveCapacity(min(sectionCount, Int(rawTableLength) / _Layout.entryFixedSize))
        var cursor = tableOffset
        for index in 0..<sectionCount {
            guard tableEnd - cursor >= _Layout.entryFixedSize else {
                throw ModelFileError.malformedFile(reason: "section table entry \(index) of \(sectionCount) starts at \(cursor), past the table's end at \(tableEnd)")
            }
            let entryLength = Int(file._load(UInt32.self, at: cursor))
            let rank = Int(file[cursor + 6])
            let nameLength = Int(file._load(UInt16.self, at: cursor + 8))
            let needed = _Layout.entryFixedSize + 8 * rank + nameLength
            guard entryLength % 8 == 0, entryLength >= needed, entryLength <= tableEnd - cursor else {
                throw ModelFileError.malformedFile(reason: "section table entry \(index) has length \(entryLength); it needs \(needed) bytes, a multiple of 8, within the table")
            }
            let nameStart = cursor + _Layout.entryFixedSize + 8 * rank
            let nameBytes = UnsafeRawBufferPointer(rebasing: file[nameStart..<(nameStart + nameLength)])
            guard nameLength > 0, let name = String(bytes: nameBytes, encoding: .utf8) else {
                throw ModelFileError.malformedFile(reason: "section table entry \(index) has an empty or non-UTF-8 name")
            }
            var shape: [Int] = []
            shape.reserveCapacity(rank)
            for axis in 0..<rank {
                let extent = file._load(UInt64.self, at: cursor + _Layout.entryFixedSize + 8 * axis)
                guard extent <= UInt64(Int32.max) else {
                    throw ModelFileError.shapeMismatch(section: name, detail: "axis \(axis) has extent \(extent), above the limit \(Int32.max)")
                }
                shape.append(Int(extent))
            }
            let offset = file._load(UInt64.self, at: cursor + 16)
            let length = file._load(UInt64.self, at: cursor + 24)
            guard offset >= UInt64(tableEnd), offset <= UInt64(fileLength), length <= UInt64(fileLength) - offset else {
                throw ModelFileError.sectionOutOfBounds(section: name, offset: offset, length: length, fileLength: fileLength)
            }
            guard offset % UInt64(_Layout.alignment) == 0 else {
                throw ModelFileError.malformedSection(section: name, reason: "payload offset \(offset) is not a multiple of \(_Layout.alignment)")
            }
            entries.append(Entry(name: name, type: file[cursor + 4], encoding: file[cursor + 5], shape: shape,
                                 offset: Int(offset), length: Int(length),
                                 scale: file._loadFloat(at: cursor + 32), zeroPoint: file._load(Int32.self, at: cursor + 36)))
            cursor += entryLength
        }
        guard cursor == tableEnd else {
            throw ModelFileError.malformedFile(reason: "the section table has \(tableEnd - cursor) bytes after its \(sectionCount) entries")
        }

        // Payloads must not overlap one another.
        let byOffset = entries.sorted { ($0.offset, $0.length) < ($1.offset, $1.length) }
        for (previous, next) in zip(byOffset, byOffset.dropFirst()) where previous.offset + previous.length > next.offset {
            throw ModelFileError.malformedSection(section: next.name, reason: "payload at \(next.offset) overlaps section '\(previous.name)' (\(previous.length) bytes at \(previous.offset))")
        }

        // Names are unique per section type; shapes agree with payload lengths.
        var seen: Set<SectionKey> = []
        seen.reserveCapacity(entries.count)
        for entry in entries {
            // Both tree-ensemble layouts share one name space.
            let type = entry.type == _Layout.sectionTypeCompactTreeEnsemble ? _Layout.sectionTypeTreeEnsemble : entry.type
            guard seen.insert(SectionKey(type: type, name: entry.name)).inserted else {
                throw ModelFileError.malformedSection(section: entry.name, reason: "the name appears twice")
            }
            try checkShape(of: entry)
        }

        let header = try decodeHeader(UnsafeRawBufferPointer(rebasing: file[_Layout.preambleSize..<headerEnd]), version: version)
        return _Container(formatVersion: version, fileLength: fileLength, storedChecksum: storedChecksum,
                          computedChecksum: computedChecksum, header: header, entries: entries)
    }

    /// Checks that an entry's shape, encoding and quantisation parameters match its payload length.
    static func checkShape(of entry: Entry) throws {
        switch entry.type {
        case _Layout.sectionTypeTensor:
            guard let precision = _Layout.precision(ofEncoding: entry.encoding) else {
                throw ModelFileError.malformedSection(section: entry.name, reason: "unknown tensor encoding \(entry.encoding)")
            }
            var count = 1
            for extent in entry.shape {
                let (product, overflow) = count.multipliedReportingOverflow(by: extent)
                guard !overflow else {
                    throw ModelFileError.shapeMismatch(section: entry.name, detail: "shape \(entry.shape) overflows")
                }
                count = product
            }
            let (expected, overflow) = count.multipliedReportingOverflow(by: precision.byteWidth)
            guard !overflow, expected == entry.length else {
                throw ModelFileError.shapeMismatch(section: entry.name, detail: "shape \(entry.shape) as \(precision.rawValue) needs \(overflow ? "too many" : String(expected)) bytes, payload has \(entry.length)")
            }
            if precision == .int8 {
                guard entry.scale.isFinite, entry.scale > 0, (-128...127).contains(entry.zeroPoint) else {
                    throw ModelFileError.malformedSection(section: entry.name, reason: "int8 scale \(entry.scale) must be finite and > 0 and zero point \(entry.zeroPoint) in -128...127")
                }
            }
        case _Layout.sectionTypeTreeEnsemble, _Layout.sectionTypeCompactTreeEnsemble:
            let isCompact = entry.type == _Layout.sectionTypeCompactTreeEnsemble
            let encoding = isCompact ? _Layout.encodingCompactTree : _Layout.encodingTreeStructOfArrays
            guard entry.encoding == encoding else {
                throw ModelFileError.malformedSection(section: entry.name, reason: "unknown \(isCompact ? "compact " : "")tree ensemble encoding \(entry.encoding)")
            }
            guard entry.shape.count == 2 else {
                throw ModelFileError.shapeMismatch(section: entry.name, detail: "a tree ensemble needs shape [treeCount, nodeCount], found \(entry.shape)")
            }
            let layout = isCompact ? _Layout.compactTreeLayout(treeCount: entry.shape[0], nodeCount: entry.shape[1])
                                   : _Layout.treeLayout(treeCount: entry.shape[0], nodeCount: entry.shape[1])
            guard let layout, layout.length == entry.length else {
                throw ModelFileError.shapeMismatch(section: entry.name, detail: "\(entry.shape[0]) trees and \(entry.shape[1]) nodes do not fit a \(entry.length)-byte \(isCompact ? "compact " : "")payload")
            }
        default:
            break // A newer minor version's section type: bounds-checked above, otherwise skipped.
        }
    }

    /// Decodes the JSON header, with `_HeaderParser` when it applies and `JSONDecoder` otherwise;
    /// any failure becomes `ModelFileError.invalidHeader`.
    static func decodeHeader(_ bytes: UnsafeRawBufferPointer, version: FormatVersion) throws -> ModelHeader {
        if var header = _HeaderParser.header(from: bytes) {
            header.formatVersion = version
            return header
        }
        let decoder = _JSON.decoder()
        do {
            var header = try decoder.decode(ModelHeader.self, from: Data(bytes))
            header.formatVersion = version
            return header
        } catch let error as DecodingError {
            throw ModelFileError.invalidHeader(reason: _JSON.summary(of: error))
        } catch {
            throw ModelFileError.invalidHeader(reason: "\(error)".replacingOccurrences(of: "\n", with: " "))
        }
    }
}
