import Foundation
import Testing
@testable import Elaro
@testable import ElaroLab

@Suite struct ActionLibraryTests {
    @Test func bundledLibraryIsValidAndComplete() throws {
        let library = try ActionLibrary.bundled()
        #expect(library.actions.count >= 60)
        for area in FocusArea.allCases {
            #expect(library.actions.filter { $0.focusArea == area }.count >= 8)
        }
        for action in library.actions {
            #expect(action.variants.map(\.minutes).sorted() == [5, 10, 20])
            #expect(!action.title.fr.isEmpty && !action.title.en.isEmpty)
        }
        #expect(library.actions.contains { $0.copingKit })
    }

    @Test func bundledResourceConformsToItsSchema() throws {
        let data = try ElaroContent.data("actions")
        let object = try JSONSerialization.jsonObject(with: data)
        let schema = try #require(try JSONSerialization.jsonObject(with: ElaroContent.data("actions.schema")) as? [String: Any])
        let violation = _JSONSchemaValidator(schema: schema).firstViolation(object)
        #expect(violation == nil, "Sources/Elaro/Content/actions.json breaks its schema: \(String(describing: violation))")
        let library = try ActionLibrary.bundled()
        #expect(library.ruleViolation() == nil)
        #expect(library.contentVersion >= 1)
        // The validating decoder, the one used for libraries from outside, gives the same library.
        #expect(try ActionLibrary.decode(data) == library)
    }

    @Test func missingContentNamesWhereItBelongs() {
        #expect {
            try ElaroContent.data("no-such-content")
        } throws: { error in
            guard case let .fileAccess(path, detail)? = error as? ElaroError else { return false }
            return path == "OnDeviceML_Elaro.resources/Content/no-such-content.json" && detail.contains("ODML_RESOURCES")
        }
    }

    @Test func fieldsThatDoNotDecodeNameTheEntry() throws {
        var root = try #require(try JSONSerialization.jsonObject(with: ElaroContent.data("actions")) as? [String: Any])
        var actions = try #require(root["actions"] as? [[String: Any]])
        let id = try #require(actions[4]["id"] as? String)
        actions[4]["effort"] = "high"
        root["actions"] = actions
        let data = try JSONSerialization.data(withJSONObject: root)
        // The unchecked decoder the bundled library goes through still names the entry and field.
        let error = #expect(throws: ElaroError.self) { try ActionLibrary.decoded(data, source: "test") }
        guard case let .schemaViolation(entry, field, _, _)? = error else { Issue.record("expected a schema violation, got \(String(describing: error))"); return }
        #expect(entry == "actions[4] (id \"\(id)\")")
        #expect(field == "effort")
        let garbage = #expect(throws: ElaroError.self) { try ActionLibrary.decoded(Data("[1,".utf8), source: "test") }
        guard case .malformedJSON(source: "test", _)? = garbage else { Issue.record("expected malformed JSON, got \(String(describing: garbage))"); return }
    }

    /// Breaks one field of entry 2 and returns the error.
    func violation(_ mutate: (inout [String: Any]) -> Void) throws -> ElaroError? {
        var root = try JSONSerialization.jsonObject(with: ElaroContent.data("actions")) as! [String: Any]
        var actions = root["actions"] as! [[String: Any]]
        mutate(&actions[2])
        root["actions"] = actions
        let data = try JSONSerialization.data(withJSONObject: root)
        do {
            _ = try ActionLibrary.decode(data)
            return nil
        } catch let error as ElaroError {
            return error
        }
    }

    @Test func schemaErrorsNameTheEntryAndField() throws {
        let id = (try ActionLibrary.bundled()).actions[2].id
        let badFocus = try violation { $0["focusArea"] = "sleep" }
        guard case let .schemaViolation(entry, field, _, found)? = badFocus else { Issue.record("expected a schema violation"); return }
        #expect(entry == "actions[2] (id \"\(id)\")")
        #expect(field == "focusArea")
        #expect(found == "\"sleep\"")
        #expect(badFocus!.description.contains("actions[2] (id \"\(id)\"), field focusArea"))

        let missingFrench = try violation { action in
            var title = action["title"] as! [String: Any]
            title["fr"] = nil
            action["title"] = title
        }
        guard case let .schemaViolation(_, field2, _, _)? = missingFrench else { Issue.record("expected a schema violation"); return }
        #expect(field2 == "title.fr")

        let badEffort = try violation { $0["effort"] = 7 }
        guard case let .schemaViolation(_, field3, expected3, _)? = badEffort else { Issue.record("expected a schema violation"); return }
        #expect(field3 == "effort" && expected3 == "a number <= 3")

        let badVariant = try violation { action in
            var variants = action["variants"] as! [[String: Any]]
            variants[1]["minutes"] = 5
            action["variants"] = variants
        }
        guard case let .schemaViolation(_, field4, _, _)? = badVariant else { Issue.record("expected a semantic violation"); return }
        #expect(field4 == "variants")

        let unknownField = try violation { $0["colour"] = "blue" }
        guard case let .schemaViolation(_, field5, _, _)? = unknownField else { Issue.record("expected a schema violation"); return }
        #expect(field5 == "colour")
    }

    @Test func malformedJSONIsReported() {
        #expect(throws: ElaroError.self) { try ActionLibrary.decode(Data("{".utf8)) }
    }
}
