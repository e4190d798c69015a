import ArgumentParser
import Testing
@testable import odml

/// `--strategies` is one option group for the commands that fine-tune, with one list of names.
@Suite struct FineTuningOptionsTests {
    static let tuners: [[String]] = [["finetune"], ["learning-curve"], ["replay"]]

    @Test(arguments: tuners)
    func strategiesIsTheOptionGroup(path: [String]) throws {
        let standard = CommandLines.groups(FineTuningOptions.self, in: try CommandLines.parse(path))
        #expect(try standard.map { try $0.tuners().map(\.name) } == [["residual", "luteal"]], "\(path)")
        let given = CommandLines.groups(FineTuningOptions.self, in: try CommandLines.parse(path, ["--strategies", "gbt, residual"]))
        #expect(given.map(\.strategies) == ["gbt, residual"])
        #expect(try given.first?.tuners().count == 2)
    }

    @Test(arguments: [("residual,foo", "--strategies: unknown strategy \"foo\", expected residual, luteal or gbt"),
                      ("residual,,luteal", "--strategies: expected names separated by commas, found \"residual,,luteal\""),
                      ("luteal,luteal", "--strategies: lists a name twice: \"luteal,luteal\"")])
    func aBadListIsAUsageError(list: String, message: String) {
        for path in Self.tuners {
            do {
                _ = try CommandLines.parse(path, ["--strategies", list])
                Issue.record("\(path) parsed --strategies \(list)")
            } catch {
                #expect(ODML.message(for: error) == message, "\(path)")
                #expect(ODML.exitCode(for: error) == .validationFailure)
            }
        }
    }
}
