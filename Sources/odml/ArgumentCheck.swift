import ArgumentParser
import Foundation

/// Checks shared by the commands' `validate()`: a path or model an option names is looked at
/// before any data is read, and a bad one is a usage error (exit 64) naming the option.
enum ArgumentCheck {
    /// `path` must exist (a file or a directory); `what` says what the option expects there.
    static func existingPath(_ path: String, option: String, what: String) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ValidationError("\(option): no \(what) at \"\(path)\"")
        }
    }

    /// `name` must be one of `builtIn` or an existing model file.
    static func model(_ name: String, option: String, builtIn: [String]) throws {
        guard !builtIn.contains(name), !FileManager.default.fileExists(atPath: name) else { return }
        throw ValidationError("\(option): \"\(name)\" is neither a built-in model (\(builtIn.joined(separator: ", "))) nor an existing .odml file")
    }

    /// The names of a comma-separated list option (`--models`, `--months`, `--strategies`), trimmed;
    /// an empty or repeated name is a usage error.
    static func names(in list: String, option: String) throws -> [String] {
        let names = list.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard !names.contains(where: \.isEmpty) else {
            throw ValidationError("\(option): expected names separated by commas, found \"\(list)\"")
        }
        guard Set(names).count == names.count else { throw ValidationError("\(option): lists a name twice: \"\(list)\"") }
        return names
    }
}
