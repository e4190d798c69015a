/// One user-day prepared once for a forecast: her state at the end of the day and the model's
/// raw input rows projected from it. The forecast, its attributions and its sentences all read
/// it (`ForecastAttributing.explainedPrediction`), so the day's features are built once.
package struct PreparedCycleDay: Sendable {
    /// The day forecast.
    package let day: CalendarDay
    /// Her state at the end of `day`.
    package let state: CycleDayState
    /// The feature layout of `rows` (`TabularFeatureBuilder.layout`, `DailyFeatureBuilder.version`).
    package let layout: String
    /// Raw feature rows, `[rowCount, featureCount]` row-major: the boosted trees' one row of `day`,
    /// or the LSTM's daily inputs from her first logged day (or `day`, if earlier) through `day`.
    package let rows: [Float]
    /// Number of rows.
    package let rowCount: Int
    /// Work the forecast of the day shares with its attributions: the LSTM's state after the rows
    /// before the explained window.
    let recurrentPrefix = _RecurrentPrefix()

    /// A prepared day; `rows.count` is a multiple of `rowCount`.
    init(day: CalendarDay, state: CycleDayState, layout: String, rows: [Float], rowCount: Int) {
        self.day = day
        self.state = state
        self.layout = layout
        self.rows = rows
        self.rowCount = rowCount
    }
}
