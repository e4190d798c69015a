internal import CModelFilesKernels

/// Portable IEEE-754 binary16 conversions (the `Float16` type is unavailable on Intel macOS).
enum _HalfPrecision {
    /// The binary16 bit pattern nearest to `value` (ties to even); overflow gives ±infinity,
    /// NaN stays NaN (quiet, payload truncated).
    static func bits(from value: Float) -> UInt16 {
        let bits = value.bitPattern
        let sign = UInt16(truncatingIfNeeded: (bits >> 16) & 0x8000)
        let exponent = Int((bits >> 23) & 0xFF)
        let mantissa = bits & 0x7F_FFFF
        if exponent == 0xFF {
            return sign | 0x7C00 | (mantissa != 0 ? 0x0200 | UInt16(truncatingIfNeeded: mantissa >> 13) : 0)
        }
        let halfExponent = exponent - 127 + 15
        if halfExponent >= 0x1F { return sign | 0x7C00 }
        if halfExponent <= 0 {
            if halfExponent < -10 { return sign }
            let full = mantissa | 0x80_0000
            let shift = UInt32(14 - halfExponent)
            var result = full >> shift
            let remainder = full & ((1 << shift) - 1)
            let halfway = UInt32(1) << (shift - 1)
            if remainder > halfway || (remainder == halfway && (result & 1) == 1) { result += 1 }
            return sign | UInt16(truncatingIfNeeded: result)
        }
        var result = UInt32(halfExponent) << 10 | (mantissa >> 13)
        let remainder = mantissa & 0x1FFF
        if remainder > 0x1000 || (remainder == 0x1000 && (result & 1) == 1) { result += 1 }
        return sign | UInt16(truncatingIfNeeded: result)
    }

    /// The `Float` equal to the binary16 value `bits` (exact). Branch-free (three candidates and a
    /// select), so loops over arrays vectorise.
    @inline(__always)
    static func value(from bits: UInt16) -> Float {
        let magnitude = UInt32(bits & 0x7FFF)
        let sign = UInt32(bits & 0x8000) << 16
        let exponent = magnitude & 0x7C00
        // Normal: same mantissa, exponent rebiased from 15 to 127.
        let normal = (magnitude << 13) &+ 0x3800_0000
        // Infinity and NaN: exponent all ones, mantissa (payload) kept.
        let special = (magnitude << 13) | 0x7F80_0000
        // Subnormal (and zero): mantissa · 2^−24, exact in a Float.
        let subnormal = (Float(Int32(bitPattern: magnitude)) * 0x1p-24).bitPattern
        let result = exponent == 0 ? subnormal : (exponent == 0x7C00 ? special : normal)
        return Float(bitPattern: sign | result)
    }

    /// Whether `convert(_:to:count:)` can use the CPU's conversion instructions (F16C on x86-64,
    /// AdvSIMD on arm64; asked once: the query costs a CPUID).
    static let isAccelerated = odml_half_to_float_accelerated_is_available() != 0

    /// Converts `count` little-endian binary16 values at `source` (any alignment) into `destination`:
    /// with the CPU's instructions when it has them and `source` is 2-byte aligned (a signalling
    /// NaN then comes out quiet), else with `portableConvert(_:to:count:)`.
    static func convert(_ source: UnsafeRawPointer, to destination: UnsafeMutablePointer<Float>, count: Int) {
        #if _endian(little)
        if isAccelerated, Int(bitPattern: source) % 2 == 0 {
            odml_half_to_float_accelerated(source.assumingMemoryBound(to: UInt16.self), destination, count)
            return
        }
        #endif
        portableConvert(source, to: destination, count: count)
    }

    /// `convert(_:to:count:)` in Swift: exact, NaN payloads and signalling bits kept. The loop has
    /// no overflow checks or branches, so it vectorises.
    static func portableConvert(_ source: UnsafeRawPointer, to destination: UnsafeMutablePointer<Float>, count: Int) {
        for index in 0..<count {
            let bits = UInt16(littleEndian: source.loadUnaligned(fromByteOffset: index &* 2, as: UInt16.self))
            destination[index] = value(from: bits)
        }
    }
}
