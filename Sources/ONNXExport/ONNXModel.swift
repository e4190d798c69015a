import Foundation
import SwiftProtobuf

/// An exported ONNX model: the serialized `ModelProto` and a description of its graph's
/// input and outputs.
public struct ONNXModel: Sendable {
    /// The serialized `onnx.ModelProto` (the bytes of a `.onnx` file).
    public var serializedData: Data
    /// The graph's single input.
    public var input: ONNXTensorInfo
    /// The graph's outputs, in graph order.
    public var outputs: [ONNXTensorInfo]
    /// What the graph computes and what stays outside it (also the model's doc string).
    public var documentation: String

    /// Writes `serializedData` to `url` atomically (temporary file, then rename).
    /// - Throws: the file system's error when the file cannot be written.
    public func write(to url: URL) throws {
        try serializedData.write(to: url, options: .atomic)
    }

    /// Node operator types in graph order, with their domain (`"ai.onnx.ml.TreeEnsembleRegressor"`,
    /// `"LSTM"`), parsed back from `serializedData`.
    /// - Throws: `SwiftProtobuf.BinaryDecodingError` if the bytes are not a `ModelProto`.
    public func operatorTypes() throws -> [String] {
        let model = try Onnx_ModelProto(serializedBytes: serializedData)
        return model.graph.node.map { $0.domain.isEmpty ? $0.opType : $0.domain + "." + $0.opType }
    }
}
