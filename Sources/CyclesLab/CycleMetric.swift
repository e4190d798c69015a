import Cycles

/// The metrics of an `EvaluationReport`; the raw values are exactly the keys used in JSON and by the gates.
///
/// Definitions (copied in `Datasets/REFERENCE-STATISTICS.md`):
/// - Prediction days: every calendar day from the user's first logged period start to the last
///   logged day (days without a record get a forecast too). A forecast on day `d` is scored
///   against the first logged period start after `d`; days after the last logged start have
///   no known target and are not scored.
/// - Cycles: each logged period start that has a logged previous start.
/// - `period_start.alert_accuracy`: per cycle, the alert is the first forecast made in the
///   cycle (from its start to the day before the next start) whose forecast start is at most 3
///   days after the forecast day; a hit when the true start is within ±2 days of the alerted
///   date; a period that starts before any alert is a miss. Hits / cycles.
/// - `period_start.accuracy_{1,2,3}d`: share of scored days whose forecast is within ±1/2/3 d;
///   `mae_days`: mean absolute error in days; `day1_accuracy_2d`: the forecast made on cycle
///   day 1; `by_cycle_day.{1-7,8-14,15+}`: ±2 d accuracy by the forecast day's cycle day.
/// - `ovulation.accuracy_2d` (truth only): share of prediction days in ovulatory truth cycles
///   whose ovulation estimate is within ±2 d of the truth (no estimate = miss); absent when the
///   model never estimates ovulation.
/// - `energy.*`, `mood.*`: tomorrow's forecast vs tomorrow's logged value, on days where both
///   exist: 3-class accuracy (1–3 / 4–7 / 8–10) and MAE. `*.same_as_today_accuracy_3class` is
///   the baseline "tomorrow = the last value logged up to today" on those same days (where a
///   value was logged before), so every report shows whether the model beats it.
/// Values are pooled over all users (micro average); `<key>_ci` is the 95 % percentile
/// bootstrap interval resampling users.
public enum CycleMetric: String, CaseIterable, Sendable, Codable, CodingKeyRepresentable, CustomStringConvertible {
    /// Alert hits / cycles (see above): the gate metric.
    case alertAccuracy = "period_start.alert_accuracy"
    /// Share of scored days whose forecast is within ±2 d.
    case accuracy2d = "period_start.accuracy_2d"
    /// Share of scored days whose forecast is within ±1 d.
    case accuracy1d = "period_start.accuracy_1d"
    /// Share of scored days whose forecast is within ±3 d.
    case accuracy3d = "period_start.accuracy_3d"
    /// Mean absolute error of the daily forecasts, in days.
    case maeDays = "period_start.mae_days"
    /// ±2 d accuracy of the forecast made on cycle day 1.
    case day1Accuracy2d = "period_start.day1_accuracy_2d"
    /// ±2 d accuracy of the forecasts made on cycle days 1–7.
    case byCycleDay1to7 = "period_start.by_cycle_day.1-7"
    /// ±2 d accuracy of the forecasts made on cycle days 8–14.
    case byCycleDay8to14 = "period_start.by_cycle_day.8-14"
    /// ±2 d accuracy of the forecasts made from cycle day 15 on.
    case byCycleDay15plus = "period_start.by_cycle_day.15+"
    /// Share of days in ovulatory truth cycles whose ovulation estimate is within ±2 d (truth only).
    case ovulationAccuracy2d = "ovulation.accuracy_2d"
    /// 3-class accuracy of tomorrow's energy.
    case energyAccuracy3Class = "energy.accuracy_3class"
    /// Mean absolute error of tomorrow's energy (1–10 scale).
    case energyMAE = "energy.mae"
    /// 3-class accuracy of tomorrow's mood.
    case moodAccuracy3Class = "mood.accuracy_3class"
    /// Mean absolute error of tomorrow's mood (1–10 scale).
    case moodMAE = "mood.mae"
    /// 3-class accuracy of "tomorrow's energy = the last energy logged up to today", on the days
    /// `energyAccuracy3Class` scores.
    case energySameAsTodayAccuracy3Class = "energy.same_as_today_accuracy_3class"
    /// The same baseline for mood.
    case moodSameAsTodayAccuracy3Class = "mood.same_as_today_accuracy_3class"

    /// Prefix of the cycle-day buckets' keys (`period_start.by_cycle_day.1-7` etc.), which JSON nests.
    public static let byCycleDayPrefix = "period_start.by_cycle_day"

    /// Width of a text table's metric column: the longest key and two spaces.
    public static let keyColumnWidth = allCases.reduce(0) { max($0, $1.rawValue.count) } + 2

    /// Position in `allCases` (and in the tally arrays of `UserEvaluation`).
    public var index: Int { Self.allCases.firstIndex(of: self)! }

    /// `true` for metrics where lower is better (the MAEs).
    public var lowerIsBetter: Bool { self == .maeDays || self == .energyMAE || self == .moodMAE }

    /// The cycle-day bucket's name (`"1-7"`, `"8-14"`, `"15+"`), `nil` for other metrics.
    public var cycleDayBucket: String? {
        rawValue.hasPrefix(Self.byCycleDayPrefix + ".") ? String(rawValue.dropFirst(Self.byCycleDayPrefix.count + 1)) : nil
    }

    /// The JSON key.
    public var description: String { rawValue }
}
