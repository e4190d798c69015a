import Cycles
import Explanations

/// The ovulation-aware reference (`"ovulation-aware"`), for evaluation only: what knowing the
/// ovulation day is worth to a simple predictor, the yardstick the generator is calibrated to.
///
/// It reads the current cycle's true ovulation day from the dataset's truth (on real charts:
/// the peak day, `EstimatedDayofOvulation`) but nothing else of the future:
/// - from the ovulation day on: ovulation + her luteal length + 1;
/// - before it: the calendar date (`CycleState.calendarNextStart`), pushed later to today + 1 +
///   luteal length + 1 once that date no longer leaves room for ovulation and a luteal phase;
/// - in a cycle without an ovulation (anovulatory, or no peak charted): the calendar date.
///
/// Her luteal length is the median of her past cycles' luteal lengths (last ≤ 6, rounded half
/// up; `AlertPolicy.lutealPriorDays` until she has one). On the Marquette charting cohort it reaches alert
/// accuracy ≈ 0.85 on all women and ≈ 0.70 on the irregular ones.
public struct OvulationAwarePredictor: CyclePredictor {
    /// `"ovulation-aware"`.
    public let name = "ovulation-aware"
    /// Truth cycles by user id.
    public let truth: [String: [CycleTruth]]

    /// The reference over a dataset's truth.
    /// - Throws: `DatasetError.missingTruth` when the dataset has no `truth.csv`.
    public init(dataset: CycleDataset) throws {
        guard let truth = dataset.truth else { throw DatasetError.missingTruth(model: "ovulation-aware") }
        self.truth = truth
    }

    /// The reference over truth cycles by user id.
    public init(truth: [String: [CycleTruth]]) {
        self.truth = truth
    }

    public func predictions(for history: UserHistory, on days: [CalendarDay], language: Language) throws -> [CyclePrediction] {
        let cycles = (truth[history.userID] ?? []).sorted { $0.cycleStart < $1.cycleStart }
        let calendar = try CalendarPredictor().predictions(for: history, on: days, language: language)
        var sentences = _ReasoningCache<[Int]>()
        return try zip(days, calendar).map { day, calendarForecast in
            let index = cycles.partitioningIndex { $0.cycleStart > day } - 1
            guard index >= 0, let ovulation = cycles[index].ovulationDate else { return calendarForecast }
            let pastLuteal = cycles[max(0, index - CycleState.recentCycleCount)..<index].compactMap(\.lutealLength)
            let luteal = pastLuteal.isEmpty ? AlertPolicy.lutealPriorDays
                                            : Int(CycleState.median(pastLuteal).rounded())
            var forecast = calendarForecast
            if ovulation <= day {
                forecast.nextPeriodStart = ovulation.advanced(by: luteal + 1)
                forecast.nextPeriodUncertaintyDays = 1.5
                forecast.ovulation = OvulationEstimate(date: ovulation, passedProbability: 1)
                let next = forecast.nextPeriodStart
                forecast.reasoning = try sentences.reasoning(for: [1, next.daysSinceEpoch, ovulation.daysSinceEpoch, luteal]) {
                    try CyclePhrases.periodStatement(next, facts: [.ovulationKnown(ovulation, luteal: luteal)], language: language)
                }
            } else {
                let earliest = day.advanced(by: luteal + 2)
                if earliest > forecast.nextPeriodStart {
                    forecast.nextPeriodStart = earliest
                    forecast.reasoning = try sentences.reasoning(for: [0, earliest.daysSinceEpoch]) {
                        try CyclePhrases.periodStatement(earliest, facts: [.ovulationPending()], language: language)
                    }
                }
                forecast.ovulation = OvulationEstimate(date: forecast.nextPeriodStart.advanced(by: -(luteal + 1)), passedProbability: 0)
            }
            return forecast
        }
    }
}
