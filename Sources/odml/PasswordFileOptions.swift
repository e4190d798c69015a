import ArgumentParser
import Foundation

/// `--password-file FILE`: the password of encrypted model files, read from the first line of a
/// file rather than given on the command line (where other users of the machine can see it).
/// A file that does not exist is a usage error.
struct PasswordFileOptions: ParsableArguments {
    @Option(name: .long, help: "A file whose first line is the password of encrypted model files.")
    var passwordFile: String?

    func validate() throws {
        if let passwordFile { try ArgumentCheck.existingPath(passwordFile, option: "--password-file", what: "password file") }
    }

    /// The first line of the file, without its line ending; `nil` without `--password-file`.
    /// - Throws: `CommandFailure` when the file cannot be read.
    func password() throws -> String? {
        guard let passwordFile else { return nil }
        guard let data = FileManager.default.contents(atPath: passwordFile) else {
            throw CommandFailure("\(passwordFile): cannot read the password file")
        }
        let text = String(decoding: data, as: UTF8.self)
        return String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            .trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
    }
}
