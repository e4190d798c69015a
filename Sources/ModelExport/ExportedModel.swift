import Cycles
import CyclesLab
import Foundation

/// An exported model: the bytes of the file and a description of its input, outputs and operators.
public struct ExportedModel: Sendable {
    /// The file format.
    public var format: ExportFormat
    /// The file's bytes (`.onnx`, `.tflite` or `.mlmodel`).
    public var data: Data
    /// The model's input, with the shape the format uses.
    public var input: TensorDescription
    /// The model's outputs, in the file's order.
    public var outputs: [TensorDescription]
    /// Operator or layer types in execution order, for example `"LSTM"`,
    /// `"ai.onnx.ml.TreeEnsembleRegressor"`, `"UNIDIRECTIONAL_SEQUENCE_LSTM"` or `"uniDirectionalLSTM"`.
    public var operators: [String]
    /// What the model computes and what stays outside it (also the file's doc string).
    public var documentation: String

    /// Writes `data` to `url` atomically (temporary file, then rename).
    /// - Throws: the file system's error when the file cannot be written.
    public func write(to url: URL) throws {
        try data.write(to: url, options: .atomic)
    }
}
