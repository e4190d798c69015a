import Foundation
import OnDeviceML

/// Prints `Encodable` values as JSON on standard output, for every subcommand's `--json` flag,
/// in `ReportJSON`'s form (the C API's results are the same bytes).
enum JSONOutput {
    /// Pretty-printed JSON with sorted keys (stable across runs, easy to diff).
    static func print(_ value: some Encodable) throws {
        Swift.print(try string(value))
    }

    /// The JSON text `print(_:)` writes, without the trailing newline (`ReportJSON.pretty`).
    static func string(_ value: some Encodable) throws -> String {
        try ReportJSON.pretty(value)
    }

    /// Compact JSON on one line with sorted keys (`ReportJSON.line`): one record of a stream
    /// (`elaro simulate --json` prints one per policy) or a file another program reads.
    static func line(_ value: some Encodable) throws -> String {
        try ReportJSON.line(value)
    }
}
