import Foundation
import OnDeviceML

/// Helpers shared by the commands that work inside the app's database (`predict --write`,
/// `reconcile`, `finetune --data app.sqlite`, `replay`).
enum AppDatabaseCommandSupport {
    /// `true` when `path` is an SQLite file in the app's layout (detected from its columns).
    static func isAppDatabase(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard (try? handle.read(upToCount: 16)) == Data("SQLite format 3\0".utf8) else { return false }
        #if SQLite
        return (try? AppDatabase.open(path: path)) != nil
        #else
        return false  // without the SQLite trait, loading the file says why it cannot be read
        #endif
    }

    #if SQLite
    /// The model to run: `explicit` when given, else the active model `odml_model_log` records, else rules.
    static func model(_ explicit: String?, database: AppDatabase, password: String?) throws -> CycleModel {
        if let explicit { return try CycleModel.load(explicit, password: password) }
        return try CycleModel.active(in: database, password: password)
    }
    #endif
}
