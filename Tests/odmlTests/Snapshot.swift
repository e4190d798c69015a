import Foundation
import Testing

/// Plain-text snapshots stored in `Tests/odmlTests/__Snapshots__/<name>.txt`.
///
/// To accept new output (for example after adding a subcommand, which changes `odml --help`):
///
///     UPDATE_SNAPSHOTS=1 swift test --filter odmlTests
///
/// then review the diff with `git diff Tests/odmlTests/__Snapshots__` and commit it.
enum Snapshot {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")

    static var isUpdating: Bool { ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1" }

    /// Records a test failure unless `actual` equals the stored snapshot `name`; with
    /// `UPDATE_SNAPSHOTS=1` (or when none is stored yet) writes `actual` as the new snapshot.
    static func expectMatch(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = directory.appendingPathComponent("\(name).txt")
        let stored = try? String(contentsOf: file, encoding: .utf8)
        if isUpdating || stored == nil {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
            if stored == nil && !isUpdating {
                Issue.record("No snapshot \(file.path) was stored; recorded one now. Review and commit it.",
                             sourceLocation: sourceLocation)
            }
            return
        }
        #expect(actual == stored, """
            Output differs from snapshot \(name).txt. If the change is intended, regenerate with \
            `UPDATE_SNAPSHOTS=1 swift test --filter odmlTests` and commit the diff.
            """, sourceLocation: sourceLocation)
    }
}
