import Cycles
import Foundation
@testable import Personalization

/// Helpers shared by the store tests.
enum StoreFixtures {
    /// A fresh directory under the system temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("odml-personalization-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let firstDay = CalendarDay(year: 2026, month: 1, day: 1)!

    /// A day's batch: `predictionCount` predictions cycling through the four kinds, plus one insight.
    static func batch(user: String, day: CalendarDay, predictionCount: Int = 4) -> DayBatch {
        let predictions = (0..<predictionCount).map { index -> PredictionRecord in
            let kind = PredictionKind.allCases[index % 4]
            return PredictionRecord(userID: user, kind: kind,
                                    predictedDate: kind.isDate ? day.advanced(by: 10 + index % 7) : day.advanced(by: 1),
                                    predictedValue: kind.isDate ? nil : Double(3 + index % 5), confidence: 0.7,
                                    modelVersion: "rules", createdAt: day)
        }
        let insight = InsightRecord(userID: user, date: day, kind: .prediction, title: "Règles",
                                    body: "Règles prévues dans 10 jours", confidence: 0.6,
                                    reasoning: "cycle moyen 28 j", source: "rule_based", createdAt: day)
        return DayBatch(userID: user, day: day, predictions: predictions, insights: [insight])
    }
}
