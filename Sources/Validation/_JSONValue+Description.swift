import Cycles

extension _JSONValue: CustomStringConvertible {
    /// How the value is named in error messages about configuration files.
    package var description: String {
        switch self {
        case let .string(value): return "\"\(value)\""
        case let .number(value): return value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
        case let .bool(value): return "\(value)"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
