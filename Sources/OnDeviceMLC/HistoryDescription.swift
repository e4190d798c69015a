import ShifAIRuntime

/// The JSON of `odml_history_describe`: a summary of one user's history.
struct HistoryDescription: Encodable {
    /// Her user id.
    let user: String
    /// Logged days.
    let days: Int
    /// The first logged day, if any.
    let firstDay: CalendarDay?
    /// The last logged day, if any.
    let lastDay: CalendarDay?
    /// Days with a fertility measurement.
    let measurementDays: Int
    /// The period starts derived from her flow days.
    let periodStarts: [CalendarDay]

    /// The summary of `history`.
    init(_ history: UserHistory) {
        user = history.userID
        days = history.records.count
        firstDay = history.records.first?.date
        lastDay = history.records.last?.date
        measurementDays = history.measurements.count
        periodStarts = history.periodStarts
    }

    enum CodingKeys: String, CodingKey {
        case user, days
        case firstDay = "first_day", lastDay = "last_day", measurementDays = "measurement_days", periodStarts = "period_starts"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(user, forKey: .user)
        try container.encode(days, forKey: .days)
        try container.encode(firstDay, forKey: .firstDay)
        try container.encode(lastDay, forKey: .lastDay)
        try container.encode(measurementDays, forKey: .measurementDays)
        try container.encode(periodStarts, forKey: .periodStarts)
    }
}
