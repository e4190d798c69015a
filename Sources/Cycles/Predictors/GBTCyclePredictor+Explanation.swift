import BoostedTrees

/// What the period model saw and how each feature moved its output, for one user-day: the input
/// of the reasoning generator.
package struct GBTPeriodExplanation: Sendable, Equatable {
    /// The day explained.
    package var day: CalendarDay
    /// Feature values (`NaN` = missing), in `features` order.
    package var values: [Float]
    /// Feature names, groups and phrases.
    package var features: [CycleFeature]
    /// Exact TreeSHAP values of the period model's raw score (the correction to the calendar, in
    /// days), one per feature.
    package var contributions: [Double]
    /// The model's expected raw score (SHAP base value); `expectedValue + Σ contributions` is the raw score.
    package var expectedValue: Double
    /// The raw score.
    package var rawScore: Double
    /// Predicted days until the next start: the calendar's remaining days plus the correction.
    package var remainingDays: Double
}

extension GBTCyclePredictor {
    /// Features and TreeSHAP values of the period model for `history`'s user on `day` (causal).
    package func periodExplanation(for history: UserHistory, on day: CalendarDay) -> GBTPeriodExplanation {
        let prepared = preparedDay(for: history, on: day)
        return periodExplanation(row: prepared.rows, day: day)
    }

    /// Features and TreeSHAP values of the period model for the feature `row` of `day`.
    func periodExplanation(row: [Float], day: CalendarDay) -> GBTPeriodExplanation {
        let shap = remaining.shapValues(row)
        let featureCount = TabularFeatureBuilder.featureCount
        let raw = remaining.predictRaw(row)[0]
        return GBTPeriodExplanation(day: day, values: row, features: TabularFeatureBuilder.features,
                                    contributions: Array(shap[0..<featureCount]), expectedValue: shap[featureCount],
                                    rawScore: raw, remainingDays: predictedRemainingDays(features: row))
    }
}
