import Foundation

/// The JSON text of every report the toolkit gives out (`odml … --json`, the C API's results):
/// one encoder configuration, so that the same report is the same bytes whichever door it
/// leaves by.
package enum ReportJSON {
    /// Pretty-printed JSON with sorted keys and unescaped slashes, without a trailing newline
    /// (what `odml predict --json` prints before its newline).
    package static func pretty(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Compact JSON on one line with sorted keys: one record of a stream or a file another
    /// program reads.
    package static func line(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
