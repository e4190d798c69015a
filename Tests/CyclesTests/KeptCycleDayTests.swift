import Foundation
import Testing
@testable import Cycles
import CyclesLab

/// Her kept day, advanced day by day by what she logged since (as the app database loop does),
/// equals the replay of her history over the same days, through encoding round trips.
@Suite struct KeptCycleDayTests {
    /// 200 generated users over 12 months, every fertility signal logged (irregular and mixed
    /// cohorts), every day of their logs.
    static let users: [UserHistory] = {
        let irregular = SyntheticCycles.generate(config: CohortConfig.irregular.loggingEverySignal(), users: 100, months: 12, seed: 5_101)
        let mixed = SyntheticCycles.generate(config: CohortConfig.mixed.loggingEverySignal(), users: 100, months: 12, seed: 5_102)
        return irregular.users + mixed.users
    }()

    /// A kept day encoded and decoded as the app database stores it.
    static func roundTrip(_ kept: KeptCycleDay) throws -> KeptCycleDay {
        try KeptCycleDay(encoded: try kept.encoded())
    }

    /// Days the app database loop keeps her kept day behind the day forecast.
    static let lagDays = 7

    /// Each day, as the app database loop does: the kept copy (her last logged day at least
    /// `lagDays` back) advanced by the logs since, through the day. Its state equals her state
    /// replayed from nothing (the reference visits her logged days, then the day; checked against
    /// `CycleDayState(history:through:)` on sampled days), compared whole on every third day and
    /// every period start of every user; every 29th day the kept copy goes through an encoding
    /// round trip and goes on from the decoded copy.
    @Test func keptThenAdvancedEqualsTheStateReplayedFromNothingEveryDay() throws {
        #expect(Self.users.count == 200)
        var days = 0, withSignals = 0, roundTrips = 0, compared = 0
        for (userIndex, history) in Self.users.enumerated() {
            guard let first = history.records.first?.date, let last = history.records.last?.date else { continue }
            if !history.measurements.isEmpty { withSignals += 1 }
            let recordByDay = Dictionary(grouping: history.records, by: \.date)
            let measuredByDay = Dictionary(grouping: history.measurements, by: \.date)
            let loggedDays = Set(recordByDay.keys).union(measuredByDay.keys.filter { $0 >= first })
            var kept = KeptCycleDay(profile: history.profile, keepsDailyRows: false)
            var loggedThrough = CycleDayState(profile: history.profile)
            for (index, day) in (first...last).enumerated() {
                // What the loop reads: the rows dated after the kept day (a week or so of them).
                let since = kept.day ?? first.advanced(by: -1)
                let records = Array(history.records[history.records.partitioningIndex { $0.date > since }...]
                    .prefix { $0.date <= day })
                let measurements = Array(history.measurements[history.measurements.partitioningIndex { $0.date > since }...]
                    .prefix { $0.date <= day })
                if loggedDays.contains(day) { loggedThrough.advance(to: day, record: recordByDay[day]?.first, measurements: measuredByDay[day]?.first) }
                // The day's forecast state on every third day (each one replays up to a week of
                // logs, period starts included) and on each start; the whole state is compared.
                if index % 3 == 0 || loggedThrough.starts.last == day || day == last {
                    var today = kept
                    try today.advance(through: day, records: records, measurements: measurements)
                    var reference = loggedThrough
                    if reference.today != day { reference.advance(to: day, record: nil) }
                    guard today.state == reference else {
                        Issue.record("user \(history.userID), \(day): the kept day advanced differs from the replay from nothing")
                        return
                    }
                    if userIndex < 20 && index % 120 == 60 {
                        #expect(reference == CycleDayState(history: history, through: day), "user \(history.userID), \(day): the reference")
                    }
                    compared += 1
                }
                let keepThrough = day.advanced(by: -Self.lagDays)
                if keepThrough >= first {
                    try kept.advance(throughLoggedDaysUpTo: keepThrough, records: records, measurements: measurements)
                }
                if index % 29 == 28 {
                    let decoded = try Self.roundTrip(kept)
                    #expect(decoded == kept, "user \(history.userID), \(day): the decoded kept day differs")
                    kept = decoded
                    roundTrips += 1
                }
                days += 1
            }
        }
        #expect(days > 200 * 300)
        #expect(withSignals == 200)
        #expect(roundTrips > 200 * 10)
        #expect(compared > days / 3)
    }

