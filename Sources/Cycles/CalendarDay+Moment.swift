import Foundation

extension CalendarDay {
    /// Today in the local time zone.
    public static var today: CalendarDay {
        CalendarDay(unixTimestamp: Int64(Date().timeIntervalSince1970), timeZone: .current)
    }

    /// The moment an action asked for `day` acts as of (`odml predict --date`, the C API's date
    /// arguments): now when `day` is `nil` or today, else noon of `day` in the local time zone.
    public static func moment(of day: CalendarDay?) -> Date {
        let now = Date()
        guard let day, CalendarDay(unixTimestamp: Int64(now.timeIntervalSince1970), timeZone: .current) != day else { return now }
        return Date(timeIntervalSince1970: TimeInterval(day.unixTimestamp(hour: 12, timeZone: .current)))
    }
}
