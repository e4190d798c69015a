import Foundation
import TensorCore

extension ModelFile {
    /// PBKDF2-HMAC-SHA256 rounds used when encrypting, as issue #5 specifies. swift-crypto's checked
    /// API requires at least 210,000 (OWASP's current advice), so the unchecked variant is used; pass
    /// `keyDerivationRounds:` to choose more. The count is stored in the file, so readers follow it.
    package static let defaultKeyDerivationRounds = 100_000

    /// The file's bytes: tensors stored at `precision`, encrypted with AES-256-GCM when `password` is set.
    ///
    /// Without a password the bytes are reproducible: equal contents give identical bytes.
    /// - Throws: `ModelFileError.unrepresentableValue` if a tensor value does not fit `precision`,
    ///   `.malformedSection` / `.shapeMismatch` for an invalid section, `.missingPassword` for an empty password.
    package func encoded(precision: TensorPrecision = .fp32, password: String? = nil,
                        keyDerivationRounds: Int = ModelFile.defaultKeyDerivationRounds) throws -> [UInt8] {
        let plain = try _encodedPlain(precision: precision)
        guard let password else { return plain }
        return try _Encryption.seal(plain, password: password, rounds: keyDerivationRounds)
    }

    /// Writes the file to `url` atomically (temporary file in the same directory, fsync, rename):
    /// readers see either the previous file or the complete new one.
    /// - Throws: the errors of `encoded(precision:password:keyDerivationRounds:)` and `ModelFileError.fileSystem`.
    package func write(to url: URL, precision: TensorPrecision = .fp32, password: String? = nil,
                      keyDerivationRounds: Int = ModelFile.defaultKeyDerivationRounds) throws {
        let bytes = try encoded(precision: precision, password: password, keyDerivationRounds: keyDerivationRounds)
        try _FileIO.writeAtomically(bytes, to: url)
    }

    /// One section ready to be laid out.
    private struct PendingSection {
        var name: [UInt8]
        var type: UInt8
        var encoding: UInt8
        var shape: [Int]
        var scale: Float = 0
        var zeroPoint: Int32 = 0
        var payloadLength: Int
        var fill: (UnsafeMutableRawBufferPointer) -> Void

        var entryLength: Int { _Layout.aligned(_Layout.entryFixedSize + 8 * shape.count + name.count, to: 8)! }
    }

