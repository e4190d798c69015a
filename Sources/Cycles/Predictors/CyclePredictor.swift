import Explanations

/// The prediction contract every ShifAI predictor implements: the rule engine, the causal
/// oracle, the LSTM and the boosted trees. `odml evaluate`/`compare`/`validate` take any of them.
///
/// Causality: the forecast for day `d` may use only `history.truncated(through: d)`. The
/// evaluator checks this on samples; implementations that compute incrementally must honour it.
public protocol CyclePredictor: Sendable {
    /// Short name shown in reports (`"rules"`, `"oracle"`, `"gbt"`, `"lstm"`).
    var name: String { get }

    /// Forecasts for `history`'s user on each of `days` (increasing), each using only the data
    /// logged up to and including that day.
    /// - Parameters:
    ///   - history: her logs, read up to each forecast day only.
    ///   - days: the forecast days, in increasing order.
    ///   - language: the language of the reasoning sentences.
    func predictions(for history: UserHistory, on days: [CalendarDay], language: Language) throws -> [CyclePrediction]
}

extension CyclePredictor {
    /// The forecast for a single day.
    public func prediction(for history: UserHistory, on day: CalendarDay, language: Language = .fr) throws -> CyclePrediction {
        try predictions(for: history, on: [day], language: language)[0]
    }
}
