internal import CModelFilesKernels

/// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320, as zlib and PNG).
///
/// Where the CPU can (x86-64 with PCLMULQDQ, arm64 with the CRC32 instructions) the bulk of a
/// buffer goes through the hardware kernel of `CModelFilesKernels`, about 10× faster than tables; the rest, and
/// every buffer on other CPUs, goes through `tableUpdate(_:with:)`: slicing-by-8 over four
/// interleaved streams.
///
/// A single slicing-by-8 stream waits on its table loads (about 1 byte per cycle); long buffers
/// are cut into four equal lanes processed in the same loop, so the loads of one lane overlap
/// those of the others, and the lane CRCs are then joined with `combine(_:_:secondLength:)`
/// (zlib's `crc32_combine`: multiplication by x^(8·length) modulo the polynomial).
///
/// Check value: `_CRC32.checksum("123456789") == 0xCBF43926`.
enum _CRC32 {
    /// The reflected polynomial.
    private static let polynomial: UInt32 = 0xEDB8_8320
    /// Buffers shorter than this run as one stream (joining lanes costs about 1 µs).
    private static let laneThreshold = 4096

    /// Eight 256-entry tables, flat: `table[k * 256 + byte]`.
    static let table: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ polynomial : crc >> 1 }
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

    /// `x^(2^k)` modulo the polynomial, for k = 0 ..< 32 (reflected, as zlib's `x2n_table`).
    private static let powersOfX: [UInt32] = {
        var powers: [UInt32] = []
        var power: UInt32 = 1 << 30      // x^1
        for _ in 0..<32 {
            powers.append(power)
            power = multiply(power, power)
        }
        return powers
    }()

    /// Whether `update(_:with:)` uses the hardware kernel (asked once: the query costs a CPUID).
    static let isAccelerated = odml_crc32_accelerated_is_available() != 0

    /// The CRC-32 of `bytes`.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        update(0, with: bytes)
    }

    /// Continues `crc` (a finished CRC-32 of earlier bytes, 0 to start) over `bytes`: the hardware
    /// kernel over the longest prefix it takes (≥ 64 bytes, a multiple of 16), tables for the rest.
    static func update(_ crc: UInt32, with bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard isAccelerated, let base = bytes.baseAddress, bytes.count >= 64 else { return tableUpdate(crc, with: bytes) }
        let bulk = bytes.count & ~15
        let prefix = ~odml_crc32_accelerated(~crc, base, bulk)
        return tableUpdate(prefix, with: UnsafeRawBufferPointer(rebasing: bytes[bulk...]))
    }

    /// `update(_:with:)` with tables only (the portable path, and the reference in tests).
    static func tableUpdate(_ crc: UInt32, with bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return crc }
        return table.withUnsafeBufferPointer { table in
            let table = table.baseAddress!
            guard bytes.count >= laneThreshold else {
                return ~stream(~crc, base, bytes.count, table)
            }
            // Four lanes of equal length (a multiple of 8); the remainder joins the last one.
            let laneLength = (bytes.count / 4) & ~7
            var states: (UInt32, UInt32, UInt32, UInt32) = (~crc, ~0, ~0, ~0)
            var pointer = base
            for _ in 0..<(laneLength / 8) {
                states.0 = step(states.0, pointer, table)
                states.1 = step(states.1, pointer + laneLength, table)
                states.2 = step(states.2, pointer + 2 * laneLength, table)
                states.3 = step(states.3, pointer + 3 * laneLength, table)
                pointer += 8
            }
            let tailStart = 4 * laneLength
            let last = ~stream(states.3, base + 3 * laneLength + laneLength, bytes.count - tailStart, table)
            var result = combine(~states.0, ~states.1, secondLength: laneLength)
            result = combine(result, ~states.2, secondLength: laneLength)
            return combine(result, last, secondLength: bytes.count - tailStart + laneLength)
        }
    }

    /// Eight bytes at `pointer` folded into the raw (pre-conditioned) `state`.
    @inline(__always)
    private static func step(_ state: UInt32, _ pointer: UnsafeRawPointer, _ t: UnsafePointer<UInt32>) -> UInt32 {
        let low = UInt32(littleEndian: pointer.loadUnaligned(as: UInt32.self)) ^ state
        let high = UInt32(littleEndian: pointer.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
        return t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
            ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
            ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int((high >> 8) & 0xFF)]
            ^ t[1 * 256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
    }

    /// `count` bytes at `pointer` folded into the raw `state`, one stream.
    private static func stream(_ state: UInt32, _ pointer: UnsafeRawPointer, _ count: Int, _ t: UnsafePointer<UInt32>) -> UInt32 {
        var state = state
        var pointer = pointer
        var remaining = count
        while remaining >= 8 {
            state = step(state, pointer, t)
            pointer += 8
            remaining -= 8
        }
        while remaining > 0 {
            state = t[Int((state ^ UInt32(pointer.load(as: UInt8.self))) & 0xFF)] ^ (state >> 8)
            pointer += 1
            remaining -= 1
        }
        return state
    }

    /// The CRC-32 of `A ‖ B` from `crc(A)`, `crc(B)` and the length of `B` in bytes.
    static func combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
        // Multiply crc(A) by x^(8·length(B)) = product of x^(2^k) over the set bits k of 8·length(B).
        var power: UInt32 = 1 << 31       // x^0
        var bits = UInt64(secondLength) << 3
        var k = 0
        while bits != 0 {
            if bits & 1 != 0 { power = multiply(powersOfX[k & 31], power) }
            bits >>= 1
            k += 1
        }
        return multiply(power, first) ^ second
    }

    /// `a · b` modulo the polynomial (reflected bit order).
    private static func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
        var b = b
        var mask: UInt32 = 1 << 31
        var product: UInt32 = 0
        while mask != 0 {
            if a & mask != 0 { product ^= b }
            mask >>= 1
            b = b & 1 != 0 ? (b >> 1) ^ polynomial : b >> 1
        }
        return product
    }

    /// The container checksum: CRC-32 of the whole file except the 4 checksum bytes at 60..<64.
    static func containerChecksum(_ file: UnsafeRawBufferPointer) -> UInt32 {
        let head = UnsafeRawBufferPointer(rebasing: file[0..<_Layout.checksumOffset])
        let tail = UnsafeRawBufferPointer(rebasing: file[_Layout.preambleSize...])
        return update(update(0, with: head), with: tail)
    }
}
