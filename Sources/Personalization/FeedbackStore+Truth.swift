import Cycles
import GRDB

extension FeedbackStore {
    /// Records a true date (a period start or an ovulation day): every prediction of `kind` for
    /// the user that is still open and was made before `actualDate` gets `actual_date` and its
    /// `accuracy_score`, in one transaction. Returns how many rows were filled.
    @discardableResult
    public func recordActualDate(_ actualDate: CalendarDay, kind: PredictionKind, for userID: String) throws -> Int {
        guard kind.isDate else {
            throw PersonalizationError.invalidValue(field: "kind", found: kind.rawValue, expected: "period_start or ovulation")
        }
        try requireUser(userID)
        return try perform {
            try pool.write { db in
                let rows = try Row.fetchAll(db, sql: """
                    SELECT id, predicted_date FROM predictions
                    WHERE user_id = ? AND type = ? AND actual_date IS NULL AND created_at < ?
                    """, arguments: [userID, kind.rawValue, actualDate.iso])
                for row in rows {
                    let predicted = try FeedbackStore.day(row["predicted_date"], column: "predicted_date")
                    let score = PredictionRecord.accuracyScore(kind: kind, predictedDate: predicted, predictedValue: nil,
                                                               actualDate: actualDate, actualValue: nil)
                    try db.execute(sql: "UPDATE predictions SET actual_date = ?, accuracy_score = ? WHERE id = ?",
                                   arguments: [actualDate.iso, score, row["id"] as Int64])
                }
                return rows.count
            }
        }
    }

    /// Records a logged 1–10 value (energy, mood) for `day`: every prediction of `kind` for that
    /// day gets `actual_value` and its `accuracy_score`. Returns how many rows were filled.
    @discardableResult
    public func recordActualValue(_ value: Double, kind: PredictionKind, on day: CalendarDay, for userID: String) throws -> Int {
        guard !kind.isDate else {
            throw PersonalizationError.invalidValue(field: "kind", found: kind.rawValue, expected: "energy or mood")
        }
        guard (1...10).contains(value) else {
            throw PersonalizationError.invalidValue(field: "actual_value", found: "\(value)", expected: "a value in 1…10")
        }
        try requireUser(userID)
        return try perform {
            try pool.write { db in
                let rows = try Row.fetchAll(db, sql: """
                    SELECT id, predicted_value FROM predictions WHERE user_id = ? AND type = ? AND predicted_date = ?
                    """, arguments: [userID, kind.rawValue, day.iso])
                for row in rows {
                    let score = PredictionRecord.accuracyScore(kind: kind, predictedDate: day, predictedValue: row["predicted_value"],
                                                               actualDate: nil, actualValue: value)
                    try db.execute(sql: "UPDATE predictions SET actual_date = ?, actual_value = ?, accuracy_score = ? WHERE id = ?",
                                   arguments: [day.iso, value, score, row["id"] as Int64])
                }
                return rows.count
            }
        }
    }

    /// Stores (or clears, with `nil`) the user's verdict on an insight.
    /// - Throws: `PersonalizationError.invalidValue` when no insight has this id.
    public func setFeedback(_ feedback: InsightFeedback?, onInsight insightID: Int64) throws {
        let changed = try perform {
            try pool.write { db in
                try db.execute(sql: "UPDATE insights SET user_feedback = ? WHERE id = ?",
                               arguments: [feedback?.rawValue ?? "", insightID])
                return db.changesCount
            }
        }
        guard changed == 1 else {
            throw PersonalizationError.invalidValue(field: "insights.id", found: "\(insightID)", expected: "the id of a stored insight")
        }
    }
}
