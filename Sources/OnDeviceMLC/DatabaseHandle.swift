#if SQLite
import Foundation
import ShifAIRuntime

/// An `odml_database`: the app's database, open read-write. Calls on one handle run one at a
/// time (`serialized`), whichever thread makes them.
final class DatabaseHandle: Handle, @unchecked Sendable {
    /// The database.
    let database: AppDatabase
    /// Its file's path.
    let path: String
    private let lock = NSLock()

    /// A handle on `database`, opened from `path`.
    init(_ database: AppDatabase, path: String) {
        self.database = database
        self.path = path
    }

    /// Runs `body` while no other call on this handle runs.
    func serialized<Result>(_ body: () throws -> Result) rethrows -> Result {
        try lock.withLock(body)
    }
}
#endif
