import ArgumentParser
import Foundation
import Testing
@testable import odml

/// `--data` of the commands that read a cycle dataset is one option group, checked before any
/// data is read.
@Suite struct DatasetOptionsTests {
    static let readers: [[String]] = [["evaluate"], ["compare"], ["predict"], ["explain"], ["learning-curve"], ["finetune"]]

    @Test(arguments: readers)
    func dataIsTheOptionGroup(path: [String]) throws {
        #expect(CommandLines.groups(DatasetOptions.self, in: try CommandLines.parse(path)).map(\.data) == [CommandLines.directory])
    }

    @Test(arguments: readers)
    func aMissingDatasetIsAUsageError(path: [String]) {
        let absent = CommandLines.directory + "/no-such-dataset-\(UUID().uuidString)"
        let arguments = (CommandLines.minimal[path] ?? []).map { $0 == CommandLines.directory ? absent : $0 }
        do {
            _ = try ODML.parseAsRoot(path + arguments)
            Issue.record("\(path) parsed a missing --data")
        } catch {
            #expect(ODML.message(for: error) == "--data: no dataset directory or .sqlite file at \"\(absent)\"", "\(path)")
            #expect(ODML.exitCode(for: error) == .validationFailure)
        }
    }
}
