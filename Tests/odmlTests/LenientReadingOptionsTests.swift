import Testing
@testable import odml

/// `--lenient` is one option group, taken by every command that reads rows a person may have typed.
@Suite struct LenientReadingOptionsTests {
    static let readers: [[String]] = [["evaluate"], ["compare"], ["predict"], ["explain"], ["import", "cycles"], ["import", "fedcycle"]]

    @Test func exactlyTheReadersOfferIt() {
        let offering = Set(CommandLines.leaves.keys.filter { CommandLines.help($0).contains("--lenient") })
        #expect(offering == Set(Self.readers))
    }

    @Test(arguments: readers)
    func lenientIsTheOptionGroup(path: [String]) throws {
        #expect(CommandLines.groups(LenientReadingOptions.self, in: try CommandLines.parse(path)).map(\.lenient) == [false])
        #expect(CommandLines.groups(LenientReadingOptions.self, in: try CommandLines.parse(path, ["--lenient"])).map(\.lenient) == [true])
    }

    @Test func predictWritingIntoTheAppDatabaseIsNotLenient() {
        #expect(throws: (any Error).self) { try CommandLines.parse(["predict"], ["--write", "--lenient"]) }
    }
}
