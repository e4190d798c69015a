#if SQLite
import Personalization
import CyclesLab
import Cycles
import TensorCore

/// What `LoopReplay.run` measured: the alert accuracy she saw month by month against the
/// calendar's, the database's growth, and the toolkit's time per day.
public struct LoopReplayResult: Sendable, Equatable, Codable {
    /// One calendar month of the replay.
    public struct Month: Sendable, Equatable, Codable {
        /// `YYYY-MM`.
        public var month: String
        /// Cycles that ended (her next period started) this month.
        public var cycles: Int
        /// Of those, alerts of the stored forecasts that were hits.
        public var modelHits: Int
        /// Alerts of the calendar that were hits on the same cycles.
        public var calendarHits: Int
        /// Running alert accuracy of the stored forecasts since the start (0…1), `nil` before a cycle ended.
        public var modelCumulative: Double?
        /// Running alert accuracy of the calendar.
        public var calendarCumulative: Double?
        /// Size of the database file at the end of the month, in bytes.
        public var databaseBytes: Int
        /// Fine-tunes run this month.
        public var fineTunes: Int
        /// Of those, how many the guardrail kept.
        public var kept: Int

        enum CodingKeys: String, CodingKey {
            case month, cycles, kept
            case modelHits = "model_hits", calendarHits = "calendar_hits", modelCumulative = "model_cumulative"
            case calendarCumulative = "calendar_cumulative", databaseBytes = "database_bytes", fineTunes = "fine_tunes"
        }
    }

    /// Percentiles of a list of durations, in milliseconds.
    public struct Timing: Sendable, Equatable, Codable {
        /// Number of durations.
        public var count: Int
        /// Median.
        public var p50: Double
        /// 99th percentile (nearest rank).
        public var p99: Double
        /// Longest.
        public var max: Double

        /// Nearest-rank percentiles of `milliseconds` (`Quantile.nearestRank`).
        public init(_ milliseconds: [Double]) {
            let sorted = milliseconds.sorted()
            count = sorted.count
            p50 = Quantile.nearestRank(sorted: sorted, 0.5) ?? 0
            p99 = Quantile.nearestRank(sorted: sorted, 0.99) ?? 0
            max = sorted.last ?? 0
        }
    }

    /// The model the replay started from (`CycleModel.version`).
    public var model: String
    /// Her user id.
    public var user: String
    /// First replayed day.
    public var firstDay: String
    /// Last replayed day.
    public var lastDay: String
    /// Month by month.
    public var months: [Month]
    /// Cycles scored.
    public var cycles: Int
    /// Alert hits of the stored forecasts (what she saw).
    public var modelHits: Int
    /// Alert hits of the calendar on the same cycles.
    public var calendarHits: Int
    /// Days forecast.
    public var daysPredicted: Int
    /// Rows in `predictions` at the end.
    public var predictionRows: Int
    /// Rows in `insights` at the end.
    public var insightRows: Int
    /// Her 'accurate' verdicts.
    public var verdictsAccurate: Int
    /// Her 'inaccurate' verdicts.
    public var verdictsInaccurate: Int
    /// The toolkit's time per day: read her logs, forecast, write the rows, reconcile (ms).
    public var dailyTime: Timing
    /// The forecast and its write alone (ms).
    public var predictTime: Timing
    /// The reconcile transaction alone (ms).
    public var reconcileTime: Timing
    /// The weekly fine-tunes (ms).
    public var fineTuneTime: Timing
    /// Fine-tunes the guardrail kept.
    public var fineTunesKept: Int
    /// Database size at the end, in bytes.
    public var databaseBytes: Int

    enum CodingKeys: String, CodingKey {
        case model, user, months, cycles
        case firstDay = "first_day", lastDay = "last_day", modelHits = "model_hits", calendarHits = "calendar_hits"
        case daysPredicted = "days_predicted", predictionRows = "prediction_rows", insightRows = "insight_rows"
        case verdictsAccurate = "verdicts_accurate", verdictsInaccurate = "verdicts_inaccurate"
        case dailyTime = "daily_ms", predictTime = "predict_ms", reconcileTime = "reconcile_ms", fineTuneTime = "finetune_ms"
        case fineTunesKept = "finetunes_kept", databaseBytes = "database_bytes"
    }
}
#endif
