import Cycles
import CyclesLab

/// The scenario table of `odml validate`: the held-out users as if they all logged a fertility
/// signal (`CohortConfig.loggingEverySignal()`), scored once per logging scenario (symptoms only,
/// + LH tests, + BBT, + wrist temperature, + cervical mucus, all signals) with the calendar,
/// rules, every candidate, the causal ideal observer (`IdealObserverResults`) and the oracle, and
/// per candidate the gates that depend on what she logs (alert accuracy, fine-tuning after 6
/// months), measured on that scenario's users.
///
/// A scenario passes when at least one candidate passes every gate there: those scenario gates and
/// its model gates (file size, latency, no model below the calendar), measured once. The verdict
/// names the passing scenario of least burden (`LoggingScenario.burden`), the cheapest logging
/// that passes, and the cheaper ones that do not.
public struct ScenarioTable: Sendable, Encodable {
    /// One column on one row.
    public struct Cell: Sendable, Equatable, Encodable {
        /// The column (`calendar`, `rules`, a candidate, `ideal observer`, `oracle`).
        public var model: String
        /// `period_start.alert_accuracy`; `nil` when not computed (see `note`).
        public var alertAccuracy: Double?
        /// Its 95 % interval.
        public var interval: ConfidenceInterval?
        /// Candidates: the fine-tuned alert accuracy after 6 months (the learning curve on this
        /// scenario's users), when measured.
        public var fineTunedSixMonths: MeasuredValue?
        /// Candidates: alert accuracy minus the ideal observer's, in points, with its paired 95 %
        /// interval over users; `nil` when the observer's file has no per-user results for these users.
        public var gapToIdealObserver: PairedDifference?
        /// Why there is no value (the ideal observer's file does not describe this data, …).
        public var note: String?

        /// Creates a cell.
        public init(model: String, alertAccuracy: Double?, interval: ConfidenceInterval?,
                    fineTunedSixMonths: MeasuredValue? = nil, note: String? = nil) {
            self.model = model
            self.alertAccuracy = alertAccuracy
            self.interval = interval
            self.fineTunedSixMonths = fineTunedSixMonths
            self.note = note
        }

        private enum CodingKeys: String, CodingKey {
            case model, alertAccuracy = "alert_accuracy", interval = "alert_accuracy_ci"
            case fineTunedSixMonths = "fine_tuned_alert_accuracy_6m", gapToIdealObserver = "gap_to_ideal_observer", note
        }
    }

    /// One logging scenario.
    public struct Row: Sendable, Encodable {
        /// `signals:none`, `signals:lh`, …
        public var scenario: String
        /// `symptoms only`, `+ LH tests`, …
        public var label: String
        /// The logging as the verdict names it (`LH tests`).
        public var logging: String
        /// What it asks of a user.
        public var effort: String
        /// Rank of that effort (`LoggingScenario.burden`).
        public var burden: Int
        /// Users and cycles scored.
        public var users: Int
        public var cycles: Int
        /// One cell per column, in `ScenarioTable.columns` order.
        public var cells: [Cell]
        /// The scenario gates of every candidate, candidate by candidate.
        public var gates: [Gate]
        /// Candidates that pass every gate in this scenario (its scenario gates and their model gates).
        public var passingModels: [String]

        /// `true` when at least one candidate passes every gate here.
        public var passes: Bool { !passingModels.isEmpty }

        /// The cell of `model`.
        public func cell(_ model: String) -> Cell? { cells.first { $0.model == model } }

        private enum CodingKeys: String, CodingKey {
            case scenario, label, logging, effort, burden, users, cycles, cells, gates
            case passingModels = "passing_models", passes
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(scenario, forKey: .scenario)
            try container.encode(label, forKey: .label)
            try container.encode(logging, forKey: .logging)
            try container.encode(effort, forKey: .effort)
            try container.encode(burden, forKey: .burden)
            try container.encode(users, forKey: .users)
            try container.encode(cycles, forKey: .cycles)
            try container.encode(cells, forKey: .cells)
            try container.encode(gates, forKey: .gates)
            try container.encode(passingModels, forKey: .passingModels)
            try container.encode(passes, forKey: .passes)
        }
    }

    /// The column name of the ideal observer.
    public static let idealObserverColumn = "ideal observer"

    /// The users every scenario starts from (before keeping only some signals).
    public var data: ValidationReport.DataDescription
    /// Columns: `calendar`, `rules`, the candidates, `ideal observer`, `oracle` (when the data has truth).
    public var columns: [String]
    /// The candidates among the columns.
    public var candidates: [String]
    /// Rows in table order.
    public var rows: [Row]
    /// Where the ideal observer's figures come from, or why they are not shown.
    public var idealObserver: String
    /// Gates measured once per candidate (not per scenario), by candidate: those that failed or
    /// were not measured, as `"gate name: measured"` (empty: every model gate passed).
    public var modelGateFailures: [String: [String]]
    /// Bootstrap resamples behind the intervals.
    public var bootstrapSamples: Int

    /// Creates a table.
    public init(data: ValidationReport.DataDescription, columns: [String], candidates: [String], rows: [Row],
                idealObserver: String, modelGateFailures: [String: [String]], bootstrapSamples: Int) {
        self.data = data
        self.columns = columns
        self.candidates = candidates
        self.rows = rows
        self.idealObserver = idealObserver
        self.modelGateFailures = modelGateFailures
        self.bootstrapSamples = bootstrapSamples
    }

    /// The passing scenario of least burden (table order among equals); `nil` when none passes.
    public var cheapestPassing: Row? {
        rows.enumerated().filter { $0.element.passes }.min { ($0.element.burden, $0.offset) < ($1.element.burden, $1.offset) }?.element
    }

    /// `true` when at least one scenario passes.
    public var isGo: Bool { cheapestPassing != nil }

    private enum CodingKeys: String, CodingKey {
        case data, columns, candidates, rows, idealObserver = "ideal_observer", modelGateFailures = "model_gate_failures"
        case bootstrapSamples = "bootstrap_samples", cheapestPassing = "cheapest_passing", verdict
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(data, forKey: .data)
        try container.encode(columns, forKey: .columns)
        try container.encode(candidates, forKey: .candidates)
        try container.encode(rows, forKey: .rows)
        try container.encode(idealObserver, forKey: .idealObserver)
        try container.encode(modelGateFailures, forKey: .modelGateFailures)
        try container.encode(bootstrapSamples, forKey: .bootstrapSamples)
        try container.encode(cheapestPassing?.scenario, forKey: .cheapestPassing)
        try container.encode(verdict, forKey: .verdict)
    }
}
