/// Why a model could not be exported. `description` is one line a person can act on.
public enum ModelExportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The model file's kind is not in `ModelKindRegistry`.
    case unknownKind(kind: String, known: [String])
    /// The kind has no learned computation to export (the rule engine, the calendar).
    case nothingToExport(kind: String)
    /// The model uses something the format cannot express; exporting it would give another model.
    case unsupported(format: ExportFormat, part: String, reason: String)
    /// Input rows for reference outputs do not match the model's input.
    case inputMismatch(expected: String, found: String)
    /// The format's encoder failed.
    case encodingFailed(format: ExportFormat, reason: String)

    public var description: String {
        switch self {
        case let .unknownKind(kind, known):
            return "model kind \"\(kind)\" has no exporter; exportable kinds: \(known.joined(separator: ", "))"
        case let .nothingToExport(kind):
            return "model kind \"\(kind)\" has no learned parameters to export"
        case let .unsupported(format, part, reason):
            return "\(part): \(reason); \(format.displayName) cannot express it, so the model is not exported"
        case let .inputMismatch(expected, found):
            return "input rows have \(found), expected \(expected)"
        case let .encodingFailed(format, reason):
            return "cannot encode the \(format.displayName) model: \(reason)"
        }
    }
}
