import Foundation

/// Her day state kept from one day to the next, so the daily forecast advances it by the days
/// logged since instead of replaying her history: the state at the end of `day`, and, for a model
/// that reads a daily input row per day (the LSTM, `DailyFeatureBuilder`), those rows from her
/// first logged day.
///
/// The state depends on the days it visited, not only on her logs (evidence from a fertility
/// signal is withdrawn on the first day visited past its luteal limit). Without daily rows the
/// kept copy therefore stops at her last logged day (`advance(throughLoggedDaysUpTo:…)`), and
/// the day's state advanced from it equals her state replayed from nothing
/// (`CycleDayState(history:through:)`); with daily rows every day is visited, as the LSTM's
/// `DailyFeatureBuilder` does. A property test checks both over generated users with every signal. A kept day is only valid while nothing dated on or
/// before `day` changes; the app database loop rebuilds it when a past day is edited.
package struct KeptCycleDay: Sendable, Codable, Equatable {
    /// The encoding's version: a kept day stored under another version is rebuilt.
    package static let formatVersion = 4

    /// Her state at the end of the last day advanced through.
    package private(set) var state: CycleDayState
    /// `DailyFeatureBuilder`'s raw rows of every day from her first logged day through `state`'s
    /// day (`[days, featureCount]`, row-major), when kept (`keepsDailyRows`); else `nil`.
    package private(set) var dailyRows: [Float]?

    private enum CodingKeys: String, CodingKey { case state, dailyRows }

    /// A kept day that has seen nothing yet, of the woman `profile` describes; with daily rows
    /// when `keepsDailyRows`.
    package init(profile: UserProfile, keepsDailyRows: Bool) {
        state = CycleDayState(profile: profile)
        dailyRows = keepsDailyRows ? [] : nil
    }

    /// Whether the daily input rows are kept.
    package var keepsDailyRows: Bool { dailyRows != nil }

    /// The last day advanced through, `nil` before her first logged day.
    package var day: CalendarDay? { state.today }

    /// Advances with what she logged after `self.day` up to `day`, stopping at her last day with
    /// a record or a measurement (so that a forecast on any later day,
    /// `advance(through:records:measurements:)`, visits the same days as a replay of her history
    /// from nothing, `CycleDayState(history:through:)`). With daily rows every day up to it is
    /// visited, and it goes on to `day` itself when that stops more than `longestUnvisitedDays`
    /// before `day` (a forecast then never projects more than a month of rows). Days she logged
    /// nothing leave it where it was: the app database rewrites a kept day only when it moved.
    /// - Throws: `DatasetError.invalidValue` when `day` is before the last day advanced through.
    package mutating func advance(throughLoggedDaysUpTo day: CalendarDay, records: [DayRecord], measurements: [DayMeasurements]) throws {
        try advance(through: day, records: records, measurements: measurements, visitingDay: false)
    }

    /// Days a kept day with daily rows may stay behind the day it is advanced towards
    /// (`advance(throughLoggedDaysUpTo:records:measurements:)`) when she logs nothing.
    package static let longestUnvisitedDays = 28

    /// Advances through `day` (not before `self.day`) with what she logged after `self.day`:
    /// `records` and `measurements` dated after `self.day` and up to `day`, in date order (others
    /// are ignored). Before her first record, measurements are skipped and nothing is advanced
    /// until a record comes, as in a replay.
    ///
    /// Without daily rows the state visits the days with a record or a measurement, then `day`
    /// (`CycleDayState.Replay`); with them it visits every day and projects each one's row.
    /// - Throws: `DatasetError.invalidValue` when `day` is before the last day advanced through.
    package mutating func advance(through day: CalendarDay, records: [DayRecord], measurements: [DayMeasurements]) throws {
        try advance(through: day, records: records, measurements: measurements, visitingDay: true)
    }

    /// Advances with the logs dated after `self.day` up to `day`. When `visitingDay` it ends on
    /// `day` itself; otherwise on her last day with a log, or, with daily rows, on `day` when that
    /// log is more than `longestUnvisitedDays` before it.
    private mutating func advance(through day: CalendarDay, records: [DayRecord], measurements: [DayMeasurements],
                                  visitingDay: Bool) throws {
        if let today = state.today, day < today {
            throw DatasetError.invalidValue(file: "kept day", line: 0, column: "day", value: day.iso,
                                            expected: "a day on or after \(today.iso), the last day advanced through")
        }
        let after = state.today
        let newRecords = records.filter { record in after.map { record.date > $0 } ?? true }.filter { $0.date <= day }
        var newMeasurements = measurements.filter { entry in after.map { entry.date > $0 } ?? true }.filter { $0.date <= day }
        if after == nil {
            guard let first = newRecords.first?.date else { return }
            newMeasurements.removeAll { $0.date < first }
        }
        let recordByDay = Dictionary(newRecords.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
        let measuredByDay = Dictionary(newMeasurements.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
        if dailyRows != nil {
            let first = after.map { $0.advanced(by: 1) } ?? newRecords[0].date
            var end = day
            if !visitingDay, let lastLogged = [newRecords.last?.date, newMeasurements.last?.date].compactMap({ $0 }).max() ?? after,
               lastLogged.distance(to: day) <= KeptCycleDay.longestUnvisitedDays {
                end = lastLogged
            }
            guard first <= end else { return }
            let count = first.distance(to: end) + 1, featureCount = DailyFeatureBuilder.featureCount
            var rows = [Float](repeating: 0, count: count * featureCount)
            rows.withUnsafeMutableBufferPointer { buffer in
                for offset in 0..<count {
                    let visited = first.advanced(by: offset)
                    state.advance(to: visited, record: recordByDay[visited], measurements: measuredByDay[visited])
                    DailyFeatureBuilder.features(of: state, into: buffer.baseAddress! + offset * featureCount)
                }
            }
            dailyRows!.append(contentsOf: rows)
        } else {
            for visited in Set(recordByDay.keys).union(measuredByDay.keys).sorted() {
                state.advance(to: visited, record: recordByDay[visited], measurements: measuredByDay[visited])
            }
            if visitingDay && state.today != day { state.advance(to: day, record: nil) }
        }
    }

    /// The kept day of `history` through `day`: every record and measurement dated up to `day`,
    /// advanced as `advance(through:records:measurements:)` does from nothing.
    package init(history: UserHistory, through day: CalendarDay, keepsDailyRows: Bool) {
        self.init(profile: history.profile, keepsDailyRows: keepsDailyRows)
        // Cannot throw: a new kept day has no last day.
        try? advance(through: day, records: history.records, measurements: history.measurements)
    }

    /// Encodes the state, and the daily rows as packed bytes.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(state, forKey: .state)
        try container.encodeIfPresent(dailyRows.map(_PackedNumbers.data), forKey: .dailyRows)
    }

    /// Decodes an encoded kept day.
    /// - Throws: `DecodingError` for a state that cannot be read or rows that are not whole days.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        state = try container.decode(CycleDayState.self, forKey: .state)
        if let data = try container.decodeIfPresent(Data.self, forKey: .dailyRows) {
            let rows = try _PackedNumbers.values(data, as: Float.self, codingPath: container.codingPath + [CodingKeys.dailyRows])
            guard rows.count % DailyFeatureBuilder.featureCount == 0 else {
                throw DecodingError.dataCorruptedError(forKey: .dailyRows, in: container,
                                                       debugDescription: "\(rows.count) values are not whole daily rows")
            }
            dailyRows = rows
        }
    }

    /// The kept day as stored between days: an 8-byte little-endian length, the JSON of the kept
    /// day, then its packed number tables as raw bytes (`_KeptDayAttachments`; each is
    /// `[offset, count]` in the JSON). A number JSON has no word for is written `"inf"`, `"-inf"`
    /// or `"nan"`. Read back by `init(encoded:)`.
    /// - Throws: `EncodingError` when the state cannot be encoded.
    package func encoded() throws -> Data {
        let attachments = _KeptDayAttachments()
        let encoder = JSONEncoder()
        encoder.dataEncodingStrategy = .custom { data, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(attachments.append(data))
        }
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: Self.positiveInfinity, negativeInfinity: Self.negativeInfinity, nan: Self.notANumber)
        let json = try encoder.encode(self)
        var result = withUnsafeBytes(of: UInt64(json.count).littleEndian) { Data($0) }
        result.reserveCapacity(8 + json.count + attachments.bytes.count)
        result.append(json)
        result.append(attachments.bytes)
        return result
    }

    /// Reads a kept day stored by `encoded()`.
    /// - Throws: `DecodingError` for bytes that are not a kept day.
    package init(encoded data: Data) throws {
        let lengthBytes = data.prefix(8)
        let length = lengthBytes.count == 8 ? lengthBytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) } : nil
        guard let length, length <= UInt64(data.count - 8) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(data.count) bytes are not a kept day"))
        }
        let jsonEnd = data.startIndex + 8 + Int(length)
        let attachments = _KeptDayAttachments(data[jsonEnd..<data.endIndex])
        let decoder = JSONDecoder()
        decoder.dataDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            return try attachments.attachment(at: try container.decode([Int].self), codingPath: decoder.codingPath)
        }
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: Self.positiveInfinity, negativeInfinity: Self.negativeInfinity, nan: Self.notANumber)
        self = try decoder.decode(KeptCycleDay.self, from: data[(data.startIndex + 8)..<jsonEnd])
    }

    /// How `encoded()` writes the numbers JSON has no word for.
    private static let positiveInfinity = "inf", negativeInfinity = "-inf", notANumber = "nan"

    /// Equal when the states and the rows (bit for bit) are.
    package static func == (lhs: KeptCycleDay, rhs: KeptCycleDay) -> Bool {
        lhs.state == rhs.state && lhs.dailyRows.map { $0.map(\.bitPattern) } == rhs.dailyRows.map { $0.map(\.bitPattern) }
    }
}
