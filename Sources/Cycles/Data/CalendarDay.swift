import Foundation

/// A calendar date without time or time zone, stored as days since 1970-01-01 (proleptic
/// Gregorian). Reads and writes ISO `YYYY-MM-DD`.
public struct CalendarDay: Hashable, Comparable, Sendable, Strideable, CustomStringConvertible, Codable {
    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int

    /// The day `daysSinceEpoch` days after 1970-01-01.
    public init(daysSinceEpoch: Int) { self.daysSinceEpoch = daysSinceEpoch }

    /// The day with the given civil date; `nil` if the date does not exist.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CalendarDay.daysInMonth(year: year, month: month) else { return nil }
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        daysSinceEpoch = era * 146_097 + doe - 719_468
    }

    /// Parses ISO `YYYY-MM-DD`; `nil` for anything else (including impossible dates).
    public init?(iso text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Civil (year, month, day).
    public var components: (year: Int, month: Int, day: Int) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// ISO `YYYY-MM-DD`.
    public var iso: String {
        let (year, month, day) = components
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// Day of the week, 0 = Monday … 6 = Sunday.
    public var weekday: Int { ((daysSinceEpoch % 7) + 7 + 3) % 7 }

    public var description: String { iso }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }
    public func distance(to other: CalendarDay) -> Int { other.daysSinceEpoch - daysSinceEpoch }
    public func advanced(by n: Int) -> CalendarDay { CalendarDay(daysSinceEpoch: daysSinceEpoch + n) }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = CalendarDay(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected a date YYYY-MM-DD, found \"\(text)\""))
        }
        self = day
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

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

extension CalendarDay {
    /// The day on which the Unix timestamp `seconds` falls in `timeZone` (the app stores
    /// `created_at`/`updated_at` as INTEGER seconds since 1970).
    public init(unixTimestamp seconds: Int64, timeZone: TimeZone) {
        let offset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds))))
        let local = seconds + offset
        self.init(daysSinceEpoch: Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400))
    }

    /// The Unix timestamp (seconds) of `hour`:00 on this day in `timeZone`.
    public func unixTimestamp(hour: Int = 12, timeZone: TimeZone) -> Int64 {
        let local = Int64(daysSinceEpoch) * 86_400 + Int64(hour) * 3_600
        let offset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(local))))
        return local - offset
    }
}
