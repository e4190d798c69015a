import Foundation

/// Arrays of numbers stored as their little-endian bytes in a kept state (`KeptCycleDay`): a
/// two-year day log or a posterior grid decodes as one copy, not one value at a time.
enum _PackedNumbers {
    /// The bytes of `values`.
    static func data<Number: BinaryFloatingPoint & BitwiseCopyable>(_ values: [Number]) -> Data {
        values.withUnsafeBytes { Data($0) }
    }

    /// The numbers `data` holds; `count`, when given, is the number expected.
    /// - Throws: `DecodingError.dataCorrupted` when the byte count does not fit.
    static func values<Number: BinaryFloatingPoint & BitwiseCopyable>(
        _ data: Data, as type: Number.Type, count: Int? = nil, codingPath: [any CodingKey]
    ) throws -> [Number] {
        let size = MemoryLayout<Number>.size
        guard data.count % size == 0, count.map({ $0 * size == data.count }) ?? true else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: codingPath,
                debugDescription: "\(data.count) bytes do not hold \(count.map(String.init) ?? "whole") \(Number.self) values"))
        }
        return [Number](unsafeUninitializedCapacity: data.count / size) { buffer, count in
            _ = data.copyBytes(to: UnsafeMutableRawBufferPointer(buffer))
            count = buffer.count
        }
    }
}
