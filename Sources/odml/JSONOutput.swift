import Foundation

/// Prints `Encodable` values as JSON on standard output, for every subcommand's `--json` flag.
enum JSONOutput {
    /// Pretty-printed JSON with sorted keys (stable across runs, easy to diff).
    static func print(_ value: some Encodable) throws {
        Swift.print(try string(value))
    }

    /// The JSON text `print(_:)` writes, without the trailing newline.
    static func string(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Compact JSON on one line with sorted keys: one record of a stream (`elaro simulate --json`
    /// prints one per policy) or a file another program reads.
    static func line(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
