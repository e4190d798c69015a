/// One gate checked on one model: what was compared, with which limit, and the outcome.
public struct Gate: Sendable, Equatable, Codable {
    /// The gate's name (from its specification).
    public var name: String
    /// The model the gate was checked on (`"-"` when no candidate model was given).
    public var model: String
    /// The measurement key compared.
    public var metric: String
    /// Which number of the measurement was compared.
    public var statistic: GateStatistic
    /// The compared number (`nil` when not measured).
    public var measured: Double?
    /// The point estimate and interval beside it, when the measurement has them.
    public var measurement: MeasuredValue?
    /// The limit.
    public var limit: Double
    /// How `measured` is compared with `limit`.
    public var comparison: GateComparison
    /// The measurement's unit.
    public var unit: String
    /// Pass, fail or not measured.
    public var status: GateStatus
    /// How the value was measured, or why it was not.
    public var method: String
    /// Whether it decides the verdict or is a target reported beside it.
    public var kind: GateKind

    /// `true` only when the gate passed.
    public var passed: Bool { status == .pass }
    /// `true` when the gate decides the verdict (a Spike S3 gate, or a gate from a gates file).
    public var decidesVerdict: Bool { kind == .goNoGo }

    /// Checks `specification` on `model` given its measurement (`nil`: not measured, with `reason`).
    public init(specification: GateSpecification, model: String, measurement: MeasuredValue?, reason: String? = nil) {
        name = specification.name
        self.model = model
        metric = specification.metric
        statistic = specification.statistic
        limit = specification.limit
        comparison = specification.comparison
        unit = specification.unit
        kind = specification.kind
        self.measurement = measurement
        let number = measurement?.number(for: specification.statistic)
        measured = number
        if let number, number.isFinite {
            status = specification.comparison.holds(number, limit: specification.limit) ? .pass : .fail
            method = measurement?.method ?? ""
            if specification.statistic != .value { method += "; the gate compares the \(specification.statistic.label)" }
        } else {
            status = .notMeasured
            if let measurement {
                method = "\(measurement.method); it has no \(specification.statistic.label)"
            } else {
                method = reason ?? "not measured"
            }
        }
    }
}
