import Cycles
import CyclesLab
import TensorCore

/// The result of one validation run: the data, every model's measurements side by side
/// (the calendar, rules, the candidates, the ovulation-aware reference, the oracle), the
/// robustness panel, a section per real dataset and the gates checked on each candidate.
///
/// The verdict (`isGo`): with the scenario table, GO when at least one logging scenario passes;
/// without, GO only when there is at least one gate and every gate passed. A gate that could not
/// be measured counts as NO-GO.
public struct ValidationReport: Sendable, Encodable {
    /// What the models were evaluated on.
    public struct DataDescription: Sendable, Equatable, Encodable {
        /// `"generated"` or the dataset path.
        public var source: String
        /// Cohort name (from the generator config; `"unknown"` for data without a manifest config).
        public var cohort: String
        /// Users evaluated.
        public var users: Int
        /// Months of data per user, when known.
        public var months: Int?
        /// Generator seed, when known.
        public var seed: UInt64?

        /// Creates a description.
        public init(source: String, cohort: String, users: Int, months: Int?, seed: UInt64?) {
            self.source = source
            self.cohort = cohort
            self.users = users
            self.months = months
            self.seed = seed
        }

        /// Describes `dataset` loaded from or generated into `source`.
        public init(dataset: CycleDataset, source: String) {
            self.init(source: source, cohort: (try? dataset.manifest.cohortConfig)?.name ?? "unknown", users: dataset.users.count,
                      months: dataset.manifest.months, seed: dataset.manifest.seed)
        }
    }

    /// A model's part in the report.
    public enum Role: String, Sendable, Encodable {
        /// The calendar (the floor no model may be below) and the Phase 1 rule engine.
        case baseline
        /// A model the gates are checked on.
        case candidate
        /// The ovulation-aware reference and the causal oracle: ceilings (evaluation only, they read
        /// the data's truth).
        case ceiling
    }

    /// One column of the table.
    public struct ModelResult: Sendable, Encodable {
        /// Column name.
        public var name: String
        /// Baseline, candidate or ceiling.
        public var role: Role
        /// The model file, for candidates loaded from one.
        public var file: String?
        /// The evaluation on the data.
        public var evaluation: EvaluationReport
        /// Single-prediction latency (not measured for the ceilings).
        public var latency: LatencyProfile?
        /// The personalisation learning curve, for candidates when a source is available.
        public var learningCurve: LearningCurveSummary?
        /// Every measurement by `MeasurementKey`.
        public var measurements: [String: MeasuredValue]

        /// Creates a column.
        public init(name: String, role: Role, file: String?, evaluation: EvaluationReport, latency: LatencyProfile?,
                    learningCurve: LearningCurveSummary?, measurements: [String: MeasuredValue]) {
            self.name = name
            self.role = role
            self.file = file
            self.evaluation = evaluation
            self.latency = latency
            self.learningCurve = learningCurve
            self.measurements = measurements
        }

        private enum CodingKeys: String, CodingKey {
            case name, role, file, evaluation, latency, learningCurve = "learning_curve", fileBytes = "file_bytes"
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(role, forKey: .role)
            try container.encodeIfPresent(file, forKey: .file)
            try container.encodeIfPresent(measurements[MeasurementKey.fileBytes].map { Int($0.value) }, forKey: .fileBytes)
            try container.encode(evaluation, forKey: .evaluation)
            try container.encodeIfPresent(latency, forKey: .latency)
            try container.encodeIfPresent(learningCurve, forKey: .learningCurve)
        }
    }

    /// The evaluation data.
    public var data: DataDescription
    /// Columns: calendar, rules, the candidates, then ovulation-aware and the oracle when the
    /// data has truth.
    public var models: [ModelResult]
    /// Every gate on every candidate, candidate by candidate in gate order.
    public var gates: [Gate]
    /// The robustness panel, when the validator built one.
    public var robustness: RobustnessPanel?
    /// One section per real dataset of the robustness panel (`odml validate --robustness-data`).
    public var realData: [RealDataSection]
    /// The scenario table, when the validator built one (the default run of `odml validate`).
    public var scenarios: ScenarioTable?
    /// The machine the latencies were measured on (`machineDescription`): its CPU, the CPU's
    /// vector features, and the BLAS and vector kernels in use.
    public var machine: String

    /// Creates a report; `machine` defaults to this process's (`machineDescription`).
    public init(data: DataDescription, models: [ModelResult], gates: [Gate], robustness: RobustnessPanel? = nil,
                realData: [RealDataSection] = [], scenarios: ScenarioTable? = nil,
                machine: String = ValidationReport.machineDescription) {
        self.data = data
        self.models = models
        self.gates = gates
        self.robustness = robustness
        self.realData = realData
        self.scenarios = scenarios
        self.machine = machine
    }

    /// This machine in one line: `AMD EPYC (AuthenticAMD family 25 model 17): SSE3 … AVX-512BF16;
    /// BLAS OpenBLAS SkylakeX (set by TensorCore for AVX-512); vector kernels AVX-512`.
    public static var machineDescription: String {
        let kernel = BLAS.kernel
        return "\(kernel.cpu.summary); BLAS \(BLAS.libraryName) \(kernel.shortSummary); vector kernels \(VectorMath.instructionSet.rawValue)"
    }

    /// The Spike S3 decision, from the gates that decide the verdict (`Gate.decidesVerdict`; the
    /// Phase 2 targets decide nothing). With a scenario table: `true` when at least one logging
    /// scenario passes (a candidate passes every gate there: those measured on that scenario's users
    /// and its model gates in `gates`). Without: `true` when there is at least one such gate and
    /// all passed.
    public var isGo: Bool {
        if let scenarios { return scenarios.isGo }
        let deciding = gates.filter(\.decidesVerdict)
        return !deciding.isEmpty && deciding.allSatisfy(\.passed)
    }
    /// `"GO"` or `"NO-GO"`.
    public var verdict: String { isGo ? "GO" : "NO-GO" }
    /// The process exit status for the spike's verdict (the contract `odml validate --help` states):
    /// 0 GO, 1 NO-GO, whatever the Phase 2 targets (2, an error, is the command's).
    public var exitCode: Int32 { isGo ? 0 : 1 }

    /// The column named `name`.
    public func model(named name: String) -> ModelResult? { models.first { $0.name == name } }

    private enum CodingKeys: String, CodingKey {
        case verdict, go, summary, summaryLines = "summary_lines", data, machine, models, gates, targets, robustness
        case realData = "real_data", scenarios
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(verdict, forKey: .verdict)
        try container.encode(isGo, forKey: .go)
        try container.encode(summaryLine, forKey: .summary)
        try container.encode(summaryLines, forKey: .summaryLines)
        try container.encode(data, forKey: .data)
        try container.encode(machine, forKey: .machine)
        try container.encode(models, forKey: .models)
        try container.encode(gates, forKey: .gates)
        try container.encode(targets, forKey: .targets)
        try container.encodeIfPresent(robustness, forKey: .robustness)
        if !realData.isEmpty { try container.encode(realData, forKey: .realData) }
        try container.encodeIfPresent(scenarios, forKey: .scenarios)
    }
}
