/// Accumulates the tensors, constant buffers and operators of one TFLite subgraph and encodes the
/// model (`Model` with one `SubGraph` and a `serving_default` signature). Tensor names are made
/// unique by the caller.
struct _TFLiteGraph {
    private struct TensorEntry {
        var name: String
        var type: _TFLiteSchema.TensorType
        var shape: [Int32]
        var signature: [Int32]?
        var buffer: UInt32
        var isVariable: Bool
    }

    private struct OperatorEntry {
        var opcodeIndex: UInt32
        var inputs: [Int32]
        var outputs: [Int32]
        var options: _TFLiteSchema.Options?
    }

    /// The index that marks an omitted optional operator input.
    static let omitted: Int32 = -1

    private var tensors: [TensorEntry] = []
    /// Constant data; buffer 0 is the empty sentinel the schema requires.
    private var buffers: [[UInt8]] = [[]]
    private var operatorCodes: [_TFLiteSchema.Operator] = []
    private var operators: [OperatorEntry] = []
    private var inputs: [(name: String, tensor: Int32)] = []
    private var outputs: [(name: String, tensor: Int32)] = []

    /// Operator names in execution order.
    private(set) var operatorNames: [String] = []

    /// Bytes of constant data so far.
    var constantByteCount: Int { buffers.reduce(0) { $0 + $1.count } }

    /// Adds a tensor computed at run time. `shape` is the shape for one row; dimensions marked in
    /// `dynamic` are written as -1 in the shape signature (batch or steps chosen at run time).
    mutating func addTensor(_ name: String, type: _TFLiteSchema.TensorType = .float32, shape: [Int], dynamic: Set<Int> = [],
                            isVariable: Bool = false) -> Int32 {
        let signature = dynamic.isEmpty ? nil : shape.indices.map { dynamic.contains($0) ? -1 : Int32(shape[$0]) }
        tensors.append(TensorEntry(name: name, type: type, shape: shape.map { Int32($0) }, signature: signature, buffer: 0,
                                   isVariable: isVariable))
        return Int32(tensors.count - 1)
    }

    /// Adds a float32 constant `[shape]` holding `values` row-major.
    mutating func addConstant(_ name: String, shape: [Int], floats values: [Float]) -> Int32 {
        precondition(shape.reduce(1, *) == values.count, "constant \(name): \(values.count) values for shape \(shape)")
        return addConstant(name, type: .float32, shape: shape, bytes: values.flatMap { _littleEndian($0.bitPattern) })
    }

    /// Adds an int32 constant `[shape]`.
    mutating func addConstant(_ name: String, shape: [Int], int32s values: [Int32]) -> Int32 {
        precondition(shape.reduce(1, *) == values.count, "constant \(name): \(values.count) values for shape \(shape)")
        return addConstant(name, type: .int32, shape: shape, bytes: values.flatMap { _littleEndian($0) })
    }

    /// Adds a bool constant `[shape]`.
    mutating func addConstant(_ name: String, shape: [Int], bools values: [Bool]) -> Int32 {
        precondition(shape.reduce(1, *) == values.count, "constant \(name): \(values.count) values for shape \(shape)")
        return addConstant(name, type: .bool, shape: shape, bytes: values.map { $0 ? 1 : 0 })
    }

    private mutating func addConstant(_ name: String, type: _TFLiteSchema.TensorType, shape: [Int], bytes: [UInt8]) -> Int32 {
        buffers.append(bytes)
        tensors.append(TensorEntry(name: name, type: type, shape: shape.map { Int32($0) }, signature: nil,
                                   buffer: UInt32(buffers.count - 1), isVariable: false))
        return Int32(tensors.count - 1)
    }

    /// Adds `op(inputs) -> outputs` with its options.
    mutating func addOperator(_ op: _TFLiteSchema.Operator, inputs: [Int32], outputs: [Int32], options: _TFLiteSchema.Options? = nil) {
        let index: Int
        if let existing = operatorCodes.firstIndex(of: op) {
            index = existing
        } else {
            operatorCodes.append(op)
            index = operatorCodes.count - 1
        }
        operators.append(OperatorEntry(opcodeIndex: UInt32(index), inputs: inputs, outputs: outputs, options: options))
        operatorNames.append(op.name)
    }

