/// A table of a FlatBuffer to encode: field id → inline scalar or reference to another object.
/// Field ids are the 0-based order of the fields in the schema's table (a union takes two ids:
/// its type, then its value).
struct _FlatBufferTable {
    /// One field's value.
    enum Field {
        /// A scalar, little-endian, 1, 2, 4 or 8 bytes.
        case scalar([UInt8])
        /// An offset to a table, vector or string written elsewhere in the buffer.
        case object(_FlatBufferObject)
    }

    private(set) var fields: [Int: Field] = [:]

    mutating func set(_ id: Int, bool value: Bool) { fields[id] = .scalar([value ? 1 : 0]) }
    mutating func set(_ id: Int, int8 value: Int8) { fields[id] = .scalar([UInt8(bitPattern: value)]) }
    mutating func set(_ id: Int, uint8 value: UInt8) { fields[id] = .scalar([value]) }
    mutating func set(_ id: Int, int32 value: Int32) { fields[id] = .scalar(_littleEndian(value)) }
    mutating func set(_ id: Int, uint32 value: UInt32) { fields[id] = .scalar(_littleEndian(value)) }
    mutating func set(_ id: Int, float value: Float) { fields[id] = .scalar(_littleEndian(value.bitPattern)) }
    mutating func set(_ id: Int, _ object: _FlatBufferObject) { fields[id] = .object(object) }
}

/// An object a field or a vector refers to.
indirect enum _FlatBufferObject {
    /// A table.
    case table(_FlatBufferTable)
    /// A string (UTF-8, zero-terminated).
    case string(String)
    /// A vector of scalars: `bytes` holds `count` little-endian elements of `elementSize` bytes;
    /// the elements start at a multiple of `alignment` (at least the element size and 4).
    case scalars(bytes: [UInt8], elementSize: Int, count: Int, alignment: Int)
    /// A vector of tables or strings.
    case objects([_FlatBufferObject])

    /// A vector of `int` (int32).
    static func int32s(_ values: [Int32]) -> _FlatBufferObject {
        .scalars(bytes: values.flatMap { _littleEndian($0) }, elementSize: 4, count: values.count, alignment: 4)
    }

    /// A vector of `ubyte` whose data starts at a multiple of `alignment`.
    static func bytes(_ values: [UInt8], alignment: Int = 4) -> _FlatBufferObject {
        .scalars(bytes: values, elementSize: 1, count: values.count, alignment: alignment)
    }
}

/// Encodes a FlatBuffer (the binary format of <https://flatbuffers.dev>, "internals") front to
/// back: the root offset and file identifier, then each object after the object that refers to
/// it, so that every `uoffset_t` points forward as the format requires. Each table's vtable is
/// written just before the table (`soffset_t` = table − vtable > 0). Objects are written in
/// breadth-first order; vtables are not shared (a few bytes per table).
struct _FlatBufferBuilder {
    private var buffer: [UInt8] = []
    /// Objects still to write, with the position of the `uoffset_t` that refers to each.
    private var pending: [(slot: Int, object: _FlatBufferObject)] = []

    /// The bytes of a buffer whose root is `root`, with the 4-character `fileIdentifier` at bytes 4..<8.
    static func encode(root: _FlatBufferTable, fileIdentifier: String) -> [UInt8] {
        precondition(fileIdentifier.utf8.count == 4, "a FlatBuffers file identifier has 4 bytes")
        var builder = _FlatBufferBuilder()
        builder.buffer = [0, 0, 0, 0] + Array(fileIdentifier.utf8)
        builder.pending = [(0, .table(root))]
        var next = 0
        while next < builder.pending.count {
            let (slot, object) = builder.pending[next]
            next += 1
            let position = builder.write(object)
            builder.patch(slot, to: position)
        }
        return builder.buffer
    }

    /// Writes `object` at the end (with its padding) and returns where it starts.
    private mutating func write(_ object: _FlatBufferObject) -> Int {
        switch object {
        case let .table(table):
            return write(table)
        case let .string(text):
            pad(toMultipleOf: 4)
            let position = buffer.count
            let bytes = Array(text.utf8)
            buffer += _littleEndian(UInt32(bytes.count)) + bytes + [0]
            return position
        case let .scalars(bytes, elementSize, count, alignment):
            precondition(bytes.count == elementSize * count, "vector bytes do not match its element count")
            pad(toMultipleOf: max(4, elementSize, alignment), after: 4)
            let position = buffer.count
            buffer += _littleEndian(UInt32(count)) + bytes
            return position
        case let .objects(objects):
            pad(toMultipleOf: 4)
            let position = buffer.count
            buffer += _littleEndian(UInt32(objects.count))
            for object in objects {
                pending.append((buffer.count, object))
                buffer += [0, 0, 0, 0]
            }
            return position
        }
    }

    /// Writes a vtable then its table; returns the table's position.
    private mutating func write(_ table: _FlatBufferTable) -> Int {
        // Inline layout: the soffset_t, then fields from the widest to the narrowest, each aligned to its size.
        let sized = table.fields.map { id, field -> (id: Int, size: Int, field: _FlatBufferTable.Field) in
            switch field {
            case let .scalar(bytes): return (id, bytes.count, field)
            case .object: return (id, 4, field)
            }
        }.sorted { ($0.size, -$0.id) > ($1.size, -$1.id) }
        var offsets: [Int: Int] = [:]
        var size = 4
        for entry in sized {
            size = (size + entry.size - 1) / entry.size * entry.size
            offsets[entry.id] = size
            size += entry.size
        }
        let alignment = max(4, sized.first?.size ?? 4)
        let fieldCount = (table.fields.keys.max() ?? -1) + 1
        var vtable = _littleEndian(UInt16(4 + 2 * fieldCount)) + _littleEndian(UInt16(size))
        for id in 0..<fieldCount { vtable += _littleEndian(UInt16(offsets[id] ?? 0)) }

        pad(toMultipleOf: 2)
        let vtablePosition = buffer.count
        buffer += vtable
        pad(toMultipleOf: alignment)
        let position = buffer.count
        buffer += [UInt8](repeating: 0, count: size)
        buffer.replaceSubrange(position..<(position + 4), with: _littleEndian(Int32(position - vtablePosition)))
        for entry in sized {
            let at = position + offsets[entry.id]!
            switch entry.field {
            case let .scalar(bytes): buffer.replaceSubrange(at..<(at + bytes.count), with: bytes)
            case let .object(object): pending.append((at, object))
            }
        }
        return position
    }

    /// Zero bytes until `buffer.count + after` is a multiple of `alignment`.
    private mutating func pad(toMultipleOf alignment: Int, after: Int = 0) {
        while (buffer.count + after) % alignment != 0 { buffer.append(0) }
    }

    /// Stores the forward `uoffset_t` from `slot` to `target`.
    private mutating func patch(_ slot: Int, to target: Int) {
        precondition(target > slot || slot == 0, "FlatBuffers offsets point forward")
        buffer.replaceSubrange(slot..<(slot + 4), with: _littleEndian(UInt32(target - slot)))
    }
}

/// The little-endian bytes of an integer.
func _littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    withUnsafeBytes(of: value.littleEndian) { Array($0) }
}
