import Foundation

/// The versioned Elaro content library: the one shipped in the module's resources
/// (`Sources/Elaro/Content/actions.json`), or one read from a file or handed over by an app.
public struct ActionLibrary: Sendable, Codable, Equatable {
    /// Content version; a newer import replaces an older one.
    public var contentVersion: Int
    /// The actions, in file order.
    public var actions: [ActionTemplate]

    public init(contentVersion: Int, actions: [ActionTemplate]) {
        self.contentVersion = contentVersion
        self.actions = actions
    }

    /// The library shipped in the module's resources, read once per process. It is decoded without
    /// the schema check, which `ActionLibraryTests` runs on the shipped file instead.
    /// - Throws: `ElaroError.fileAccess` when the resource is missing or unreadable (the message says
    ///   where it belongs), `.malformedJSON` or `.schemaViolation` when it does not decode.
    public static func bundled() throws -> ActionLibrary { try shipped.get() }

    /// The shipped library, or why it could not be read.
    private static let shipped = Result { () throws(ElaroError) -> ActionLibrary in try readBundled() }

    /// Reads and decodes the shipped `Content/actions.json`, without the schema check.
    static func readBundled() throws(ElaroError) -> ActionLibrary {
        try decoded(ElaroContent.data("actions"), source: "Elaro/Content/actions.json")
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
        if let violation = try schemaValidator().firstViolation(object) {
            let (entry, field) = describe(violation.path, in: object)
            throw ElaroError.schemaViolation(entry: entry, field: field, expected: violation.expected, found: violation.found)
        }
        let library = try decoded(data, source: source)
        if let violation = library.ruleViolation() { throw violation }
        return library
    }

    /// The shipped schema (`Content/actions.schema.json`), read once per process.
    private static let schema = Result { () throws(ElaroError) -> Data in try ElaroContent.data("actions.schema") }

    /// A validator for the shipped schema.
    /// - Throws: `ElaroError.fileAccess` when the schema is missing, `.malformedJSON` when it is not a JSON object.
    static func schemaValidator() throws(ElaroError) -> _JSONSchemaValidator {
        let source = "Elaro/Content/actions.schema.json"
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: schema.get()) } catch let error as ElaroError { throw error } catch {
            throw ElaroError.malformedJSON(source: source, detail: error.localizedDescription)
        }
        guard let root = object as? [String: Any] else {
            throw ElaroError.malformedJSON(source: source, detail: "the schema is not a JSON object")
        }
        return _JSONSchemaValidator(schema: root)
    }

    /// `data` decoded as a library, with no schema or rule check.
    /// - Throws: `ElaroError.malformedJSON`, or `.schemaViolation` naming the entry and field that does not decode.
    static func decoded(_ data: Data, source: String) throws(ElaroError) -> ActionLibrary {
        do { return try JSONDecoder().decode(ActionLibrary.self, from: data) } catch let error as DecodingError {
            let object = (try? JSONSerialization.jsonObject(with: data)) ?? [:]
            let expected: String
            let context: DecodingError.Context
            let codingPath: [any CodingKey]
            switch error {
            case let .typeMismatch(type, found): (expected, context, codingPath) = ("a value of type \(type)", found, found.codingPath)
            case let .valueNotFound(type, found): (expected, context, codingPath) = ("a value of type \(type)", found, found.codingPath)
            case let .keyNotFound(key, found): (expected, context, codingPath) = ("a required value", found, found.codingPath + [key])
            case let .dataCorrupted(found):
                guard !found.codingPath.isEmpty else { throw ElaroError.malformedJSON(source: source, detail: found.debugDescription) }
                (expected, context, codingPath) = ("a valid value", found, found.codingPath)
            @unknown default: throw ElaroError.malformedJSON(source: source, detail: "\(error)")
            }
            let path = codingPath.map { key in key.intValue.map(_JSONSchemaValidator.PathComponent.index) ?? .key(key.stringValue) }
            let (entry, field) = describe(path, in: object)
            throw ElaroError.schemaViolation(entry: entry, field: field, expected: expected, found: context.debugDescription)
        } catch {
            throw ElaroError.malformedJSON(source: source, detail: "\(error)")
        }
    }

    /// The first break of a rule the schema cannot express (unique ids, one variant per duration,
    /// `minimumChildAge <= maximumChildAge`), `nil` when there is none.
    func ruleViolation() -> ElaroError? {
        var seen: Set<String> = []
        for (index, action) in actions.enumerated() {
            let entry = "actions[\(index)] (id \"\(action.id)\")"
            if !seen.insert(action.id).inserted {
                return ElaroError.schemaViolation(entry: entry, field: "id", expected: "a unique id", found: "a duplicate")
            }
            let durations = action.variants.map(\.minutes).sorted()
            if durations != [5, 10, 20] {
                return ElaroError.schemaViolation(entry: entry, field: "variants", expected: "one variant each of 5, 10 and 20 minutes",
                                                  found: durations.map(String.init).joined(separator: ", "))
            }
            if action.contraindications.minimumChildAge > action.contraindications.maximumChildAge {
                return ElaroError.schemaViolation(entry: entry, field: "contraindications.minimumChildAge",
                                                  expected: "<= maximumChildAge (\(action.contraindications.maximumChildAge))",
                                                  found: String(action.contraindications.minimumChildAge))
            }
        }
        return nil
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
            let identifier = (actions.flatMap { index < $0.count ? $0[index] : nil } as? [String: Any])?["id"] as? String
            let entry = identifier.map { "actions[\(index)] (id \"\($0)\")" } ?? "actions[\(index)]"
            return (entry, text(path[2...]))
        }
        return ("root", text(path[...]))
    }

    /// The action with `id`, if present.
    public func action(withID id: String) -> ActionTemplate? { actions.first { $0.id == id } }
}
