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
/// - Calibration, over the same scored days: each forecast's `confidence` is the probability it
///   states that the true start falls within ±2 days of its date (`CyclePrediction.nextPeriodConfidence`;
///   for a predictor that states none, the probability under the distribution of its own past
///   errors, `ForecastErrorHistory`), and it is a hit when it does (`AlertPolicy.isHit`).
///   `period_start.confidence_ece`: the confidences in 10 equal-width bins ([0, 0.1), …,
///   [0.9, 1]); Σ over bins of (forecasts in the bin / all) · |mean confidence − hit rate|.
///   `period_start.alert_confidence_ece`: the same over the alerts only, one per cycle that got
///   one (the alert's confidence against its hit: the number the app shows).
///   `period_start.brier`: the mean of (confidence − hit)². `period_start.coverage_{50,80,95}`:
///   share of scored days whose 50/80/95 % central interval (`CyclePrediction.nextPeriodIntervals`,
///   or from the past errors) contains the true start.
/// - `period_start.mae_by_cycle_day.{0,14,21,28,35,40}`: mean absolute error of the forecasts
///   made k days after the cycle's start (k = 0: its first day), over the cycles still running
///   that day.
/// - `period_start.by_cycle_day.{1-7,8-14,15+}` and `period_start.mae_by_cycle_day.*` are nested
///   in JSON (`"period_start.mae_by_cycle_day": {"0": …, "14": …}`).
/// - `ovulation.accuracy_2d` (truth only): share of prediction days in ovulatory truth cycles
///   whose ovulation estimate is within ±2 d of the truth (no estimate = miss); absent when the
///   model never estimates ovulation.
/// - `energy.*`, `mood.*`: tomorrow's forecast vs tomorrow's logged value, on days where both
///   exist: 3-class accuracy (1–3 / 4–7 / 8–10) and MAE. `*.same_as_today_accuracy_3class` is
///   the baseline "tomorrow = the last value logged up to today" on those same days (where a
///   value was logged before), so every report shows whether the model beats it.
/// Values are pooled over all users (micro average); `<key>_ci` is the 95 % percentile
/// bootstrap interval resampling users. A binned calibration error is biased upward by sampling
/// noise (a perfectly calibrated forecaster scores above 0, the more so the fewer the cycles), and
/// each resample carries that bias again: its interval sits high, so its upper end is a
/// conservative bound and its lower end is no evidence of miscalibration.
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
    /// Expected calibration error of the daily forecasts' confidence (10 equal-width bins).
    case confidenceECE = "period_start.confidence_ece"
    /// Expected calibration error of the alerts' confidence, one alert per cycle.
    case alertConfidenceECE = "period_start.alert_confidence_ece"
    /// Brier score of the daily forecasts' confidence: mean (confidence − hit)².
    case brier = "period_start.brier"
    /// Share of scored days whose 50 % interval contains the true start.
    case coverage50 = "period_start.coverage_50"
    /// Share of scored days whose 80 % interval contains the true start.
    case coverage80 = "period_start.coverage_80"
    /// Share of scored days whose 95 % interval contains the true start.
    case coverage95 = "period_start.coverage_95"
    /// Mean absolute error of the forecasts made on a cycle's first day.
    case maeByCycleDay0 = "period_start.mae_by_cycle_day.0"
    /// Mean absolute error of the forecasts made 14 days after a cycle's start.
    case maeByCycleDay14 = "period_start.mae_by_cycle_day.14"
    /// Mean absolute error of the forecasts made 21 days after a cycle's start.
    case maeByCycleDay21 = "period_start.mae_by_cycle_day.21"
    /// Mean absolute error of the forecasts made 28 days after a cycle's start.
    case maeByCycleDay28 = "period_start.mae_by_cycle_day.28"
    /// Mean absolute error of the forecasts made 35 days after a cycle's start.
    case maeByCycleDay35 = "period_start.mae_by_cycle_day.35"
    /// Mean absolute error of the forecasts made 40 days after a cycle's start.
    case maeByCycleDay40 = "period_start.mae_by_cycle_day.40"
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
    /// Prefix of the keys of the MAE by days since the cycle's start, which JSON nests.
    public static let maeByCycleDayPrefix = "period_start.mae_by_cycle_day"
    /// The groups JSON nests, in report order.
    public static let nestedGroups = [byCycleDayPrefix, maeByCycleDayPrefix]

    /// Width of a text table's metric column: the longest key and two spaces.
    public static let keyColumnWidth = allCases.reduce(0) { max($0, $1.rawValue.count) } + 2

    /// The calibration metrics, in report order: the calibration errors, the Brier score and the
    /// intervals' coverage.
    public static let calibrationMetrics: [CycleMetric] = [.confidenceECE, .alertConfidenceECE, .brier, .coverage50, .coverage80, .coverage95]

    /// The days after a cycle's start of `period_start.mae_by_cycle_day.*`.
    public static let maeCycleDays = [0, 14, 21, 28, 35, 40]

    /// The MAE of the forecasts made `days` after the cycle's start, `nil` for other days.
    public static func maeByCycleDay(daysAfterStart days: Int) -> CycleMetric? {
        switch days {
        case 0: return .maeByCycleDay0
        case 14: return .maeByCycleDay14
        case 21: return .maeByCycleDay21
        case 28: return .maeByCycleDay28
        case 35: return .maeByCycleDay35
        case 40: return .maeByCycleDay40
        default: return nil
        }
    }

    /// The coverage metric of an interval level (`ForecastInterval.levels`), `nil` for others.
    public static func coverage(level: Double) -> CycleMetric? {
        switch level {
        case 0.5: return .coverage50
        case 0.8: return .coverage80
        case 0.95: return .coverage95
        default: return nil
        }
    }

    /// The interval level a coverage metric measures (its target), `nil` for other metrics.
    public var coverageLevel: Double? {
        switch self {
        case .coverage50: return 0.5
        case .coverage80: return 0.8
        case .coverage95: return 0.95
        default: return nil
        }
    }

    /// `true` for the expected calibration errors, whose tallies are a reliability table.
    public var isCalibrationError: Bool { self == .confidenceECE || self == .alertConfidenceECE }

    /// The JSON key of a calibration error's reliability table (`period_start.confidence_reliability`),
    /// `nil` for other metrics.
    public var reliabilityKey: String? {
        isCalibrationError ? String(rawValue.dropLast("_ece".count)) + "_reliability" : nil
    }

    /// `true` for metrics where lower is better (the MAEs, the calibration errors, the Brier score).
    public var lowerIsBetter: Bool {
        switch self {
        case .maeDays, .energyMAE, .moodMAE, .confidenceECE, .alertConfidenceECE, .brier, .maeByCycleDay0, .maeByCycleDay14,
             .maeByCycleDay21, .maeByCycleDay28, .maeByCycleDay35, .maeByCycleDay40:
            return true
        default:
            return false
        }
    }

    /// The nested JSON group and the key inside it (`("period_start.by_cycle_day", "1-7")`), `nil`
    /// for metrics written flat.
    public var nesting: (group: String, key: String)? {
        for group in Self.nestedGroups where rawValue.hasPrefix(group + ".") {
            return (group, String(rawValue.dropFirst(group.count + 1)))
        }
        return nil
    }

    /// How many tallies a user's evaluation keeps for the metric: one (value = sum / count), or
    /// for a calibration error its reliability table's (`ReliabilityTable.tallyCount`).
    public var tallyCount: Int { isCalibrationError ? ReliabilityTable.tallyCount : 1 }

    /// Where the metric's tallies start in a user's tally array (`UserEvaluation.tallies`): the
    /// metrics' tallies one after the other, in `allCases` order.
    public var tallyOffset: Int { Self.tallyOffsets[self]! }

    /// Width of a user's tally array: every metric's tallies.
    public static let tallyWidth = allCases.reduce(0) { $0 + $1.tallyCount }

    private static let tallyOffsets: [CycleMetric: Int] = {
        var offsets: [CycleMetric: Int] = [:]
        var offset = 0
        for metric in allCases {
            offsets[metric] = offset
            offset += metric.tallyCount
        }
        return offsets
    }()

    /// The metric's value from a tally array whose metric tallies start at `base`
    /// (sum / count, or the calibration error of the reliability table); `nil` when nothing was counted.
    public func value(in tallies: [MetricTally], base: Int = 0) -> Double? {
        let start = base + tallyOffset
        if isCalibrationError { return ReliabilityTable(tallies: tallies[start..<(start + tallyCount)]).expectedCalibrationError }
        return tallies[start].value
    }

    /// The JSON key.
    public var description: String { rawValue }
}
