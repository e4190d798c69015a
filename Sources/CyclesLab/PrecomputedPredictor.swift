import Cycles
import Explanations

/// A predictor that answers from forecasts computed once for one user, and asks `base` for
/// anything else. Exact under the causality contract: the forecast for day `d` depends only
/// on the data up to `d`, so it is the same whether computed from the whole history or a prefix.
package struct PrecomputedPredictor: CachedPredictor {
    /// The model the forecasts come from.
    package let base: any CyclePredictor
    /// The user the forecasts belong to.
    package let userID: String
    let forecasts: [CalendarDay: CyclePrediction]
    let records: [DayRecord]

    package var name: String { base.name }

    /// The language of the forecasts' sentences: English (what is precomputed is scored, its
    /// sentences are not read); a request in another language goes to `base`.
    package static let language = Language.en

    /// Runs `base` on every day of `days` for `history`'s user.
    package init(_ base: any CyclePredictor, history: UserHistory, days: [CalendarDay]) throws {
        self.base = base
        userID = history.userID
        records = history.records
        let predictions = try base.predictions(for: history, on: days, language: PrecomputedPredictor.language)
        forecasts = Dictionary(predictions.map { ($0.asOf, $0) }, uniquingKeysWith: { first, _ in first })
    }

    package func predictions(for history: UserHistory, on days: [CalendarDay], language: Language) throws -> [CyclePrediction] {
        guard history.userID == userID, language == PrecomputedPredictor.language, isPrefix(history.records), let last = history.records.last?.date,
              days.allSatisfy({ $0 <= last && forecasts[$0] != nil }) else {
            return try base.predictions(for: history, on: days, language: language)
        }
        return days.map { forecasts[$0]! }
    }

    /// `true` when `other` is a prefix of the history the forecasts were computed from, so that
    /// for any day up to `other`'s last record both hold the same data.
    func isPrefix(_ other: [DayRecord]) -> Bool {
        guard other.count <= records.count, let last = other.last else { return false }
        return records[other.count - 1] == last && records.first == other.first
    }
}
