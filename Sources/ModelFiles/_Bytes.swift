/// Little-endian stores into a raw buffer (writer side).
extension UnsafeMutableRawBufferPointer {
    @inline(__always) func _store<T: FixedWidthInteger>(_ value: T, at offset: Int) {
        storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self)
    }

    @inline(__always) func _store(_ value: Float, at offset: Int) {
        storeBytes(of: value.bitPattern.littleEndian, toByteOffset: offset, as: UInt32.self)
    }
}

/// Little-endian loads from a raw buffer (reader side). Callers check bounds first.
extension UnsafeRawBufferPointer {
    @inline(__always) func _load<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
        T(littleEndian: loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    @inline(__always) func _loadFloat(at offset: Int) -> Float {
        Float(bitPattern: UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }
}
