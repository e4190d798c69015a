#if SQLite
import Cycles

extension CycleModel {
    /// The model the app's database records as active (the last `odml_model_log` row), the rule
    /// engine when it records none; a personal file is decrypted with `password`.
    /// - Throws: `PersonalizationError` (unreadable log, `.wrongPassword`, `.unsupportedModel`).
    public static func active(in database: AppDatabase, password: String?) throws -> CycleModel {
        try load(try database.activeModelEntry()?.model ?? RuleEngine().name, password: password)
    }
}
#endif
