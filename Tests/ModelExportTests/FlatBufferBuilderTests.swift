import Testing
@testable import ModelExport
import CyclesLab

/// The FlatBuffers encoder, read back with a minimal reader written from the format's description
/// (root `uoffset_t`, file identifier, `soffset_t` to the vtable, forward offsets, alignment).
struct FlatBufferBuilderTests {
    /// Reads little-endian scalars, tables and vectors of a buffer.
    struct Reader {
        let bytes: [UInt8]

        func scalar<T: FixedWidthInteger>(_: T.Type, at position: Int) -> T {
            #expect(position % MemoryLayout<T>.size == 0, "unaligned \(T.self) at \(position)")
            return bytes[position..<(position + MemoryLayout<T>.size)].reversed().reduce(T(0)) { $0 << 8 | T($1) }
        }

        /// Follows the forward `uoffset_t` stored at `position`.
        func follow(_ position: Int) -> Int {
            let offset = Int(scalar(UInt32.self, at: position))
            #expect(offset > 0)
            return position + offset
        }

        /// The position of field `id` of the table at `table`, or `nil` when absent.
        func field(_ id: Int, of table: Int) -> Int? {
            let vtable = table - Int(scalar(Int32.self, at: table))
            let vtableSize = Int(scalar(UInt16.self, at: vtable))
            guard 4 + 2 * id < vtableSize else { return nil }
            let offset = Int(scalar(UInt16.self, at: vtable + 4 + 2 * id))
            return offset == 0 ? nil : table + offset
        }

        func string(at position: Int) -> String {
            let start = follow(position), count = Int(scalar(UInt32.self, at: start))
            #expect(bytes[start + 4 + count] == 0)
            return String(decoding: bytes[(start + 4)..<(start + 4 + count)], as: UTF8.self)
        }

        func int32s(at position: Int) -> [Int32] {
            let start = follow(position), count = Int(scalar(UInt32.self, at: start))
            return (0..<count).map { scalar(Int32.self, at: start + 4 + 4 * $0) }
        }
    }

    @Test func encodedTableReadsBack() throws {
        var inner = _FlatBufferTable()
        inner.set(0, float: 1.5)
        var root = _FlatBufferTable()
        root.set(0, int32: -7)
        root.set(1, .string("héllo"))
        root.set(2, .int32s([1, 2, 3]))
        root.set(3, .bytes([9, 8, 7], alignment: 16))
        root.set(5, .objects([.table(inner), .table(inner)]))
        root.set(6, bool: true)
        root.set(7, uint8: 200)
        let bytes = _FlatBufferBuilder.encode(root: root, fileIdentifier: "TEST")
        let reader = Reader(bytes: bytes)
        #expect(Array(bytes[4..<8]) == Array("TEST".utf8))
        let table = reader.follow(0)
        #expect(reader.scalar(Int32.self, at: try #require(reader.field(0, of: table))) == -7)
        #expect(reader.string(at: try #require(reader.field(1, of: table))) == "héllo")
        #expect(reader.int32s(at: try #require(reader.field(2, of: table))) == [1, 2, 3])
        let data = reader.follow(try #require(reader.field(3, of: table)))
        #expect((data + 4) % 16 == 0, "ubyte vector data is 16-byte aligned")
        #expect(Array(bytes[(data + 4)..<(data + 7)]) == [9, 8, 7])
        #expect(reader.field(4, of: table) == nil)
        let vector = reader.follow(try #require(reader.field(5, of: table)))
        #expect(reader.scalar(UInt32.self, at: vector) == 2)
        for index in 0..<2 {
            let element = reader.follow(vector + 4 + 4 * index)
            let value = reader.scalar(UInt32.self, at: try #require(reader.field(0, of: element)))
            #expect(Float(bitPattern: value) == 1.5)
        }
        #expect(bytes[try #require(reader.field(6, of: table))] == 1)
        #expect(bytes[try #require(reader.field(7, of: table))] == 200)
        #expect(reader.field(8, of: table) == nil)
    }

    @Test func tfliteFileHasTheSchemaIdentifierVersionAndOperators() throws {
        let exported = try ModelExporter.export(.recurrent(TinyModels.lstmLayout()), kind: "tiny-lstm", format: .tflite)
        let bytes = [UInt8](exported.data)
        let reader = Reader(bytes: bytes)
        #expect(Array(bytes[4..<8]) == Array("TFL3".utf8))
        let model = reader.follow(0)
        #expect(reader.scalar(UInt32.self, at: try #require(reader.field(0, of: model))) == 3)
        let codes = reader.follow(try #require(reader.field(1, of: model)))
        let builtins = (0..<Int(reader.scalar(UInt32.self, at: codes))).map { index -> Int32 in
            let code = reader.follow(codes + 4 + 4 * index)
            return reader.scalar(Int32.self, at: reader.field(3, of: code)!)
        }
        #expect(Set(builtins) == [41, 42, 44, 9])   // SUB, DIV, UNIDIRECTIONAL_SEQUENCE_LSTM, FULLY_CONNECTED
        #expect(exported.operators == ["SUB", "DIV", "UNIDIRECTIONAL_SEQUENCE_LSTM", "UNIDIRECTIONAL_SEQUENCE_LSTM",
                                       "FULLY_CONNECTED", "FULLY_CONNECTED", "FULLY_CONNECTED"])
        #expect(exported.input.shapeDescription == "[steps, 1, 5]")
    }
}
