import Foundation
import TensorCore

extension ModelFile {
    /// Reads and validates the file at `url` (memory-mapped from 32 KiB, one read below), decrypting
    /// it with `password` when it is encrypted (the password is ignored for unencrypted files).
    /// - Throws: `ModelFileError` for any file-system failure or malformed, corrupted or
    ///   unauthenticated content.
    public static func read(from url: URL, password: String? = nil) throws -> ModelFile {
        try _FileIO.withContents(of: url) { try decode(raw: $0, password: password) }
    }

    /// `read(from:password:)` with the CRC-32 its container stores (`ModelFileInspection.storedChecksum`,
    /// the same encrypted or not), from one read and one decryption.
    package static func readWithChecksum(from url: URL, password: String? = nil) throws -> (file: ModelFile, storedChecksum: UInt32) {
        try _FileIO.withContents(of: url) { try decodeWithChecksum(raw: $0, password: password) }
    }

    /// Decodes and validates `bytes` (see `read(from:password:)`).
    public static func decode(_ bytes: some Collection<UInt8>, password: String? = nil) throws -> ModelFile {
        if let result = try bytes.withContiguousStorageIfAvailable({ buffer in
            try decode(raw: UnsafeRawBufferPointer(buffer), password: password)
        }) {
            return result
        }
        return try Array(bytes).withUnsafeBytes { try decode(raw: $0, password: password) }
    }

    /// Decodes and validates `data` (see `read(from:password:)`).
    public static func decode(_ data: Data, password: String? = nil) throws -> ModelFile {
        try data.withUnsafeBytes { try decode(raw: $0, password: password) }
    }

    /// Decodes a complete file held in `file`.
    static func decode(raw file: UnsafeRawBufferPointer, password: String?) throws -> ModelFile {
        try decodeWithChecksum(raw: file, password: password).file
    }

    /// Decodes a complete file held in `file`, with its container's stored checksum.
    static func decodeWithChecksum(raw file: UnsafeRawBufferPointer, password: String?) throws -> (file: ModelFile, storedChecksum: UInt32) {
        let (_, flags) = try _Container.checkPreamble(file)
        if flags & _Layout.encryptedFlag != 0 {
            let plain = try _Encryption.open(file, password: password)
            return try plain.withUnsafeBytes { try decodePlain($0) }
        }
        return try decodePlain(file)
    }

    /// Decodes an unencrypted container: structure first, then every section's payload.
    static func decodePlain(_ file: UnsafeRawBufferPointer) throws -> (file: ModelFile, storedChecksum: UInt32) {
        let container = try _Container.parse(file)
        var model = ModelFile(header: container.header)
        for entry in container.entries {
            let payload = UnsafeRawBufferPointer(rebasing: file[entry.offset..<(entry.offset + entry.length)])
            switch entry.type {
            case _Layout.sectionTypeTensor:
                model.tensors[entry.name] = try decodeTensor(entry, payload)
            case _Layout.sectionTypeTreeEnsemble:
                model.setTreeEnsemble(entry.name, try decodeTreeEnsemble(entry, payload), layout: .structOfArrays)
            case _Layout.sectionTypeCompactTreeEnsemble:
                model.setTreeEnsemble(entry.name, try decodeCompactTreeEnsemble(entry, payload), layout: .compact)
            default:
                continue
            }
        }
        return (model, container.storedChecksum)
    }

    /// The fp32 tensor of a validated tensor entry.
    private static func decodeTensor(_ entry: _Container.Entry, _ payload: UnsafeRawBufferPointer) throws -> Tensor {
        let precision = _Layout.precision(ofEncoding: entry.encoding)!
        let count = entry.length / precision.byteWidth
        let scalars = [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard count > 0, let destination = buffer.baseAddress else { return }
            switch precision {
            case .fp32:
                copyFloats(from: payload, to: destination, count: count)
            case .fp16:
                _HalfPrecision.convert(payload.baseAddress!, to: destination, count: count)
            case .int8:
                _Quantization.dequantize(payload.baseAddress!, to: destination, count: count,
                                         scale: entry.scale, zeroPoint: entry.zeroPoint)
            }
            initialized = count
        }
        do {
            return try Tensor(shape: entry.shape, scalars: scalars)
        } catch {
            throw ModelFileError.shapeMismatch(section: entry.name, detail: "shape \(entry.shape) does not hold \(count) elements")
        }
    }

    /// The tree ensemble of a validated tree entry; its structure is checked before it is returned.
    private static func decodeTreeEnsemble(_ entry: _Container.Entry, _ payload: UnsafeRawBufferPointer) throws -> TreeEnsembleSection {
        let treeCount = entry.shape[0]
        let nodeCount = entry.shape[1]
        let offsets = _Layout.treeLayout(treeCount: treeCount, nodeCount: nodeCount)!.offsets
        func integers(_ array: Int, _ count: Int) -> [Int32] {
            [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
                copyIntegers(from: UnsafeRawBufferPointer(rebasing: payload[offsets[array]...]), to: buffer.baseAddress, count: count)
                initialized = count
            }
        }
        func floats(_ array: Int) -> [Float] {
            [Float](unsafeUninitializedCapacity: nodeCount) { buffer, initialized in
                copyFloats(from: UnsafeRawBufferPointer(rebasing: payload[offsets[array]...]), to: buffer.baseAddress, count: nodeCount)
                initialized = nodeCount
            }
        }
        let ensemble = TreeEnsembleSection(
            treeStarts: integers(0, treeCount), feature: integers(1, nodeCount), threshold: floats(2),
            left: integers(3, nodeCount), right: integers(4, nodeCount), value: floats(5), cover: floats(6),
            defaultLeft: Array(UnsafeRawBufferPointer(rebasing: payload[offsets[7]..<(offsets[7] + nodeCount)])))
        try ensemble.validate(name: entry.name)
        return ensemble
    }

