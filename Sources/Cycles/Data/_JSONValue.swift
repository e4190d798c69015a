/// Any JSON value, decoded and re-encoded as it came (numbers as `Double`, a `true` never a
/// number): a user's `preferences` object read from a history document and kept as text
/// (`UserProfile.preferencesJSON`), the generator config a dataset manifest keeps
/// (`DatasetManifest.config`), a lab configuration file read field by field.
package enum _JSONValue: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([_JSONValue])
    case object([String: _JSONValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([_JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: _JSONValue].self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case let .bool(value): try container.encode(value)
        case let .number(value): try container.encode(value)
        case let .string(value): try container.encode(value)
        case let .array(value): try container.encode(value)
        case let .object(value): try container.encode(value)
        }
    }
}
