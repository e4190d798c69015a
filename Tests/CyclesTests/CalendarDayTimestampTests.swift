import Foundation
import Testing
@testable import Cycles
@testable import CyclesLab

/// The app stores INTEGER Unix timestamps; a day is read in the database's time zone.
@Suite struct CalendarDayTimestampTests {
    @Test func aTimestampFallsOnItsLocalDay() throws {
        let midnightUTC: Int64 = 1_767_225_600  // 2026-01-01T00:00:00Z
        #expect(CalendarDay(unixTimestamp: midnightUTC, timeZone: .gmt).iso == "2026-01-01")
        #expect(CalendarDay(unixTimestamp: midnightUTC - 1, timeZone: .gmt).iso == "2025-12-31")
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(CalendarDay(unixTimestamp: midnightUTC, timeZone: newYork).iso == "2025-12-31")
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        #expect(CalendarDay(unixTimestamp: midnightUTC - 1_800, timeZone: paris).iso == "2026-01-01")
        #expect(CalendarDay(unixTimestamp: -1, timeZone: .gmt).iso == "1969-12-31")
    }

    @Test func aDayAndHourRoundTripInEveryZone() throws {
        let day = try #require(CalendarDay(iso: "2026-07-14"))
        for identifier in ["UTC", "Europe/Paris", "America/New_York", "Pacific/Kiritimati"] {
            let zone = try #require(TimeZone(identifier: identifier))
            for hour in [0, 12, 23] {
                #expect(CalendarDay(unixTimestamp: day.unixTimestamp(hour: hour, timeZone: zone), timeZone: zone) == day, "\(identifier) \(hour)h")
            }
        }
        #expect(day.unixTimestamp(hour: 12, timeZone: .gmt) == 1_784_030_400)
    }
}
