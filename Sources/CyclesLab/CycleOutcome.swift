import Cycles

/// How a predictor did on one cycle (a logged start with a logged previous start).
public struct CycleOutcome: Sendable, Equatable, Codable {
    /// The user.
    public var userID: String
    /// The previous logged start (cycle day 1 of the forecast window).
    public var previousStart: CalendarDay
    /// The logged start being forecast.
    public var start: CalendarDay
    /// The day the alert was raised, `nil` if the period started before any alert.
    public var alertDay: CalendarDay?
    /// The start date the alert announced.
    public var alertedStart: CalendarDay?
    /// The probability the alert gave its date (`CycleMetric.alertConfidenceECE`), `nil` without an alert.
    public var alertConfidence: Double?
    /// Alert hit: alerted date within ±2 days of `start`.
    public var alertHit: Bool
    /// The forecast made on cycle day 1.
    public var day1Forecast: CalendarDay?

    /// Creates an outcome.
    public init(userID: String, previousStart: CalendarDay, start: CalendarDay, alertDay: CalendarDay?,
                alertedStart: CalendarDay?, alertConfidence: Double? = nil, alertHit: Bool, day1Forecast: CalendarDay?) {
        self.userID = userID
        self.previousStart = previousStart
        self.start = start
        self.alertDay = alertDay
        self.alertedStart = alertedStart
        self.alertConfidence = alertConfidence
        self.alertHit = alertHit
        self.day1Forecast = day1Forecast
    }
}
