#if SQLite
import Cycles
import GRDB

/// One row of `odml_model_log` (see `AppDatabase.modelLogSchema`): a fine-tune and the model it
/// made active.
package struct ModelLogEntry: Sendable, Equatable {
    /// Row id (increasing).
    package var id: Int64?
    /// When it was written (Unix seconds).
    package var createdAt: Int64
    /// Last day of data used.
    package var cutoff: CalendarDay
    /// The population model fine-tuned: a path or a built-in name.
    package var baseModel: String
    /// Its version (`CycleModel.version`).
    package var baseVersion: String
    /// The model active from now on: her personal file when kept, else `baseModel`.
    package var model: String
    /// Its version: the `model_version` of the predictions it writes.
    package var modelVersion: String
    /// The strategy kept, or `none`.
    package var strategy: String
    /// Whether the guardrail kept the personal model.
    package var kept: Bool
    /// The guardrail's line.
    package var reason: String

    /// Creates one with every field.
    package init(id: Int64? = nil, createdAt: Int64, cutoff: CalendarDay, baseModel: String, baseVersion: String, model: String,
                modelVersion: String, strategy: String, kept: Bool, reason: String) {
        self.id = id
        self.createdAt = createdAt
        self.cutoff = cutoff
        self.baseModel = baseModel
        self.baseVersion = baseVersion
        self.model = model
        self.modelVersion = modelVersion
        self.strategy = strategy
        self.kept = kept
        self.reason = reason
    }

    init(row: Row) throws {
        guard let cutoff = CalendarDay(iso: row["cutoff"] as String? ?? "") else {
            throw PersonalizationError.corruptStore(path: "odml_model_log", detail: "row \(row["id"] as Int64? ?? 0): cutoff is not a date YYYY-MM-DD")
        }
        self.init(id: row["id"], createdAt: row["created_at"], cutoff: cutoff, baseModel: row["base_model"], baseVersion: row["base_version"],
                  model: row["model"], modelVersion: row["model_version"], strategy: row["strategy"], kept: row["kept"], reason: row["reason"])
    }
}
#endif
