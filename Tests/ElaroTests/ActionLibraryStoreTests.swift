import Foundation
import Testing
@testable import Elaro
@testable import ElaroLab

@Suite struct ActionLibraryStoreTests {
    func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("elaro-store-\(UUID().uuidString)")
    }

    @Test func importIsIdempotentAndMigratesNewerVersions() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let library = try ActionLibrary.bundled()
        var store = try ActionLibraryStore(directory: directory)
        #expect(try store.importLibrary(library) == .installed(version: library.contentVersion))
        let fileAfterFirst = try Data(contentsOf: directory.appendingPathComponent("actions.json"))
        #expect(try store.importLibrary(library) == .unchanged(version: library.contentVersion))
        #expect(try Data(contentsOf: directory.appendingPathComponent("actions.json")) == fileAfterFirst)
        #expect(store.log.count == 1)

        var newer = library
        newer.contentVersion += 1
        newer.actions.removeLast()
        newer.actions[0].effort = 3
        let outcome = try store.importLibrary(newer)
        #expect(outcome == .migrated(from: library.contentVersion, to: library.contentVersion + 1,
                                     added: [], removed: [library.actions.last!.id], changed: [library.actions[0].id]))
        #expect(store.log.last!.contains("migrated contentVersion \(library.contentVersion) -> \(library.contentVersion + 1)"))

        // A reopened store sees the migrated library; an older version is refused.
        var reopened = try ActionLibraryStore(directory: directory)
        #expect(reopened.installed == newer)
        #expect(throws: ElaroError.olderContentVersion(installed: newer.contentVersion, offered: library.contentVersion)) {
            try reopened.importLibrary(library)
        }
    }

    @Test func sameVersionWithDifferentContentLogsTheMismatch() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let library = try ActionLibrary.bundled()
        var store = try ActionLibraryStore(directory: directory)
        _ = try store.importLibrary(library)
        var edited = library
        edited.actions[1].novelty = 3
        #expect(try store.importLibrary(edited) == .unchanged(version: library.contentVersion))
        #expect(store.installed == library)
        #expect(store.log.last!.hasPrefix("mismatch"))
    }
}
