/// The metric keys of an `EvaluationReport` (exactly the names used in JSON and by the gates).
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
public enum CycleMetric {
    public static let alertAccuracy = "period_start.alert_accuracy"
    public static let accuracy2d = "period_start.accuracy_2d"
    public static let accuracy1d = "period_start.accuracy_1d"
    public static let accuracy3d = "period_start.accuracy_3d"
    public static let maeDays = "period_start.mae_days"
    public static let day1Accuracy2d = "period_start.day1_accuracy_2d"
    /// Prefix of the cycle-day buckets (`period_start.by_cycle_day.1-7` etc.).
    public static let byCycleDay = "period_start.by_cycle_day"
    public static let byCycleDay1to7 = "period_start.by_cycle_day.1-7"
    public static let byCycleDay8to14 = "period_start.by_cycle_day.8-14"
    public static let byCycleDay15plus = "period_start.by_cycle_day.15+"
    public static let ovulationAccuracy2d = "ovulation.accuracy_2d"
    public static let energyAccuracy3Class = "energy.accuracy_3class"
    public static let energyMAE = "energy.mae"
    public static let moodAccuracy3Class = "mood.accuracy_3class"
    public static let moodMAE = "mood.mae"
    /// 3-class accuracy of "tomorrow's energy = the last energy logged up to today", on the days
    /// `energy.accuracy_3class` scores.
    public static let energySameAsTodayAccuracy3Class = "energy.same_as_today_accuracy_3class"
    /// The same baseline for mood.
    public static let moodSameAsTodayAccuracy3Class = "mood.same_as_today_accuracy_3class"

    /// Every key, in report order.
    public static let all: [String] = [
        alertAccuracy, accuracy2d, accuracy1d, accuracy3d, maeDays, day1Accuracy2d,
        byCycleDay1to7, byCycleDay8to14, byCycleDay15plus, ovulationAccuracy2d,
        energyAccuracy3Class, energyMAE, moodAccuracy3Class, moodMAE,
        energySameAsTodayAccuracy3Class, moodSameAsTodayAccuracy3Class,
    ]

    /// Width of a text table's metric column: the longest key and two spaces.
    public static let keyColumnWidth = all.reduce(0) { max($0, $1.count) } + 2

    /// `true` for metrics where lower is better (the MAEs).
    public static func lowerIsBetter(_ key: String) -> Bool { key.hasSuffix("mae") || key.hasSuffix("mae_days") }
}
