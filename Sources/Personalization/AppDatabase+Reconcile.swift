#if SQLite
import Cycles
import GRDB

extension AppDatabase {
    /// Fills `actual_date`, `actual_value` and `accuracy_score` of the open predictions whose
    /// truth she has logged, in one transaction (`PredictionRecord.accuracyScore` is the rule):
    /// - `period_start`: the first period start (derived from her flow days, `UserHistory`) after
    ///   the prediction's as-of day;
    /// - `energy`, `mood`: the value she logged on the predicted day;
    /// - `ovulation`: stays open, the ShifAI tables log no ovulation day.
    /// Filled rows are not revisited. Rows of any source are reconciled (not only the loop's).
    /// - Throws: `DatasetError` for bad logs, `PersonalizationError.invalidRow` for a bad prediction row.
    @discardableResult
    public func reconcile() throws -> ReconcileSummary {
        try perform {
            try writer.write { db in
                let history = try history(in: db)
                let byDay = Dictionary(history.records.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
                var summary = ReconcileSummary()
                let open = "actual_date IS NULL AND accuracy_score IS NULL"
                let unfillable = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM predictions WHERE type = 'ovulation' AND \(open)") ?? 0
                if unfillable > 0 { summary.open[StoredPredictionKind.ovulation.rawValue] = unfillable }
                for record in try predictions(in: db, kinds: [.periodStart, .energy, .mood], where: open) {
                    var actualDate: CalendarDay?
                    var actualValue: Int?
                    switch record.kind {
                    case .periodStart:
                        actualDate = history.periodStarts.first { $0 > record.asOf }
                    case .ovulation:
                        continue
                    case .energy, .mood:
                        let symptom: SymptomType = record.kind == .energy ? .energy : .mood
                        if let value = byDay[record.predictedDate]?.symptoms[symptom] {
                            actualDate = record.predictedDate
                            actualValue = value
                        }
                    }
                    guard let actualDate,
                          let score = PredictionRecord.accuracyScore(kind: record.kind, predictedDate: record.predictedDate,
                                                                     predictedValue: record.predictedValue, actualDate: actualDate,
                                                                     actualValue: actualValue) else {
                        summary.open[record.kind.rawValue, default: 0] += 1
                        continue
                    }
                    try db.execute(sql: "UPDATE predictions SET actual_date = ?, actual_value = ?, accuracy_score = ? WHERE id = ?",
                                   arguments: [actualDate.iso, actualValue, score, record.id])
                    summary.filled[record.kind.rawValue, default: 0] += 1
                    if score >= 1 { summary.accurate[record.kind.rawValue, default: 0] += 1 }
                }
                return summary
            }
        }
    }
}
#endif
