#if SQLite
import GRDB
#endif

/// How an SQLite database holds cycle data, detected from its tables' columns (never its name).
///
/// - `dataset`: the multi-user dataset form (`odml generate`, `CycleDataset.write(sqlite:)`):
///   `cycle_entries` and `symptom_logs` carry a `user_id`; timestamps are text.
/// - `app`: the ShifAI app's own single-user database: the user is the one `user_profile` row,
///   `cycle_entries` and `symptom_logs` have no `user_id`, `created_at`/`updated_at` are INTEGER
///   Unix timestamps (seconds), ids are TEXT UUIDs. Extra tables (`sync_log`, `predictions`, …)
///   and extra columns are ignored.
package enum SQLiteLayout: String, Sendable, Equatable, CaseIterable {
    /// Many users, `user_id` columns (the lab's form).
    case dataset
    /// One user, the ShifAI DDL (the phone's database).
    case app

    #if SQLite
    /// The layout of `db`, from the columns of `cycle_entries` (`user_id` present: `dataset`).
    /// - Throws: `DatasetError.sqlite` when `user_profile` or `cycle_entries` is missing.
    package static func detect(in db: Database, path: String) throws -> SQLiteLayout {
        for table in ["user_profile", "cycle_entries"] where try !db.tableExists(table) {
            throw DatasetError.sqlite(path: path, reason: "table \(table) is missing (expected the app's tables user_profile and cycle_entries)")
        }
        let columns = try db.columns(in: "cycle_entries").map(\.name)
        return columns.contains("user_id") ? .dataset : .app
    }
    #endif
}