    /// The tree ensemble of a validated compact tree entry: children from the left-child offsets,
    /// split nodes' values derived bottom-up (cover-weighted mean of the children), structure checked.
    private static func decodeCompactTreeEnsemble(_ entry: _Container.Entry, _ payload: UnsafeRawBufferPointer) throws -> TreeEnsembleSection {
        let treeCount = entry.shape[0]
        let nodeCount = entry.shape[1]
        let offsets = _Layout.compactTreeLayout(treeCount: treeCount, nodeCount: nodeCount)!.offsets
        var ensemble = TreeEnsembleSection()
        ensemble.treeStarts = (0..<treeCount).map { payload._load(Int32.self, at: offsets[0] + 4 * $0) }
        ensemble.feature = (0..<nodeCount).map { Int32(payload._load(Int16.self, at: offsets[3] + 2 * $0)) }
        ensemble.cover = (0..<nodeCount).map { payload._loadFloat(at: offsets[2] + 4 * $0) }
        ensemble.threshold = [Float](repeating: 0, count: nodeCount)
        ensemble.value = [Float](repeating: 0, count: nodeCount)
        ensemble.left = [Int32](repeating: -1, count: nodeCount)
        ensemble.right = [Int32](repeating: -1, count: nodeCount)
        ensemble.defaultLeft = [UInt8](repeating: 0, count: nodeCount)
        ensemble.categorical = [UInt8](repeating: 0, count: nodeCount)
        for node in 0..<nodeCount {
            let slot = payload._loadFloat(at: offsets[1] + 4 * node)
            let childOffset = Int(payload._load(UInt16.self, at: offsets[4] + 2 * node))
            let flags = payload[offsets[5] + node]
            guard flags & ~(_Layout.compactDefaultLeftFlag | _Layout.compactCategoricalFlag) == 0 else {
                throw ModelFileError.malformedSection(section: entry.name, reason: "node \(node) has flags \(flags); expected 0 to 3 (bit 0: missing values go left, bit 1: categorical split)")
            }
            ensemble.defaultLeft[node] = flags & _Layout.compactDefaultLeftFlag
            ensemble.categorical[node] = flags & _Layout.compactCategoricalFlag == 0 ? 0 : 1
            guard ensemble.feature[node] >= -1 else {
                throw ModelFileError.malformedSection(section: entry.name, reason: "node \(node) splits on feature \(ensemble.feature[node]); expected -1 (leaf) or >= 0")
            }
            if ensemble.feature[node] < 0 {
                guard childOffset == 0 else {
                    throw ModelFileError.malformedSection(section: entry.name, reason: "leaf node \(node) has child offset \(childOffset); expected 0")
                }
                ensemble.value[node] = slot
            } else {
                guard childOffset >= 1, node + childOffset + 1 < nodeCount else {
                    throw ModelFileError.malformedSection(section: entry.name, reason: "node \(node) has child offset \(childOffset); its children must lie in \(node + 1)..<\(nodeCount)")
                }
                ensemble.threshold[node] = slot
                ensemble.left[node] = Int32(node + childOffset)
                ensemble.right[node] = Int32(node + childOffset + 1)
            }
        }
        try ensemble.validate(name: entry.name)
        for node in stride(from: nodeCount - 1, through: 0, by: -1) where ensemble.feature[node] >= 0 {
            let left = Int(ensemble.left[node]), right = Int(ensemble.right[node])
            let leftCover = Double(ensemble.cover[left]), rightCover = Double(ensemble.cover[right])
            let leftValue = Double(ensemble.value[left]), rightValue = Double(ensemble.value[right])
            let total = leftCover + rightCover
            ensemble.value[node] = Float(total > 0 && total.isFinite
                                         ? (leftCover * leftValue + rightCover * rightValue) / total
                                         : (leftValue + rightValue) / 2)
        }
        return ensemble
    }

    /// `count` little-endian binary32 values from the start of `source` (one `memcpy` on little-endian hosts).
    private static func copyFloats(from source: UnsafeRawBufferPointer, to destination: UnsafeMutablePointer<Float>?, count: Int) {
        guard count > 0, let destination, let source = source.baseAddress else { return }
        #if _endian(little)
        UnsafeMutableRawPointer(destination).copyMemory(from: source, byteCount: 4 * count)
        #else
        let raw = UnsafeRawBufferPointer(start: source, count: 4 * count)
        for index in 0..<count { destination[index] = raw._loadFloat(at: 4 * index) }
        #endif
    }

    /// `count` little-endian `Int32` values from the start of `source` (one `memcpy` on little-endian hosts).
    private static func copyIntegers(from source: UnsafeRawBufferPointer, to destination: UnsafeMutablePointer<Int32>?, count: Int) {
        guard count > 0, let destination, let source = source.baseAddress else { return }
        #if _endian(little)
        UnsafeMutableRawPointer(destination).copyMemory(from: source, byteCount: 4 * count)
        #else
        let raw = UnsafeRawBufferPointer(start: source, count: 4 * count)
        for index in 0..<count { destination[index] = raw._load(Int32.self, at: 4 * index) }
        #endif
    }
}
