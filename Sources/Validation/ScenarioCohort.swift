import Cycles
import CyclesLab

/// What the validator needs for the scenario table: the held-out users as if every one of them
/// logged every signal (`CohortConfig.loggingEverySignal()`), the scenarios, and the ideal
/// observer's results when there are any.
public struct ScenarioCohort: Sendable {
    /// The users, every signal logged; each scenario keeps some of the signals.
    public var dataset: CycleDataset
    /// How the users are described in the report.
    public var data: ValidationReport.DataDescription
    /// The rows of the table, in order.
    public var scenarios: [LoggingScenario]
    /// The ideal observer's results, shown only when they describe `dataset`
    /// (`IdealObserverResults.mismatch(with:)`).
    public var idealObserver: IdealObserverResults?
    /// Where the results come from (a path), or why there are none.
    public var idealObserverSource: String

    /// Creates a scenario cohort.
    public init(dataset: CycleDataset, data: ValidationReport.DataDescription, scenarios: [LoggingScenario] = LoggingScenario.defaults,
                idealObserver: IdealObserverResults?, idealObserverSource: String) {
        self.dataset = dataset
        self.data = data
        self.scenarios = scenarios
        self.idealObserver = idealObserver
        self.idealObserverSource = idealObserverSource
    }
}
