import Cycles
import CyclesLab
import Foundation
import SwiftProtobuf
import TensorCore

/// Accumulates the nodes, initializers, inputs and outputs of one ONNX graph and assembles the
/// `ModelProto`. Node and tensor names are made unique by the caller (stable, readable names such
/// as `lstm.0.W` keep the exported graph easy to inspect in Netron).
struct _GraphBuilder {
    /// ONNX IR version written (IR 8 goes with opset 17).
    static let irVersion: Int64 = 8
    /// Default-domain opset the graphs use.
    static let defaultOpset: Int64 = 17
    /// `ai.onnx.ml` opset the tree ensembles use.
    static let machineLearningOpset: Int64 = 3
    /// The `ai.onnx.ml` domain name.
    static let machineLearningDomain = "ai.onnx.ml"

    var graph = Onnx_GraphProto()
    var usesMachineLearningDomain = false

    init(name: String) {
        graph.name = name
    }

    /// Adds a float tensor initializer `[shape]` holding `values` (row-major), little-endian raw data.
    mutating func addInitializer(_ name: String, shape: [Int], values: [Float]) {
        precondition(shape.reduce(1, *) == values.count, "initializer \(name): \(values.count) values for shape \(shape)")
        var tensor = Onnx_TensorProto()
        tensor.name = name
        tensor.dims = shape.map(Int64.init)
        tensor.dataType = Int32(Onnx_TensorProto.DataType.float.rawValue)
        var data = Data(capacity: values.count * 4)
        for value in values { withUnsafeBytes(of: value.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
        tensor.rawData = data
        graph.initializer.append(tensor)
    }

    /// Adds an int64 tensor initializer `[values.count]`.
    mutating func addInitializer(_ name: String, int64Values values: [Int64]) {
        var tensor = Onnx_TensorProto()
        tensor.name = name
        tensor.dims = [Int64(values.count)]
        tensor.dataType = Int32(Onnx_TensorProto.DataType.int64.rawValue)
        var data = Data(capacity: values.count * 8)
        for value in values { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        tensor.rawData = data
        graph.initializer.append(tensor)
    }

    /// Adds a node `opType(inputs) -> outputs`.
    mutating func addNode(_ opType: String, name: String, inputs: [String], outputs: [String],
                          domain: String = "", attributes: [Onnx_AttributeProto] = []) {
        var node = Onnx_NodeProto()
        node.opType = opType
        node.name = name
        node.input = inputs
        node.output = outputs
        if !domain.isEmpty {
            node.domain = domain
            if domain == _GraphBuilder.machineLearningDomain { usesMachineLearningDomain = true }
        }
        node.attribute = attributes
        graph.node.append(node)
    }

    /// Declares a graph input.
    mutating func addInput(_ info: TensorDescription) {
        graph.input.append(info.onnxValueInfo)
    }

    /// Declares a graph output.
    mutating func addOutput(_ info: TensorDescription) {
        graph.output.append(info.onnxValueInfo)
    }

    /// The model: this graph, the opsets it imports, and `documentation` as the model's doc string.
    func model(producerVersion: String, documentation: String, metadata: [String: String]) -> Onnx_ModelProto {
        var model = Onnx_ModelProto()
        model.irVersion = _GraphBuilder.irVersion
        model.producerName = "OnDeviceML"
        model.producerVersion = producerVersion
        model.docString = documentation
        var standard = Onnx_OperatorSetIdProto()
        standard.domain = ""
        standard.version = _GraphBuilder.defaultOpset
        model.opsetImport = [standard]
        if usesMachineLearningDomain {
            var machineLearning = Onnx_OperatorSetIdProto()
            machineLearning.domain = _GraphBuilder.machineLearningDomain
            machineLearning.version = _GraphBuilder.machineLearningOpset
            model.opsetImport.append(machineLearning)
        }
        model.metadataProps = metadata.keys.sorted().map { key in
            var entry = Onnx_StringStringEntryProto()
            entry.key = key
            entry.value = metadata[key]!
            return entry
        }
        model.graph = graph
        return model
    }
}

extension _GraphBuilder {
    /// The serialized model with its input, outputs and operator types (`domain.opType` outside the default domain).
    /// - Throws: `ModelExportError.encodingFailed` if swift-protobuf cannot serialize it.
    func exported(input: TensorDescription, outputs: [TensorDescription], documentation: String,
                  metadata: [String: String]) throws -> ExportedModel {
        let proto = model(producerVersion: OnDeviceMLVersion.current, documentation: documentation, metadata: metadata)
        let data: Data
        do {
            data = try proto.serializedData()
        } catch {
            throw ModelExportError.encodingFailed(format: .onnx, reason: "\(error)")
        }
        let operators = graph.node.map { $0.domain.isEmpty ? $0.opType : $0.domain + "." + $0.opType }
        return ExportedModel(format: .onnx, data: data, input: input, outputs: outputs, operators: operators, documentation: documentation)
    }
}

/// Attribute constructors (`Onnx_AttributeProto` with its type tag set).
enum _Attribute {
    static func int(_ name: String, _ value: Int64) -> Onnx_AttributeProto {
        var attribute = Onnx_AttributeProto()
        attribute.name = name
        attribute.type = .int
        attribute.i = value
        return attribute
    }

    static func string(_ name: String, _ value: String) -> Onnx_AttributeProto {
        var attribute = Onnx_AttributeProto()
        attribute.name = name
        attribute.type = .string
        attribute.s = Data(value.utf8)
        return attribute
    }

    static func ints(_ name: String, _ values: [Int64]) -> Onnx_AttributeProto {
        var attribute = Onnx_AttributeProto()
        attribute.name = name
        attribute.type = .ints
        attribute.ints = values
        return attribute
    }

    static func floats(_ name: String, _ values: [Float]) -> Onnx_AttributeProto {
        var attribute = Onnx_AttributeProto()
        attribute.name = name
        attribute.type = .floats
        attribute.floats = values
        return attribute
    }

    static func strings(_ name: String, _ values: [String]) -> Onnx_AttributeProto {
        var attribute = Onnx_AttributeProto()
        attribute.name = name
        attribute.type = .strings
        attribute.strings = values.map { Data($0.utf8) }
        return attribute
    }
}
