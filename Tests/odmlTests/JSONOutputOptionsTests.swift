import Testing
@testable import odml

/// `--json` is one option group: every command whose help offers it parses it into
/// `JSONOutputOptions`, and no command declares its own.
@Suite struct JSONOutputOptionsTests {
    @Test func theCommandTableCoversEveryCommand() {
        #expect(Set(CommandLines.minimal.keys) == Set(CommandLines.leaves.keys))
    }

    @Test(arguments: CommandLines.minimal.keys.sorted { $0.joined(separator: " ") < $1.joined(separator: " ") })
    func jsonIsTheOptionGroupWhereverItIsOffered(path: [String]) throws {
        let offered = CommandLines.help(path).contains("--json")
        let plain = CommandLines.groups(JSONOutputOptions.self, in: try CommandLines.parse(path))
        #expect(plain.count == (offered ? 1 : 0), "\(path)")
        guard offered else { return }
        #expect(plain.first?.json == false)
        let flagged = CommandLines.groups(JSONOutputOptions.self, in: try CommandLines.parse(path, ["--json"]))
        #expect(flagged.map(\.json) == [true], "\(path)")
    }

    /// The importers write a dataset directory; every other command has a JSON form.
    @Test func everyCommandButTheImportersOffersJSON() {
        let without = CommandLines.leaves.keys.filter { !CommandLines.help($0).contains("--json") }
        #expect(Set(without) == [["import", "cycles"], ["import", "fedcycle"]])
    }
}
