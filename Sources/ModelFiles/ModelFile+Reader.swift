import Foundation
import TensorCore

extension ModelFile {
    /// Reads and validates the file at `url` (one read into memory), decrypting it with `password`
    /// when it is encrypted (the password is ignored for unencrypted files).
    /// - Throws: `ModelFileError` for any file-system failure or malformed, corrupted or
    ///   unauthenticated content.
    public static func read(from url: URL, password: String? = nil) throws -> ModelFile {
        let bytes = try _FileIO.readAll(url)
        return try decode(bytes, password: password)
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
        let (_, flags) = try _Container.checkPreamble(file)
        if flags & _Layout.encryptedFlag != 0 {
            let plain = try _Encryption.open(file, password: password)
            return try plain.withUnsafeBytes { try decodePlain($0) }
        }
        return try decodePlain(file)
    }

    /// Decodes an unencrypted container: structure first, then every section's payload.
    static func decodePlain(_ file: UnsafeRawBufferPointer) throws -> ModelFile {
        let container = try _Container.parse(file)
        var model = ModelFile(header: container.header)
        for entry in container.entries {
            let payload = UnsafeRawBufferPointer(rebasing: file[entry.offset..<(entry.offset + entry.length)])
            switch entry.type {
            case _Layout.sectionTypeTensor:
                model.tensors[entry.name] = try decodeTensor(entry, payload)
            case _Layout.sectionTypeTreeEnsemble:
                model.treeEnsembles[entry.name] = try decodeTreeEnsemble(entry, payload)
            default:
                continue
            }
        }
        return model
    }

    /// The fp32 tensor of a validated tensor entry.
    private static func decodeTensor(_ entry: _Container.Entry, _ payload: UnsafeRawBufferPointer) throws -> Tensor {
        let precision = _Layout.precision(ofEncoding: entry.encoding)!
        let count = entry.length / precision.byteWidth
        let scalars = [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
            switch precision {
            case .fp32:
                #if _endian(little)
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: payload)
                #else
                for index in 0..<count { buffer[index] = payload._loadFloat(at: 4 * index) }
                #endif
            case .fp16:
                for index in 0..<count { buffer[index] = _HalfPrecision.value(from: payload._load(UInt16.self, at: 2 * index)) }
            case .int8:
                for index in 0..<count {
                    buffer[index] = _Quantization.dequantize(Int8(bitPattern: payload[index]), scale: entry.scale, zeroPoint: entry.zeroPoint)
                }
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
            (0..<count).map { payload._load(Int32.self, at: offsets[array] + 4 * $0) }
        }
        func floats(_ array: Int) -> [Float] {
            (0..<nodeCount).map { payload._loadFloat(at: offsets[array] + 4 * $0) }
        }
        let ensemble = TreeEnsembleSection(
            treeStarts: integers(0, treeCount), feature: integers(1, nodeCount), threshold: floats(2),
            left: integers(3, nodeCount), right: integers(4, nodeCount), value: floats(5), cover: floats(6),
            defaultLeft: Array(UnsafeRawBufferPointer(rebasing: payload[offsets[7]..<(offsets[7] + nodeCount)])))
        try ensemble.validate(name: entry.name)
        return ensemble
    }
}
