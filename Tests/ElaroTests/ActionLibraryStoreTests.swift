import Foundation
import Testing
@testable import Elaro

@Suite struct ActionLibraryStoreTests {
    func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("elaro-store-\(UUID().uuidString)")
    }

    /// The bytes of the store's `actions.json` and `import.log`.
    func files(_ directory: URL) throws -> (library: Data, log: Data) {
        (try Data(contentsOf: directory.appendingPathComponent("actions.json")),
         try Data(contentsOf: directory.appendingPathComponent("import.log")))
    }

    /// Installs the bundled library in the empty `store` and returns it.
    func installBundledLibrary(in store: inout ActionLibraryStore) throws -> ActionLibrary {
        let library = try ActionLibrary.bundled()
        #expect(try store.importLibrary(library) == .installed(version: library.contentVersion))
        return library
    }

    @Test func importingTheSameVersionTwiceChangesNothing() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var store = try ActionLibraryStore(directory: directory)
        let library = try installBundledLibrary(in: &store)
        let before = try files(directory)
        #expect(try store.importLibrary(library) == .unchanged(version: library.contentVersion))
        // A reopened store, as at the app's next launch, sees the library and imports it as a no-op too.
        var reopened = try ActionLibraryStore(directory: directory)
        #expect(reopened.installed == library)
        #expect(try reopened.importLibrary(ActionLibrary.bundled()) == .unchanged(version: library.contentVersion))
        let after = try files(directory)
        #expect(after.library == before.library)
        #expect(after.log == before.log)
        #expect(store.log.count == 1 && reopened.log.isEmpty)
    }

    @Test func aNewerVersionReplacesTheInstalledOne() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var store = try ActionLibraryStore(directory: directory)
        let library = try installBundledLibrary(in: &store)
        var newer = library
        newer.contentVersion += 1
        newer.actions.removeLast()
        newer.actions[0].effort = 3
        let outcome = try store.importLibrary(newer)
        #expect(outcome == .migrated(from: library.contentVersion, to: library.contentVersion + 1,
                                     added: [], removed: [library.actions.last!.id], changed: [library.actions[0].id]))
        #expect(store.log.last!.contains("migrated contentVersion \(library.contentVersion) -> \(library.contentVersion + 1)"))
        #expect(try ActionLibraryStore(directory: directory).installed == newer)
    }

    @Test func anOlderVersionIsRefusedAndChangesNothing() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var store = try ActionLibraryStore(directory: directory)
        let library = try installBundledLibrary(in: &store)
        var newer = library
        newer.contentVersion += 1
        newer.actions.removeLast()
        _ = try store.importLibrary(newer)
        let before = try files(directory)
        // The bundled library, now older than the installed one, as an app imports it at launch.
        #expect(try store.importLibrary(library) == .refused(installed: newer.contentVersion, offered: library.contentVersion))
        #expect(store.installed == newer)
        let after = try files(directory)
        #expect(after.library == before.library)
        #expect(after.log == before.log)
        #expect(try ActionLibraryStore(directory: directory).installed == newer)
    }

    @Test func sameVersionWithDifferentContentLogsTheMismatch() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var store = try ActionLibraryStore(directory: directory)
        let library = try installBundledLibrary(in: &store)
        var edited = library
        edited.actions[1].novelty = 3
        #expect(try store.importLibrary(edited) == .unchanged(version: library.contentVersion))
        #expect(store.installed == library)
        #expect(store.log.last!.hasPrefix("mismatch"))
    }
}
