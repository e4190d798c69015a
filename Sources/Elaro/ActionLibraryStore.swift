import Foundation

/// The installed copy of the action library on a device, with idempotent, versioned import.
///
/// `importLibrary(_:)` with the installed `contentVersion` changes nothing (and logs a mismatch
/// when the content differs); a newer version replaces the installed one atomically and logs the
/// version change with the added, removed and changed action ids; an older one is refused and
/// changes nothing either, so an app may import its bundled library at every launch.
/// The installed library lives in `directory/actions.json`, the log in `directory/import.log`.
package struct ActionLibraryStore: Sendable {
    /// Result of one import.
    package enum ImportOutcome: Sendable, Equatable {
        /// Nothing was installed before; `version` is now.
        case installed(version: Int)
        /// The same version is already installed; nothing changed.
        case unchanged(version: Int)
        /// A newer version replaced the installed one.
        case migrated(from: Int, to: Int, added: [String], removed: [String], changed: [String])
        /// `offered` is older than the installed `installed`; nothing changed.
        case refused(installed: Int, offered: Int)
    }

    /// Folder holding `actions.json` and `import.log`.
    package let directory: URL
    /// The installed library, if any.
    package private(set) var installed: ActionLibrary?
    /// Log lines written by imports since this store was opened (also appended to `import.log`).
    package private(set) var log: [String] = []

    private var libraryURL: URL { directory.appendingPathComponent("actions.json") }
    private var logURL: URL { directory.appendingPathComponent("import.log") }

    /// Opens the store, reading the installed library if there is one.
    /// - Throws: `ElaroError` if the installed file is unreadable or invalid.
    package init(directory: URL) throws {
        self.directory = directory
        if FileManager.default.fileExists(atPath: libraryURL.path) {
            installed = try ActionLibrary.load(contentsOf: libraryURL)
        }
    }

    /// Imports `library` (see the type's documentation).
    /// - Throws: `ElaroError.fileAccess` when writing the library or the log fails.
    package mutating func importLibrary(_ library: ActionLibrary) throws -> ImportOutcome {
        guard let current = installed else {
            try write(library)
            try appendLog("installed contentVersion \(library.contentVersion) (\(library.actions.count) actions)")
            return .installed(version: library.contentVersion)
        }
        if library.contentVersion == current.contentVersion {
            if library != current {
                try appendLog("mismatch: contentVersion \(library.contentVersion) offered with different content; kept the installed copy")
            }
            return .unchanged(version: current.contentVersion)
        }
        guard library.contentVersion > current.contentVersion else {
            return .refused(installed: current.contentVersion, offered: library.contentVersion)
        }
        let old = Dictionary(current.actions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary(library.actions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let added = new.keys.filter { old[$0] == nil }.sorted()
        let removed = old.keys.filter { new[$0] == nil }.sorted()
        let changed = new.keys.filter { old[$0] != nil && old[$0] != new[$0] }.sorted()
        try write(library)
        try appendLog("migrated contentVersion \(current.contentVersion) -> \(library.contentVersion): "
                      + "\(added.count) added, \(removed.count) removed, \(changed.count) changed")
        return .migrated(from: current.contentVersion, to: library.contentVersion, added: added, removed: removed, changed: changed)
    }

    private mutating func write(_ library: ActionLibrary) throws {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(library).write(to: libraryURL, options: .atomic)
        } catch {
            throw ElaroError.fileAccess(path: libraryURL.path, detail: "cannot write the library (\(error.localizedDescription))")
        }
        installed = library
    }

    private mutating func appendLog(_ line: String) throws {
        log.append(line)
        let previous = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data((previous + line + "\n").utf8).write(to: logURL, options: .atomic)
        } catch {
            throw ElaroError.fileAccess(path: logURL.path, detail: "cannot write the import log (\(error.localizedDescription))")
        }
    }
}
