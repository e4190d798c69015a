import Foundation

/// A validator for the subset of JSON Schema (draft 2020-12) the action library schema uses:
/// `type`, `required`, `properties`, `additionalProperties: false`, `enum`, `minimum`, `maximum`,
/// `minLength`, `maxLength`, `pattern`, `items`, `minItems`, `maxItems` and local `$ref`s
/// (`#/$defs/name`). Values are the objects `JSONSerialization` produces.
struct _JSONSchemaValidator {
    /// One violation: the JSON path (`["actions", 3, "title", "fr"]`), what was expected and found.
    struct Violation: Equatable {
        var path: [PathComponent]
        var expected: String
        var found: String
    }

    enum PathComponent: Equatable {
        case key(String)
        case index(Int)
    }

    let schema: [String: Any]

    /// The first violation of `value` against the schema, or `nil` when it conforms.
    func firstViolation(_ value: Any) -> Violation? {
        check(value, against: schema, path: [])
    }

    private func resolve(_ node: [String: Any]) -> [String: Any] {
        guard let reference = node["$ref"] as? String, reference.hasPrefix("#/") else { return node }
        var current: Any = schema
        for part in reference.dropFirst(2).split(separator: "/") {
            guard let object = current as? [String: Any], let next = object[String(part)] else { return node }
            current = next
        }
        return current as? [String: Any] ?? node
    }

    private func check(_ value: Any, against rawNode: [String: Any], path: [PathComponent]) -> Violation? {
        let node = resolve(rawNode)
        if let type = node["type"] as? String, !matches(value, type: type) {
            return Violation(path: path, expected: "a value of type \(type)", found: describe(value))
        }
        if let allowed = node["enum"] as? [Any], !allowed.contains(where: { isEqual($0, value) }) {
            let list = allowed.map { describe($0) }.joined(separator: ", ")
            return Violation(path: path, expected: "one of \(list)", found: describe(value))
        }
        if let number = value as? NSNumber, !isBoolean(value) {
            if let minimum = (node["minimum"] as? NSNumber)?.doubleValue, number.doubleValue < minimum {
                return Violation(path: path, expected: "a number >= \(format(minimum))", found: describe(value))
            }
            if let maximum = (node["maximum"] as? NSNumber)?.doubleValue, number.doubleValue > maximum {
                return Violation(path: path, expected: "a number <= \(format(maximum))", found: describe(value))
            }
        }
        if let string = value as? String {
            if let minimum = node["minLength"] as? Int, string.count < minimum {
                return Violation(path: path, expected: "at least \(minimum) characters", found: "\(string.count) characters")
            }
            if let maximum = node["maxLength"] as? Int, string.count > maximum {
                return Violation(path: path, expected: "at most \(maximum) characters", found: "\(string.count) characters")
            }
            if let pattern = node["pattern"] as? String,
               string.range(of: pattern, options: .regularExpression) == nil {
                return Violation(path: path, expected: "text matching \(pattern)", found: describe(value))
            }
        }
        if let array = value as? [Any] {
            if let minimum = node["minItems"] as? Int, array.count < minimum {
                return Violation(path: path, expected: "at least \(minimum) items", found: "\(array.count) items")
            }
            if let maximum = node["maxItems"] as? Int, array.count > maximum {
                return Violation(path: path, expected: "at most \(maximum) items", found: "\(array.count) items")
            }
            if let items = node["items"] as? [String: Any] {
                for (index, element) in array.enumerated() {
                    if let violation = check(element, against: items, path: path + [.index(index)]) { return violation }
                }
            }
        }
        if let object = value as? [String: Any] {
            let properties = node["properties"] as? [String: Any] ?? [:]
            for key in node["required"] as? [String] ?? [] where object[key] == nil {
                return Violation(path: path + [.key(key)], expected: "a required value", found: "nothing")
            }
            if (node["additionalProperties"] as? Bool) == false {
                for key in object.keys.sorted() where properties[key] == nil {
                    return Violation(path: path + [.key(key)], expected: "no such field (allowed: \(properties.keys.sorted().joined(separator: ", ")))",
                                     found: "an unknown field")
                }
            }
            for key in properties.keys.sorted() {
                guard let child = object[key], let childSchema = properties[key] as? [String: Any] else { continue }
                if let violation = check(child, against: childSchema, path: path + [.key(key)]) { return violation }
            }
        }
        return nil
    }

    private func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        // JSONSerialization stores true/false as a char-typed NSNumber (`__NSCFBoolean`).
        return String(cString: number.objCType) == "c"
    }

    private func matches(_ value: Any, type: String) -> Bool {
        switch type {
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String
        case "boolean": return isBoolean(value)
        case "integer":
            guard let number = value as? NSNumber, !isBoolean(value) else { return false }
            return number.doubleValue.rounded() == number.doubleValue
        case "number": return value is NSNumber && !isBoolean(value)
        case "null": return value is NSNull
        default: return true
        }
    }

    private func isEqual(_ a: Any, _ b: Any) -> Bool {
        if let x = a as? String, let y = b as? String { return x == y }
        if let x = a as? NSNumber, let y = b as? NSNumber, !isBoolean(a), !isBoolean(b) { return x.doubleValue == y.doubleValue }
        return false
    }

    private func format(_ number: Double) -> String {
        number.rounded() == number ? String(Int(number)) : String(number)
    }

    func describe(_ value: Any) -> String {
        if let string = value as? String { return "\"\(string)\"" }
        if isBoolean(value) { return (value as! NSNumber).boolValue ? "true" : "false" }
        if let number = value as? NSNumber { return format(number.doubleValue) }
        if value is [Any] { return "an array" }
        if value is [String: Any] { return "an object" }
        return "null"
    }
}
