import Explanations

/// The distributions the learned models' forecasts rest on (their confidence and intervals).
extension CycleDayState {
    /// Whether the learned models give the period-history forecast itself today
    /// (`PeriodHistoryPredictor`): she logged no symptom in the last `loggingWindowDays` days and no
    /// temperature or mucus this cycle (`givesAnchoredForecast`), and no LH test moved the anchor
    /// off the period-history date.
    package var givesPeriodHistoryForecast: Bool {
        givesAnchoredForecast && signals.evidence == nil && anchoredNextStart == cycle.nextStartDistribution?.likeliestDate
    }

    /// The ovulation posterior's next-start distribution at the end of today, `nil` before a start
    /// or past the posterior's hypotheses.
    package var posteriorDistribution: NextStartDistribution? {
        guard let today, let posterior = ovulationPosterior else { return nil }
        return NextStartDistribution(asOf: today, weights: posterior.startProbabilities)
    }

    /// A learned model's `prediction` for today completed with what it rests on: the
    /// period-history forecast itself (date, confidence, intervals, sentence) when the model gives
    /// it (`givesPeriodHistoryForecast`); otherwise the model's date with the confidence and the
    /// intervals of `distribution` (the model's own, or by default the ovulation posterior's).
    func completing(_ prediction: CyclePrediction, distribution: NextStartDistribution? = nil, language: Language,
                    historySentences: inout _ReasoningCache<[Int]>) throws -> CyclePrediction {
        var completed = prediction
        if givesPeriodHistoryForecast, let history = cycle.nextStartDistribution, let lastStart = cycle.lastStart {
            let forecast = try PeriodHistoryPredictor.prediction(distribution: history, model: cycle.lengthModel, lastStart: lastStart,
                                                                 language: language, sentences: &historySentences)
            completed.nextPeriodStart = forecast.nextPeriodStart
            completed.nextPeriodUncertaintyDays = forecast.nextPeriodUncertaintyDays
            completed.nextPeriodConfidence = forecast.nextPeriodConfidence
            completed.nextPeriodIntervals = forecast.nextPeriodIntervals
            completed.reasoning = forecast.reasoning
            return completed
        }
        guard let distribution = distribution ?? posteriorDistribution else { return completed }
        completed.nextPeriodConfidence = distribution.hitProbability(of: prediction.nextPeriodStart)
        completed.nextPeriodIntervals = distribution.centralIntervals
        return completed
    }
}
