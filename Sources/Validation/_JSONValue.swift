/// A parsed JSON value with its type kept (a `true` is never a number), for precise messages
/// about configuration files.
enum _JSONValue: Decodable, CustomStringConvertible {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([_JSONValue])
    case object([String: _JSONValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([_JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: _JSONValue].self)) }
    }

    /// How the value is named in error messages.
    var description: String {
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
