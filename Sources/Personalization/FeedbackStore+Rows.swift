import Cycles
import GRDB

extension FeedbackStore {
    static func prediction(from row: Row) throws -> PredictionRecord {
        let typeText: String = row["type"]
        guard let kind = PredictionKind(rawValue: typeText) else {
            throw PersonalizationError.corruptStore(path: "predictions", detail: "unknown type \"\(typeText)\"")
        }
        return PredictionRecord(
            id: row["id"], userID: row["user_id"], kind: kind,
            predictedDate: try day(row["predicted_date"], column: "predicted_date"),
            predictedValue: row["predicted_value"], confidence: row["confidence"],
            actualDate: try (row["actual_date"] as String?).map { try day($0, column: "actual_date") },
            actualValue: row["actual_value"], accuracyScore: row["accuracy_score"],
            modelVersion: row["model_version"], createdAt: try day(row["created_at"], column: "created_at"))
    }

    static func insight(from row: Row) throws -> InsightRecord {
        let typeText: String = row["type"]
        guard let kind = InsightKind(rawValue: typeText) else {
            throw PersonalizationError.corruptStore(path: "insights", detail: "unknown type \"\(typeText)\"")
        }
        let feedbackText: String = row["user_feedback"]
        return InsightRecord(
            id: row["id"], userID: row["user_id"], date: try day(row["date"], column: "date"), kind: kind,
            title: row["title"], body: row["body"], confidence: row["confidence"], reasoning: row["reasoning"],
            source: row["source"], userFeedback: InsightFeedback(rawValue: feedbackText),
            createdAt: try day(row["created_at"], column: "created_at"))
    }

    static func day(_ text: String, column: String) throws -> CalendarDay {
        guard let day = CalendarDay(iso: text) else {
            throw PersonalizationError.corruptStore(path: column, detail: "\"\(text)\" is not a date YYYY-MM-DD")
        }
        return day
    }
}
