import Foundation

/// The versioned Elaro content library (`Datasets/elaro/actions.json`).
public struct ActionLibrary: Sendable, Codable, Equatable {
    /// Content version; a newer import replaces an older one.
    public var contentVersion: Int
    /// The actions, in file order.
    public var actions: [ActionTemplate]

    public init(contentVersion: Int, actions: [ActionTemplate]) {
        self.contentVersion = contentVersion
        self.actions = actions
    }

    /// The library shipped with the package (validated on first use).
    public static func bundled() throws -> ActionLibrary {
        try decode(Data(bundledJSON.utf8), source: "bundled actions.json")
    }

    /// Reads and validates a library file.
    /// - Throws: `ElaroError.fileAccess`, `.malformedJSON` or `.schemaViolation` naming entry and field.
    public static func load(contentsOf url: URL) throws -> ActionLibrary {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ElaroError.fileAccess(path: url.path, detail: "cannot read the action library (\(error.localizedDescription))")
        }
        return try decode(data, source: url.lastPathComponent)
    }

    /// Validates `data` against `actions.schema.json`, then the rules a schema cannot express
    /// (unique ids, one variant per duration, `minimumChildAge <= maximumChildAge`), then decodes it.
    /// - Throws: `ElaroError.schemaViolation` naming the entry (`actions[3] (id "x")`) and field.
    public static func decode(_ data: Data, source: String = "actions.json") throws -> ActionLibrary {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw ElaroError.malformedJSON(source: source, detail: error.localizedDescription)
        }
        let schemaObject = try! JSONSerialization.jsonObject(with: Data(bundledSchemaJSON.utf8)) as! [String: Any]
        let validator = _JSONSchemaValidator(schema: schemaObject)
        if let violation = validator.firstViolation(object) {
            let (entry, field) = describe(violation.path, in: object)
            throw ElaroError.schemaViolation(entry: entry, field: field, expected: violation.expected, found: violation.found)
        }
        let library = try JSONDecoder().decode(ActionLibrary.self, from: data)
        var seen: Set<String> = []
        for (index, action) in library.actions.enumerated() {
            let entry = "actions[\(index)] (id \"\(action.id)\")"
            if !seen.insert(action.id).inserted {
                throw ElaroError.schemaViolation(entry: entry, field: "id", expected: "a unique id", found: "a duplicate")
            }
            let durations = action.variants.map(\.minutes).sorted()
            if durations != [5, 10, 20] {
                throw ElaroError.schemaViolation(entry: entry, field: "variants", expected: "one variant each of 5, 10 and 20 minutes",
                                                 found: durations.map(String.init).joined(separator: ", "))
            }
            if action.contraindications.minimumChildAge > action.contraindications.maximumChildAge {
                throw ElaroError.schemaViolation(entry: entry, field: "contraindications.minimumChildAge",
                                                 expected: "<= maximumChildAge (\(action.contraindications.maximumChildAge))",
                                                 found: String(action.contraindications.minimumChildAge))
            }
        }
        return library
    }

    /// Splits a JSON path into the action entry it falls in and the field inside it.
    private static func describe(_ path: [_JSONSchemaValidator.PathComponent], in object: Any) -> (String, String) {
        func text(_ components: ArraySlice<_JSONSchemaValidator.PathComponent>) -> String {
            var result = ""
            for component in components {
                switch component {
                case let .key(key): result += result.isEmpty ? key : ".\(key)"
                case let .index(index): result += "[\(index)]"
                }
            }
            return result.isEmpty ? "(the entry itself)" : result
        }
        if path.count >= 2, case .key("actions") = path[0], case let .index(index) = path[1] {
            let actions = (object as? [String: Any])?["actions"] as? [Any]
            let identifier = ((actions?[index]) as? [String: Any])?["id"] as? String
            let entry = identifier.map { "actions[\(index)] (id \"\($0)\")" } ?? "actions[\(index)]"
            return (entry, text(path[2...]))
        }
        return ("root", text(path[...]))
    }

    /// The action with `id`, if present.
    public func action(withID id: String) -> ActionTemplate? { actions.first { $0.id == id } }
}
