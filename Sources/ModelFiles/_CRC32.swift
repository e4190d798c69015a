/// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320, as zlib and PNG), slicing-by-8.
///
/// Check value: `_CRC32.checksum("123456789") == 0xCBF43926`.
enum _CRC32 {
    /// Eight 256-entry tables, flat: `table[k * 256 + byte]`.
    static let table: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            table[byte] = crc
        }
        for slice in 1..<8 {
            for byte in 0..<256 {
                let previous = table[(slice - 1) * 256 + byte]
                table[slice * 256 + byte] = (previous >> 8) ^ table[Int(previous & 0xFF)]
            }
        }
        return table
    }()

    /// The CRC-32 of `bytes`.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        update(0, with: bytes)
    }

    /// Continues `crc` (a finished CRC-32 of earlier bytes, 0 to start) over `bytes`.
    static func update(_ crc: UInt32, with bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard var pointer = bytes.baseAddress, !bytes.isEmpty else { return crc }
        var remaining = bytes.count
        var state = ~crc
        table.withUnsafeBufferPointer { table in
            let t = table.baseAddress!
            while remaining >= 8 {
                let low = UInt32(littleEndian: pointer.loadUnaligned(as: UInt32.self)) ^ state
                let high = UInt32(littleEndian: pointer.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
                state = t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                    ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ t[1 * 256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
                pointer += 8
                remaining -= 8
            }
            while remaining > 0 {
                state = t[Int((state ^ UInt32(pointer.load(as: UInt8.self))) & 0xFF)] ^ (state >> 8)
                pointer += 1
                remaining -= 1
            }
        }
        return ~state
    }

    /// The container checksum: CRC-32 of the whole file except the 4 checksum bytes at 60..<64.
    static func containerChecksum(_ file: UnsafeRawBufferPointer) -> UInt32 {
        let head = UnsafeRawBufferPointer(rebasing: file[0..<_Layout.checksumOffset])
        let tail = UnsafeRawBufferPointer(rebasing: file[_Layout.preambleSize...])
        return update(update(0, with: head), with: tail)
    }
}
