/// Why a model could not be exported to ONNX. `description` is one line a person can act on.
public enum ONNXExportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The model file's kind has no exporter.
    case unsupportedKind(kind: String, supported: [String])
    /// A section the exporter needs is absent or has the wrong shape.
    case invalidSection(name: String, reason: String)
    /// A header property the exporter needs is absent or malformed.
    case invalidProperty(key: String, reason: String)
    /// Input rows for reference outputs do not match the model's input.
    case inputMismatch(expected: String, found: String)

    public var description: String {
        switch self {
        case let .unsupportedKind(kind, supported):
            return "model kind \"\(kind)\" cannot be exported to ONNX; supported kinds: \(supported.joined(separator: ", "))"
        case let .invalidSection(name, reason):
            return "section \"\(name)\": \(reason)"
        case let .invalidProperty(key, reason):
            return "header property \"\(key)\": \(reason)"
        case let .inputMismatch(expected, found):
            return "input rows have \(found), expected \(expected)"
        }
    }
}
