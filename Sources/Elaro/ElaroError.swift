/// Errors thrown by the `Elaro` module on bad input.
public enum ElaroError: Error, Equatable, CustomStringConvertible {
    /// The library JSON breaks its schema; `entry` names the action (`actions[3] (id "x")`) or the root.
    case schemaViolation(entry: String, field: String, expected: String, found: String)
    /// The library JSON could not be parsed at all.
    case malformedJSON(source: String, detail: String)
    /// A file could not be read or written.
    case fileAccess(path: String, detail: String)
    /// A state or log value is invalid.
    case invalidValue(field: String, expected: String, found: String)
    /// A log line could not be parsed.
    case malformedLogLine(path: String, line: Int, detail: String)

    public var description: String {
        switch self {
        case let .schemaViolation(entry, field, expected, found):
            return "action library: \(entry), field \(field): expected \(expected), found \(found)"
        case let .malformedJSON(source, detail):
            return "\(source): not valid JSON (\(detail))"
        case let .fileAccess(path, detail):
            return "\(path): \(detail)"
        case let .invalidValue(field, expected, found):
            return "\(field): expected \(expected), found \(found)"
        case let .malformedLogLine(path, line, detail):
            return "\(path):\(line): \(detail)"
        }
    }
}
