import Explanations

/// The JSON form of an explained forecast: what `odml explain --json` prints and what the C API's
/// `odml_explain` returns (`ReportJSON.pretty`, the same bytes).
public struct ExplanationReport: Encodable, Sendable {
    /// The forecast's report (`odml predict --json`).
    public let prediction: ForecastReport
    /// Every contribution behind the period forecast (`DayForecast.attribution`).
    public let attribution: Attribution
    /// The period sentence built from `attribution`.
    public let explanation: Reasoning
}
