import Cycles
import CyclesLab

/// One Phase 2 target checked on one model, with its ceiling where one is known.
///
/// Targets measured on what users log (fine-tuned accuracy) are read on the logging scenario where
/// the model comes closest, and carry the causal ideal observer's alert accuracy on those users:
/// the most any predictor that learns each user from her past can reach on all their cycles.
public struct TargetOutcome: Sendable, Encodable {
    /// The target as checked (its `Gate.kind` is `.target`).
    public var gate: Gate
    /// The logging scenario it was read on (`"all signals"`), for targets measured per scenario.
    public var logging: String?
    /// The ideal observer's alert accuracy on that scenario's users, when known.
    public var idealObserver: Double?
    /// Its 95 % interval.
    public var idealObserverInterval: ConfidenceInterval?

    /// Creates an outcome.
    public init(gate: Gate, logging: String? = nil, idealObserver: Double? = nil, idealObserverInterval: ConfidenceInterval? = nil) {
        self.gate = gate
        self.logging = logging
        self.idealObserver = idealObserver
        self.idealObserverInterval = idealObserverInterval
    }

    /// The measured number in its unit, with the scenario it was read on: `"66.0 % (all signals)"`.
    public var measuredText: String {
        let value = gate.measured.map { _Format.value($0, unit: gate.unit) } ?? "not measured"
        return logging.map { "\(value) (\($0))" } ?? value
    }

    /// `true` when the ideal observer was scored on the same cycles as the target (alert accuracy
    /// on the scenario's users); a learning-curve target scores only the cycles after some months,
    /// so the observer's figure beside it is context, not its ceiling.
    public var isScoredLikeIdealObserver: Bool { gate.metric == CycleMetric.alertAccuracy.rawValue }

    /// The ceiling: `"ideal observer 67.5 % [66.1, 68.9]"`, or for a target scored on other
    /// cycles `"ideal observer, all cycles: 64.6 % [62.8, 66.4]"`; `"-"` when none is known.
    public var ceilingText: String {
        guard let idealObserver else { return "-" }
        return (isScoredLikeIdealObserver ? "ideal observer " : "ideal observer, all cycles: ")
            + _Format.percent(idealObserver, interval: idealObserverInterval)
    }

    /// `true` when even the ideal observer, scored on the same cycles, is below the target's limit
    /// (no causal predictor meets it here).
    public var isAboveCeiling: Bool {
        guard let idealObserver, isScoredLikeIdealObserver else { return false }
        return !gate.comparison.holds(idealObserver, limit: gate.limit)
    }

    private enum CodingKeys: String, CodingKey {
        case gate, logging, idealObserver = "ideal_observer", idealObserverInterval = "ideal_observer_ci", aboveCeiling = "above_ceiling"
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(gate, forKey: .gate)
        try container.encodeIfPresent(logging, forKey: .logging)
        try container.encodeIfPresent(idealObserver, forKey: .idealObserver)
        try container.encodeIfPresent(idealObserverInterval, forKey: .idealObserverInterval)
        try container.encode(isAboveCeiling, forKey: .aboveCeiling)
    }
}
