#if SQLite
import Explanations
import Foundation
import GRDB

extension AppDatabase {
    /// The ShifAI architecture's DDL, verbatim (`Schema/shifai-schema.sql`): `user_profile`,
    /// `cycle_entries`, `symptom_logs`, `insights`, `predictions`. The app creates its own tables;
    /// this is for replays, tests and tools.
    package static let shifaiSchema = schema("shifai-schema")

    /// The toolkit's table marking readings disturbed (`Schema/odml-disturbed-readings.sql`,
    /// `CREATE TABLE IF NOT EXISTS`): one row per disturbed `measurements.id`. The app writes it
    /// when she marks a reading; `markDisturbed(measurementID:_:at:)` does it for tools and tests.
    package static let disturbedReadingsSchema = schema("odml-disturbed-readings")

    /// The text of `Schema/<name>.sql` in the module's bundle.
    private static func schema(_ name: String) -> String {
        guard let url = ModuleResources.url(forResource: name, withExtension: "sql", subdirectory: "Schema",
                                                  bundleName: "OnDeviceML_Personalization", fallback: { .module }),
              let text = try? String(contentsOf: url, encoding: .utf8) else {
            preconditionFailure("the Personalization bundle lacks Schema/\(name).sql")
        }
        return text
    }

    /// The toolkit's index on the app's `predictions` table, created by the first write of a
    /// day's forecasts (`CREATE INDEX IF NOT EXISTS`): the scored rows by type and time, so that
    /// the daily forecast's level confidences read her last scored forecasts rather than every
    /// forecast she ever had. Only scored rows enter it, so a day's new forecasts do not touch it.
    static let scoredPredictionsIndexName = "odml_predictions_scored"

    /// The DDL of `scoredPredictionsIndexName`.
    static let scoredPredictionsIndex = """
        CREATE INDEX IF NOT EXISTS \(scoredPredictionsIndexName) ON predictions (type, created_at) WHERE accuracy_score IS NOT NULL
        """

    /// The one table the toolkit owns in the app's database, created on the first fine-tune
    /// (`CREATE TABLE IF NOT EXISTS`): one row per fine-tune, the last row names the active model.
    ///
    /// Columns: `created_at` (Unix seconds), `cutoff` (last day of data used), `base_model` /
    /// `base_version` (the population model fine-tuned: a path or a built-in name, and its
    /// version), `model` / `model_version` (the model now active: her personal file when the
    /// guardrail kept it, else the base), `strategy` (`residual`, `luteal`, `gbt-residual` or
    /// `none`), `kept` (0/1) and `reason` (the guardrail's line).
    package static let modelLogSchema = """
        CREATE TABLE IF NOT EXISTS odml_model_log (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            created_at INTEGER NOT NULL,
            cutoff TEXT NOT NULL,
            base_model TEXT NOT NULL,
            base_version TEXT NOT NULL,
            model TEXT NOT NULL,
            model_version TEXT NOT NULL,
            strategy TEXT NOT NULL,
            kept INTEGER NOT NULL CHECK (kept IN (0, 1)),
            reason TEXT NOT NULL
        )
        """
}
#endif
