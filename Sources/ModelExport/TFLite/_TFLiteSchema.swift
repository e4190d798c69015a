/// The parts of the TFLite schema (`tensorflow/compiler/mlir/lite/schema/schema.fbs`, schema
/// version 3) the exporter writes: enum values, union member indices and table field ids, as the
/// schema declares them.
enum _TFLiteSchema {
    /// `TensorType`.
    enum TensorType: Int8 {
        case float32 = 0
        case int32 = 2
        case int64 = 4
        case bool = 6
    }

    /// `BuiltinOperator` values of the operators the exporter uses.
    enum Operator: Int32 {
        case fullyConnected = 9
        case reshape = 22
        case gather = 36
        case transpose = 39
        case sub = 41
        case div = 42
        case unidirectionalSequenceLSTM = 44
        case cast = 53
        case argMax = 56
        case lessEqual = 63
        case equal = 71
        case notEqual = 72
        case logicalOr = 84
        case logicalAnd = 86
        case batchMatMul = 126

        /// The schema's enum name, for example `"UNIDIRECTIONAL_SEQUENCE_LSTM"`.
        var name: String {
            switch self {
            case .fullyConnected: return "FULLY_CONNECTED"
            case .reshape: return "RESHAPE"
            case .gather: return "GATHER"
            case .transpose: return "TRANSPOSE"
            case .sub: return "SUB"
            case .div: return "DIV"
            case .unidirectionalSequenceLSTM: return "UNIDIRECTIONAL_SEQUENCE_LSTM"
            case .cast: return "CAST"
            case .argMax: return "ARG_MAX"
            case .lessEqual: return "LESS_EQUAL"
            case .equal: return "EQUAL"
            case .notEqual: return "NOT_EQUAL"
            case .logicalOr: return "LOGICAL_OR"
            case .logicalAnd: return "LOGICAL_AND"
            case .batchMatMul: return "BATCH_MATMUL"
            }
        }
    }

    /// `ActivationFunctionType`.
    enum Activation: Int8 {
        case none = 0
        case tanh = 4
    }

    /// The `BuiltinOptions` union member (its 1-based index in the union) and table of an operator.
    enum Options {
        case fullyConnected(keepNumDims: Bool)
        case sub, div
        case reshape(newShape: [Int32])
        case gather(axis: Int32)
        case transpose
        case cast(from: TensorType, to: TensorType)
        case argMax(outputType: TensorType)
        case lessEqual, equal, notEqual, logicalOr, logicalAnd
        case batchMatMul
        case unidirectionalSequenceLSTM(activation: Activation, timeMajor: Bool)

        /// The union's type tag.
        var unionType: UInt8 {
            switch self {
            case .fullyConnected: return 8
            case .reshape: return 17
            case .gather: return 23
            case .transpose: return 26
            case .sub: return 28
            case .div: return 29
            case .cast: return 37
            case .argMax: return 40
            case .lessEqual: return 46
            case .equal: return 53
            case .notEqual: return 54
            case .logicalOr: return 60
            case .logicalAnd: return 62
            case .unidirectionalSequenceLSTM: return 71
            case .batchMatMul: return 101
            }
        }

        /// The options table.
        var table: _FlatBufferTable {
            var table = _FlatBufferTable()
            switch self {
            case let .fullyConnected(keepNumDims):
                table.set(0, int8: Activation.none.rawValue)   // fused_activation_function
                table.set(2, bool: keepNumDims)                 // keep_num_dims
            case .sub, .div:
                table.set(0, int8: Activation.none.rawValue)   // fused_activation_function
            case let .reshape(newShape):
                table.set(0, .int32s(newShape))                 // new_shape
            case let .gather(axis):
                table.set(0, int32: axis)                       // axis
            case let .cast(from, to):
                table.set(0, int8: from.rawValue)               // in_data_type
                table.set(1, int8: to.rawValue)                 // out_data_type
            case let .argMax(outputType):
                table.set(0, int8: outputType.rawValue)         // output_type
            case let .unidirectionalSequenceLSTM(activation, timeMajor):
                table.set(0, int8: activation.rawValue)         // fused_activation_function
                table.set(1, float: 0)                          // cell_clip: none
                table.set(2, float: 0)                          // proj_clip: none
                table.set(3, bool: timeMajor)                   // time_major
            case .transpose, .lessEqual, .equal, .notEqual, .logicalOr, .logicalAnd, .batchMatMul:
                break
            }
            return table
        }
    }

    /// Field ids of the tables the exporter writes.
    enum Model { static let version = 0, operatorCodes = 1, subgraphs = 2, description = 3, buffers = 4, signatureDefs = 7 }
    enum OperatorCode { static let deprecatedBuiltinCode = 0, version = 2, builtinCode = 3 }
    enum SubGraph { static let tensors = 0, inputs = 1, outputs = 2, operators = 3, name = 4 }
    enum Tensor { static let shape = 0, type = 1, buffer = 2, name = 3, isVariable = 5, shapeSignature = 7, hasRank = 8 }
    enum Operation { static let opcodeIndex = 0, inputs = 1, outputs = 2, builtinOptionsType = 3, builtinOptions = 4 }
    enum Buffer { static let data = 0 }
    enum SignatureDef { static let inputs = 0, outputs = 1, signatureKey = 2, subgraphIndex = 4 }
    enum TensorMap { static let name = 0, tensorIndex = 1 }

    /// The schema version written in `Model.version`.
    static let schemaVersion: UInt32 = 3
    /// The file identifier.
    static let fileIdentifier = "TFL3"
}
