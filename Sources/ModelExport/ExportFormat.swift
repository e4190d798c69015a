/// A file format `odml export` writes.
public enum ExportFormat: String, Sendable, CaseIterable, Codable, CustomStringConvertible {
    /// ONNX (`.onnx`, an `onnx.ModelProto`): opset 17 and `ai.onnx.ml` 3.
    case onnx
    /// TensorFlow Lite / LiteRT (`.tflite`, a FlatBuffer of the TFLite schema, builtin operators only).
    case tflite
    /// Core ML (`.mlmodel`, a `CoreML.Specification.Model` protobuf).
    case coreml

    /// The file extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .onnx: return "onnx"
        case .tflite: return "tflite"
        case .coreml: return "mlmodel"
        }
    }

    /// The format's usual name, for messages.
    public var displayName: String {
        switch self {
        case .onnx: return "ONNX"
        case .tflite: return "TFLite"
        case .coreml: return "Core ML"
        }
    }

    public var description: String { rawValue }
}
