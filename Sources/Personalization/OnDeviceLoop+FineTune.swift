#if SQLite
import Cycles
import Foundation
import ModelFiles

extension OnDeviceLoop {
    /// What `fineTune(…)` did.
    public struct FineTuneOutcome: Sendable {
        /// The guardrail's decision.
        public var outcome: PersonalizationOutcome
        /// The signals used (reconciled predictions and her verdicts, known by the cut-off).
        public var signals: [FeedbackSignal]
        /// The `odml_model_log` row written.
        package var entry: ModelLogEntry
        /// The model active from now on: her new personal model when kept, else the base.
        public var model: CycleModel
        /// Her personal model file, when one was written.
        public var file: URL?
    }

    /// Fine-tunes `base`'s population model on her logs and feedback up to `cutoff` (default: her
    /// last logged day) with `personalizer` (under its guardrail); when the personal model is
    /// kept, writes it atomically to `modelDirectory` as `<kind>-personal-<checksum>.odml`
    /// (encrypted with `password` when given) *before* recording, in one transaction, the
    /// `odml_model_log` row that makes it active. When rolled back, the row makes `base` active.
    /// A kill at any point leaves the previous active model recorded and readable. `progress` is
    /// called before each write (the model file, then the row).
    public func fineTune(base: CycleModel, personalizer: Personalizer, modelDirectory: URL, password: String?,
                         cutoff: CalendarDay? = nil, at now: Date, progress: (String) -> Void = { _ in }) throws -> FineTuneOutcome {
        let history = try database.history()
        guard let lastDay = history.records.last?.date else {
            throw PersonalizationError.noHistory(user: history.userID, detail: "no day logged in \(database.name)")
        }
        let cutoff = cutoff ?? lastDay
        let signals = try database.feedbackSignals(through: cutoff)
        let outcome = try personalizer.personalize(base.population, history: history, cutoff: cutoff, signals: signals)
        let record = PersonalModelRecord(outcome: outcome, userID: history.userID)
        var active = base
        var written: URL?
        if outcome.kept {
            var file = try PersonalModelFile.personalized(base.populationFile, record: record)
            if let trees = outcome.model as? GBTPersonalPredictor { trees.store(in: &file) }
            let checksum: UInt32
            do {
                checksum = try ModelFile.inspect(try file.encoded()).storedChecksum
                try FileManager.default.createDirectory(at: modelDirectory, withIntermediateDirectories: true)
            } catch {
                throw PersonalizationError.writeFailed(path: modelDirectory.path, detail: "\(error)")
            }
            let url = modelDirectory.appendingPathComponent("\(file.header.kind)-personal-\(String(format: "%08X", checksum)).odml")
            progress("writing \(url.lastPathComponent)")
            try PersonalModelFile.write(file, to: url, password: password)
            active = try CycleModel.load(url.path, password: password)
            written = url
        }
        let entry = ModelLogEntry(createdAt: Int64(now.timeIntervalSince1970.rounded(.down)), cutoff: cutoff, baseModel: base.source,
                                  baseVersion: base.version, model: active.source, modelVersion: active.version,
                                  strategy: record.strategy, kept: record.kept, reason: record.reason)
        progress("recording the active model \(entry.modelVersion)")
        try database.record(entry)
        return FineTuneOutcome(outcome: outcome, signals: signals, entry: entry, model: active, file: written)
    }
}
#endif
