import Explanations

/// The JSON form of an explained forecast: what `odml explain --json` prints and what the C API's
/// `odml_explain` returns (`ReportJSON.pretty`, the same bytes).
package struct ExplanationReport: Encodable, Sendable {
    /// The forecast's report (`odml predict --json`).
    package let prediction: ForecastReport
    /// Every contribution behind the period forecast (`DayForecast.attribution`).
    package let attribution: Attribution
    /// The period sentence built from `attribution`.
    package let explanation: Reasoning
}
