import ArgumentParser
import Foundation
@testable import odml

/// Every leaf command of `odml` with the fewest arguments it parses with, and a look inside a
/// parsed command for its option groups (the tests of `JSONOutputOptions` and its siblings).
enum CommandLines {
    /// An existing directory and an existing file: `validate()` checks that paths exist, and
    /// parsing reads nothing.
    static let directory = FileManager.default.temporaryDirectory.path
    static let file = #filePath

    /// The arguments each leaf command needs to parse, after its path.
    static let minimal: [[String]: [String]] = [
        ["info"]: [],
        ["inspect"]: [file],
        ["generate"]: ["--report", directory],
        ["import", "fedcycle"]: [file, "--out", "out"],
        ["import", "cycles"]: [file, "--out", "out"],
        ["evaluate"]: ["--data", directory],
        ["compare"]: ["--data", directory],
        ["elaro", "simulate"]: [],
        ["elaro", "recommend"]: ["--state", file],
        ["elaro", "ope"]: ["--log", file, "--policy", "rules"],
        ["bandit", "ope"]: ["--log", file],
        ["bandit", "replay"]: ["--log", file, "--policy", "linucb"],
        ["finetune"]: ["--data", directory, "--model", "rules", "--user", "u", "--out", "personal.odml"],
        ["learning-curve"]: ["--data", directory, "--models", "rules"],
        ["predict"]: ["--data", directory],
        ["reconcile"]: ["--data", file],
        ["replay"]: ["--model", "rules"],
        ["explain"]: ["--data", directory],
        ["train"]: ["--model", "gbt", "--data", directory, "--out", "model.odml"],
        ["validate"]: [],
        ["export"]: [file, "--out", "model.onnx"],
    ]

    /// Every leaf command under `odml`, by path, from the subcommand tree.
    static let leaves: [[String]: any ParsableCommand.Type] = {
        var found: [[String]: any ParsableCommand.Type] = [:]
        func visit(_ command: any ParsableCommand.Type, path: [String]) {
            let subcommands = command.configuration.subcommands
            if subcommands.isEmpty { found[path] = command }
            for subcommand in subcommands { visit(subcommand, path: path + [subcommand.configuration.commandName ?? ""]) }
        }
        visit(ODML.self, path: [])
        return found
    }()

    /// `odml <path> <minimal arguments> <extra>` parsed as the root command does.
    static func parse(_ path: [String], _ extra: [String] = []) throws -> any ParsableCommand {
        try ODML.parseAsRoot(path + (minimal[path] ?? []) + extra)
    }

    /// The values of type `T` inside `value`: a parsed command's option groups, nested ones included.
    static func groups<T>(_ type: T.Type, in value: Any, depth: Int = 0) -> [T] {
        var found: [T] = []
        for child in Mirror(reflecting: value).children {
            if let match = child.value as? T {
                found.append(match)
            } else if depth < 6 {
                found += groups(type, in: child.value, depth: depth + 1)
            }
        }
        return found
    }

    /// The command's help text (its options, their defaults and choices).
    static func help(_ path: [String]) -> String {
        leaves[path].map { ODML.helpMessage(for: $0) } ?? ""
    }
}