    /// Declares `tensor` a subgraph input named `name` in the signature.
    mutating func markInput(_ tensor: Int32, name: String) { inputs.append((name, tensor)) }

    /// Declares `tensor` a subgraph output named `name` in the signature.
    mutating func markOutput(_ tensor: Int32, name: String) { outputs.append((name, tensor)) }

    /// The `.tflite` bytes. Constant buffers start at multiples of 16 (`Buffer.data` is `force_align: 16`).
    func encoded(subgraphName: String, description: String) -> [UInt8] {
        typealias Schema = _TFLiteSchema
        let tensorTables = tensors.map { entry -> _FlatBufferObject in
            var table = _FlatBufferTable()
            table.set(Schema.Tensor.shape, .int32s(entry.shape))
            table.set(Schema.Tensor.type, int8: entry.type.rawValue)
            table.set(Schema.Tensor.buffer, uint32: entry.buffer)
            table.set(Schema.Tensor.name, .string(entry.name))
            if entry.isVariable { table.set(Schema.Tensor.isVariable, bool: true) }
            if let signature = entry.signature { table.set(Schema.Tensor.shapeSignature, .int32s(signature)) }
            table.set(Schema.Tensor.hasRank, bool: true)
            return .table(table)
        }
        let operatorTables = operators.map { entry -> _FlatBufferObject in
            var table = _FlatBufferTable()
            table.set(Schema.Operation.opcodeIndex, uint32: entry.opcodeIndex)
            table.set(Schema.Operation.inputs, .int32s(entry.inputs))
            table.set(Schema.Operation.outputs, .int32s(entry.outputs))
            if let options = entry.options {
                table.set(Schema.Operation.builtinOptionsType, uint8: options.unionType)
                table.set(Schema.Operation.builtinOptions, .table(options.table))
            }
            return .table(table)
        }
        var subgraph = _FlatBufferTable()
        subgraph.set(Schema.SubGraph.tensors, .objects(tensorTables))
        subgraph.set(Schema.SubGraph.inputs, .int32s(inputs.map(\.tensor)))
        subgraph.set(Schema.SubGraph.outputs, .int32s(outputs.map(\.tensor)))
        subgraph.set(Schema.SubGraph.operators, .objects(operatorTables))
        subgraph.set(Schema.SubGraph.name, .string(subgraphName))

        let codes = operatorCodes.map { op -> _FlatBufferObject in
            var table = _FlatBufferTable()
            table.set(Schema.OperatorCode.deprecatedBuiltinCode, int8: Int8(clamping: min(op.rawValue, 127)))
            table.set(Schema.OperatorCode.version, int32: 1)
            table.set(Schema.OperatorCode.builtinCode, int32: op.rawValue)
            return .table(table)
        }
        let bufferTables = buffers.map { bytes -> _FlatBufferObject in
            var table = _FlatBufferTable()
            if !bytes.isEmpty { table.set(Schema.Buffer.data, .bytes(bytes, alignment: 16)) }
            return .table(table)
        }
        func tensorMaps(_ entries: [(name: String, tensor: Int32)]) -> _FlatBufferObject {
            .objects(entries.map { entry in
                var table = _FlatBufferTable()
                table.set(Schema.TensorMap.name, .string(entry.name))
                table.set(Schema.TensorMap.tensorIndex, uint32: UInt32(entry.tensor))
                return .table(table)
            })
        }
        var signature = _FlatBufferTable()
        signature.set(Schema.SignatureDef.inputs, tensorMaps(inputs))
        signature.set(Schema.SignatureDef.outputs, tensorMaps(outputs))
        signature.set(Schema.SignatureDef.signatureKey, .string("serving_default"))
        signature.set(Schema.SignatureDef.subgraphIndex, uint32: 0)

        var model = _FlatBufferTable()
        model.set(Schema.Model.version, uint32: Schema.schemaVersion)
        model.set(Schema.Model.operatorCodes, .objects(codes))
        model.set(Schema.Model.subgraphs, .objects([.table(subgraph)]))
        model.set(Schema.Model.description, .string(description))
        model.set(Schema.Model.buffers, .objects(bufferTables))
        model.set(Schema.Model.signatureDefs, .objects([.table(signature)]))
        return _FlatBufferBuilder.encode(root: model, fileIdentifier: Schema.fileIdentifier)
    }
}
