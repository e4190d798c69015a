import Foundation

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
