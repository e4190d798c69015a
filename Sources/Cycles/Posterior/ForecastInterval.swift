/// A central prediction interval of the next period start: the whole days `first … last` hold
/// about `level` of the forecast's probability (see `NextStartDistribution.centralInterval(level:)`).
public struct ForecastInterval: Sendable, Equatable, Codable {
    /// The probability the interval is meant to hold (0.5, 0.8, 0.95).
    public var level: Double
    /// Its first day.
    public var first: CalendarDay
    /// Its last day (on or after `first`).
    public var last: CalendarDay

    /// An interval of `level` from `first` through `last`.
    public init(level: Double, first: CalendarDay, last: CalendarDay) {
        self.level = level
        self.first = first
        self.last = last
    }

    /// Whether `day` lies in the interval.
    public func contains(_ day: CalendarDay) -> Bool { first <= day && day <= last }

    /// The levels every forecast reports: 50, 80 and 95 %.
    package static let levels: [Double] = [0.5, 0.8, 0.95]
}