    /// The unencrypted container.
    func _encodedPlain(precision: TensorPrecision) throws -> [UInt8] {
        let encoder = _JSON.encoder()
        let headerBytes: [UInt8]
        do {
            headerBytes = Array(try encoder.encode(header))
        } catch {
            throw ModelFileError.invalidHeader(reason: "cannot encode: \(error)")
        }
        guard headerBytes.count <= Int(UInt32.max) else {
            throw ModelFileError.invalidHeader(reason: "\(headerBytes.count) bytes exceed the 4 GiB header limit")
        }

        var sections: [PendingSection] = []
        for name in tensorNames {
            sections.append(try Self.pendingTensor(name: name, tensor: tensors[name]!, precision: precision))
        }
        for name in treeEnsembleNames {
            let ensemble = treeEnsembles[name]!
            switch treeEnsembleLayouts[name] ?? .structOfArrays {
            case .structOfArrays: sections.append(try Self.pendingTreeEnsemble(name: name, ensemble: ensemble))
            case .compact: sections.append(try Self.pendingCompactTreeEnsemble(name: name, ensemble: ensemble))
            }
        }

        let tableOffset = _Layout.aligned(_Layout.preambleSize + headerBytes.count)!
        let tableLength = sections.reduce(0) { $0 + $1.entryLength }
        var cursor = tableOffset + tableLength
        var payloadOffsets: [Int] = []
        for section in sections {
            cursor = _Layout.aligned(cursor)!
            payloadOffsets.append(cursor)
            cursor += section.payloadLength
        }
        let fileLength = cursor

        var file = [UInt8](repeating: 0, count: fileLength)
        file.withUnsafeMutableBytes { buffer in
            for (index, byte) in _Layout.magic.enumerated() { buffer[index] = byte }
            buffer._store(FormatVersion.current.major, at: _Layout.majorOffset)
            buffer._store(FormatVersion.current.minor, at: _Layout.minorOffset)
            buffer._store(UInt32(0), at: _Layout.flagsOffset)
            buffer._store(UInt64(fileLength), at: _Layout.fileLengthOffset)
            buffer._store(UInt32(headerBytes.count), at: _Layout.headerLengthOffset)
            buffer._store(UInt32(sections.count), at: _Layout.sectionCountOffset)
            buffer._store(UInt64(tableOffset), at: _Layout.tableOffsetOffset)
            buffer._store(UInt64(tableLength), at: _Layout.tableLengthOffset)
            headerBytes.withUnsafeBytes { source in
                UnsafeMutableRawBufferPointer(rebasing: buffer[_Layout.preambleSize...]).copyMemory(from: source)
            }

            var entry = tableOffset
            for (section, payloadOffset) in zip(sections, payloadOffsets) {
                buffer._store(UInt32(section.entryLength), at: entry)
                buffer[entry + 4] = section.type
                buffer[entry + 5] = section.encoding
                buffer[entry + 6] = UInt8(section.shape.count)
                buffer._store(UInt16(section.name.count), at: entry + 8)
                buffer._store(UInt64(payloadOffset), at: entry + 16)
                buffer._store(UInt64(section.payloadLength), at: entry + 24)
                buffer._store(section.scale, at: entry + 32)
                buffer._store(section.zeroPoint, at: entry + 36)
                for (axis, extent) in section.shape.enumerated() {
                    buffer._store(UInt64(extent), at: entry + _Layout.entryFixedSize + 8 * axis)
                }
                let nameStart = entry + _Layout.entryFixedSize + 8 * section.shape.count
                section.name.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: buffer[nameStart...]).copyMemory(from: $0) }
                entry += section.entryLength

                section.fill(UnsafeMutableRawBufferPointer(rebasing: buffer[payloadOffset..<(payloadOffset + section.payloadLength)]))
            }
            buffer._store(_CRC32.containerChecksum(UnsafeRawBufferPointer(buffer)), at: _Layout.checksumOffset)
        }
        return file
    }

    /// Checks that `name` fits a table entry.
    private static func encodedName(_ name: String) throws -> [UInt8] {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= Int(UInt16.max) else {
            throw ModelFileError.malformedSection(section: name, reason: "names must have 1 to 65535 UTF-8 bytes, found \(bytes.count)")
        }
        return bytes
    }

    private static func pendingTensor(name: String, tensor: Tensor, precision: TensorPrecision) throws -> PendingSection {
        let nameBytes = try encodedName(name)
        guard tensor.rank <= Int(UInt8.max) else {
            throw ModelFileError.malformedSection(section: name, reason: "rank \(tensor.rank) exceeds 255")
        }
        guard tensor.shape.allSatisfy({ $0 >= 0 }) else {
            throw ModelFileError.shapeMismatch(section: name, detail: "negative extent in shape \(tensor.shape)")
        }
        let scalars = tensor.scalars
        var section = PendingSection(name: nameBytes, type: _Layout.sectionTypeTensor,
                                     encoding: _Layout.encoding(of: precision), shape: tensor.shape,
                                     payloadLength: scalars.count * precision.byteWidth, fill: { _ in })
        switch precision {
        case .fp32:
            section.fill = { payload in
                scalars.withUnsafeBufferPointer { source in
                    #if _endian(little)
                    payload.copyMemory(from: UnsafeRawBufferPointer(source))
                    #else
                    for (index, value) in source.enumerated() { payload._store(value, at: 4 * index) }
                    #endif
                }
            }
        case .fp16:
            var halves = [UInt16](repeating: 0, count: scalars.count)
            for (index, value) in scalars.enumerated() {
                let bits = _HalfPrecision.bits(from: value)
                if value.isFinite && (bits & 0x7C00) == 0x7C00 {
                    throw ModelFileError.unrepresentableValue(section: name, value: value, precision: .fp16)
                }
                halves[index] = bits
            }
            section.fill = { payload in
                for (index, bits) in halves.enumerated() { payload._store(bits, at: 2 * index) }
            }
        case .int8:
            if let bad = scalars.first(where: { !$0.isFinite }) {
                throw ModelFileError.unrepresentableValue(section: name, value: bad, precision: .int8)
            }
            let (scale, zeroPoint) = scalars.withUnsafeBufferPointer { _Quantization.parameters(for: $0) }
            section.scale = scale
            section.zeroPoint = zeroPoint
            section.fill = { payload in
                for (index, value) in scalars.enumerated() {
                    payload[index] = UInt8(bitPattern: _Quantization.quantize(value, scale: scale, zeroPoint: zeroPoint))
                }
            }
        }
        return section
    }

    private static func pendingTreeEnsemble(name: String, ensemble: TreeEnsembleSection) throws -> PendingSection {
        let nameBytes = try encodedName(name)
        try ensemble.validate(name: name)
        if let node = ensemble.categorical.firstIndex(of: 1) {
            throw ModelFileError.malformedSection(section: name, reason: "node \(node) is a categorical split, which only the compact layout stores; write it with layout compact")
        }
        guard let layout = _Layout.treeLayout(treeCount: ensemble.treeCount, nodeCount: ensemble.nodeCount) else {
            throw ModelFileError.malformedSection(section: name, reason: "\(ensemble.nodeCount) nodes are too many")
        }
        return PendingSection(
            name: nameBytes, type: _Layout.sectionTypeTreeEnsemble,
            encoding: _Layout.encodingTreeStructOfArrays, shape: [ensemble.treeCount, ensemble.nodeCount],
            payloadLength: layout.length,
            fill: { payload in
                let offsets = layout.offsets
                for (index, root) in ensemble.treeStarts.enumerated() { payload._store(root, at: offsets[0] + 4 * index) }
                for node in 0..<ensemble.nodeCount {
                    payload._store(ensemble.feature[node], at: offsets[1] + 4 * node)
                    payload._store(ensemble.threshold[node], at: offsets[2] + 4 * node)
                    payload._store(ensemble.left[node], at: offsets[3] + 4 * node)
                    payload._store(ensemble.right[node], at: offsets[4] + 4 * node)
                    payload._store(ensemble.value[node], at: offsets[5] + 4 * node)
                    payload._store(ensemble.cover[node], at: offsets[6] + 4 * node)
                    payload[offsets[7] + node] = ensemble.defaultLeft[node]
                }
            })
    }

    private static func pendingCompactTreeEnsemble(name: String, ensemble: TreeEnsembleSection) throws -> PendingSection {
        let nameBytes = try encodedName(name)
        try ensemble.validate(name: name)
        guard let layout = _Layout.compactTreeLayout(treeCount: ensemble.treeCount, nodeCount: ensemble.nodeCount) else {
            throw ModelFileError.malformedSection(section: name, reason: "\(ensemble.nodeCount) nodes are too many")
        }
        for node in 0..<ensemble.nodeCount where ensemble.feature[node] >= 0 {
            let offset = Int(ensemble.left[node]) - node
            guard ensemble.right[node] == ensemble.left[node] + 1, offset <= Int(UInt16.max),
                  ensemble.feature[node] <= Int32(Int16.max) else {
                throw ModelFileError.malformedSection(section: name, reason: "node \(node) (feature \(ensemble.feature[node]), children \(ensemble.left[node]), \(ensemble.right[node])) does not fit the compact layout, which needs the right child right after the left one, at most 65535 nodes after the parent, and a feature below 32768; write it with layout structOfArrays")
            }
        }
        return PendingSection(
            name: nameBytes, type: _Layout.sectionTypeCompactTreeEnsemble,
            encoding: _Layout.encodingCompactTree, shape: [ensemble.treeCount, ensemble.nodeCount],
            payloadLength: layout.length,
            fill: { payload in
                let offsets = layout.offsets
                for (index, root) in ensemble.treeStarts.enumerated() { payload._store(root, at: offsets[0] + 4 * index) }
                for node in 0..<ensemble.nodeCount {
                    let isLeaf = ensemble.feature[node] < 0
                    payload._store(isLeaf ? ensemble.value[node] : ensemble.threshold[node], at: offsets[1] + 4 * node)
                    payload._store(ensemble.cover[node], at: offsets[2] + 4 * node)
                    payload._store(Int16(ensemble.feature[node]), at: offsets[3] + 2 * node)
                    payload._store(isLeaf ? 0 : UInt16(Int(ensemble.left[node]) - node), at: offsets[4] + 2 * node)
                    payload[offsets[5] + node] = (ensemble.defaultLeft[node] == 1 ? _Layout.compactDefaultLeftFlag : 0)
                        | (ensemble.categorical[node] == 1 ? _Layout.compactCategoricalFlag : 0)
                }
            })
    }
}