    /// With daily rows (the LSTM's inputs), the kept day advanced a day at a time holds the rows
    /// `DailyFeatureBuilder` builds from her history, bit for bit, and the same state.
    @Test func dailyRowsEqualTheFeatureBuilderRows() throws {
        for history in Self.users.prefix(10) + Self.users.suffix(10) {
            guard let first = history.records.first?.date, let last = history.records.last?.date else { continue }
            var kept = KeptCycleDay(profile: history.profile, keepsDailyRows: true)
            for (index, day) in (first...last).enumerated() {
                try kept.advance(through: day, records: history.records.filter { $0.date == day },
                                 measurements: history.measurements.filter { $0.date == day })
                if index % 91 == 45 || day == last {
                    let (rows, state) = DailyFeatureBuilder.features(for: history, from: first, through: day)
                    #expect(kept.dailyRows?.map(\.bitPattern) == rows.map(\.bitPattern), "user \(history.userID), \(day): rows")
                    #expect(kept.state == state, "user \(history.userID), \(day): state")
                    kept = try Self.roundTrip(kept)
                }
            }
        }
    }

    /// With daily rows, a kept day advanced towards days she logged nothing stays at her last
    /// logged day, then moves to the day itself once that is more than
    /// `KeptCycleDay.longestUnvisitedDays` back; its rows and state stay those of her history.
    @Test func dailyRowsKeptDayStopsAtHerLastLoggedDay() throws {
        let history = Self.users[3]
        let first = try #require(history.records.first?.date)
        let cut = first.advanced(by: 150)
        let records = history.records.filter { $0.date <= cut }, measurements = history.measurements.filter { $0.date <= cut }
        let loggedDays: [CalendarDay] = records.map(\.date) + measurements.map(\.date)
        let lastLogged = try #require(loggedDays.max())
        var kept = KeptCycleDay(profile: history.profile, keepsDailyRows: true)
        try kept.advance(throughLoggedDaysUpTo: lastLogged.advanced(by: 10), records: records, measurements: measurements)
        #expect(kept.day == lastLogged)
        try kept.advance(throughLoggedDaysUpTo: lastLogged.advanced(by: KeptCycleDay.longestUnvisitedDays),
                         records: records, measurements: measurements)
        #expect(kept.day == lastLogged)
        let far = lastLogged.advanced(by: KeptCycleDay.longestUnvisitedDays + 1)
        try kept.advance(throughLoggedDaysUpTo: far, records: records, measurements: measurements)
        #expect(kept.day == far)
        let truncated = UserHistory(profile: history.profile, records: records, measurements: measurements)
        let (rows, state) = DailyFeatureBuilder.features(for: truncated, from: first, through: far)
        #expect(kept.dailyRows?.map(\.bitPattern) == rows.map(\.bitPattern))
        #expect(kept.state == state)
    }

    /// A day before the last one advanced through is refused; bytes that are not a kept day, or
    /// whose attached tables are cut short or out of range, are a decoding error, not a crash.
    @Test func badInputIsATypedError() throws {
        let history = Self.users[0]
        let day = try #require(history.records.first?.date).advanced(by: 40)
        var kept = KeptCycleDay(history: history, through: day, keepsDailyRows: false)
        #expect(throws: DatasetError.self) {
            try kept.advance(through: day.advanced(by: -1), records: [], measurements: [])
        }
        // Plain JSON, with no length before it.
        let encoded = try JSONEncoder().encode(["state": ["dayCount": -1]])
        #expect(throws: DecodingError.self) { try KeptCycleDay(encoded: encoded) }
        #expect(throws: DecodingError.self) { try KeptCycleDay(encoded: Data([1, 2, 3])) }
        // The layout: an 8-byte little-endian JSON length, the JSON, the attached tables.
        let stored = try kept.encoded()
        let length = Int(stored.prefix(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        let json = stored.subdata(in: 8..<8 + length), attachments = stored.subdata(in: 8 + length..<stored.count)
        #expect(try KeptCycleDay(encoded: stored) == kept)
        func relaid(_ json: Data, _ attachments: Data) -> Data {
            withUnsafeBytes(of: UInt64(json.count).littleEndian) { Data($0) } + json + attachments
        }
        // The attached tables cut short, and a table pointing past them.
        #expect(throws: DecodingError.self) { try KeptCycleDay(encoded: relaid(json, attachments.prefix(attachments.count / 2))) }
        var damaged = try JSONSerialization.jsonObject(with: json) as! [String: Any]
        var state = damaged["state"] as! [String: Any]
        state["flow"] = [attachments.count, 3]
        damaged["state"] = state
        #expect(throws: DecodingError.self) {
            try KeptCycleDay(encoded: relaid(try JSONSerialization.data(withJSONObject: damaged), attachments))
        }
    }
}
