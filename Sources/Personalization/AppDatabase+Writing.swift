#if SQLite
import Cycles
import Foundation
import GRDB

extension AppDatabase {
    /// Writes one day's batch in one transaction and returns how many rows were new. Rows whose
    /// id is already stored are left as they are (`INSERT OR IGNORE`): writing the same batch
    /// twice writes nothing the second time.
    /// - Throws: `PersonalizationError.invalidValue` for a confidence outside 0…1.
    @discardableResult
    package func write(_ batch: DayBatch) throws -> Int {
        try write(batch, keeping: nil)
    }

    /// `write(_:)`, storing in the same transaction her kept day for the next forecast.
    @discardableResult
    func write(_ batch: DayBatch, keeping kept: KeptCycleDay?) throws -> Int {
        for confidence in batch.predictions.map(\.confidence) + batch.insights.compactMap(\.confidence) where !(0...1).contains(confidence) {
            throw PersonalizationError.invalidValue(field: "confidence", found: "\(confidence)", expected: "a value in 0…1")
        }
        let (inserted, token) = try perform {
            try writer.write { db in
                if try !db.indexes(on: "predictions").contains(where: { $0.name == AppDatabase.scoredPredictionsIndexName }) {
                    try db.execute(sql: AppDatabase.scoredPredictionsIndex)
                }
                var inserted = 0
                for prediction in batch.predictions {
                    try db.cachedStatement(sql: """
                        INSERT OR IGNORE INTO predictions (id, type, predicted_date, predicted_value, confidence, actual_date,
                            actual_value, accuracy_score, model_version, created_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """).execute(arguments: [prediction.id, prediction.kind.rawValue, prediction.predictedDate.iso, prediction.predictedValue,
                                         prediction.confidence, prediction.actualDate?.iso, prediction.actualValue, prediction.accuracyScore,
                                         prediction.modelVersion, prediction.createdAt])
                    inserted += db.changesCount
                }
                for insight in batch.insights {
                    try db.cachedStatement(sql: """
                        INSERT OR IGNORE INTO insights (id, date, type, title, body, confidence, reasoning, source, user_feedback, created_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """).execute(arguments: [insight.id, insight.date.iso, insight.kind.rawValue, insight.title, insight.body, insight.confidence,
                                         insight.reasoning, insight.source, insight.userFeedback?.rawValue, insight.createdAt])
                    inserted += db.changesCount
                }
                return (inserted, try kept.flatMap { try store($0, in: db) })
            }
        }
        // Committed: the next forecast finds this kept day under its token without decoding it.
        if let kept, let token { decodedKeptDay.keep(kept, token: token) }
        return inserted
    }

    /// Stores (or clears, with `nil`) her verdict on an insight, as the app does when she taps it.
    /// - Throws: `PersonalizationError.invalidValue` when no insight has this id.
    public func setFeedback(_ feedback: InsightFeedback?, onInsight id: String) throws {
        let changed = try perform {
            try writer.write { db in
                try db.execute(sql: "UPDATE insights SET user_feedback = ? WHERE id = ?", arguments: [feedback?.rawValue, id])
                return db.changesCount
            }
        }
        guard changed == 1 else { throw PersonalizationError.invalidValue(field: "insights.id", found: id, expected: "the id of a stored insight") }
    }

    /// Appends her logs of one day as the app would (one `cycle_entries` row, one `symptom_logs`
    /// row per symptom; `cycle_day`/`phase` as displayed; ids name-based UUIDs), in one
    /// transaction; for replays and tests: the app writes its own logs.
    public func log(_ record: DayRecord, cycleDay: Int?, at seconds: Int64) throws {
        try perform {
            try writer.write { db in
                let date = record.date.iso
                try db.execute(sql: """
                    INSERT INTO cycle_entries (id, date, flow_intensity, cycle_day, phase, created_at, updated_at, sync_status)
                    VALUES (?, ?, ?, ?, ?, ?, ?, 'pending')
                    """, arguments: [_NameBasedUUID.make("cycle_entries|\(date)"), date, record.flowIntensity, cycleDay,
                                     cycleDay.map(CycleDataset.displayedPhase), seconds, seconds])
                for type in record.symptoms.keys.sorted() {
                    let pain = type == .pain
                    try db.execute(sql: """
                        INSERT INTO symptom_logs (id, date, symptom_type, value, notes, body_zone, pain_type, created_at, updated_at, sync_status)
                        VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, 'pending')
                        """, arguments: [_NameBasedUUID.make("symptom_logs|\(date)|\(type.rawValue)"), date, type.rawValue,
                                         record.symptoms[type], pain ? record.painZone?.rawValue : nil,
                                         pain ? record.painType?.rawValue : nil, seconds, seconds])
                }
            }
        }
    }

    /// Marks the reading `measurementID` (a `measurements.id`) disturbed, or clears the mark, in
    /// `odml_disturbed_readings` (created if missing), in one transaction.
    public func markDisturbed(measurementID: String, _ disturbed: Bool = true, at seconds: Int64) throws {
        try perform {
            try writer.write { db in
                try db.execute(sql: AppDatabase.disturbedReadingsSchema)
                if disturbed {
                    try db.execute(sql: "INSERT OR REPLACE INTO odml_disturbed_readings (measurement_id, created_at) VALUES (?, ?)",
                                   arguments: [measurementID, seconds])
                } else {
                    try db.execute(sql: "DELETE FROM odml_disturbed_readings WHERE measurement_id = ?", arguments: [measurementID])
                }
            }
        }
    }

    /// Appends `entry` to `odml_model_log` (created if missing) in one transaction.
    func record(_ entry: ModelLogEntry) throws {
        try perform {
            try writer.write { db in
                try db.execute(sql: AppDatabase.modelLogSchema)
                try db.execute(sql: """
                    INSERT INTO odml_model_log (created_at, cutoff, base_model, base_version, model, model_version, strategy, kept, reason)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [entry.createdAt, entry.cutoff.iso, entry.baseModel, entry.baseVersion, entry.model, entry.modelVersion,
                                     entry.strategy, entry.kept ? 1 : 0, entry.reason])
            }
        }
    }
}
#endif
