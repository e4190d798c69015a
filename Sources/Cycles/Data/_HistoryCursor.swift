/// Walks one history's records and measurements forward in date order, for the day-by-day
/// replays (`CycleDayState.Replay`, the LSTM's daily inputs). Measurements dated before her first
/// record are skipped: her day log starts with her first record, as before signals existed.
package struct _HistoryCursor {
    private let records: [DayRecord]
    private let measurements: [DayMeasurements]
    private var nextRecord = 0
    private var nextMeasurement = 0

    /// A cursor before `history`'s first record.
    package init(_ history: UserHistory) {
        records = history.records
        measurements = history.measurements
        if let first = records.first?.date {
            nextMeasurement = measurements.partitioningIndex { $0.date >= first }
        } else {
            nextMeasurement = measurements.count
        }
    }

    /// The next day on or before `day` with a record or measurements, and what was logged on it;
    /// `nil` when there is none left.
    mutating func next(through day: CalendarDay) -> (day: CalendarDay, record: DayRecord?, measurements: DayMeasurements?)? {
        let recordDay = nextRecord < records.count ? records[nextRecord].date : nil
        let measurementDay = nextMeasurement < measurements.count ? measurements[nextMeasurement].date : nil
        guard let next = [recordDay, measurementDay].compactMap({ $0 }).min(), next <= day else { return nil }
        let taken = take(on: next)
        return (next, taken.record, taken.measurements)
    }

    /// What was logged on `day` (anything earlier not yet taken is skipped).
    package mutating func take(on day: CalendarDay) -> (record: DayRecord?, measurements: DayMeasurements?) {
        while nextRecord < records.count, records[nextRecord].date < day { nextRecord += 1 }
        while nextMeasurement < measurements.count, measurements[nextMeasurement].date < day { nextMeasurement += 1 }
        var record: DayRecord?, measured: DayMeasurements?
        if nextRecord < records.count, records[nextRecord].date == day { record = records[nextRecord]; nextRecord += 1 }
        if nextMeasurement < measurements.count, measurements[nextMeasurement].date == day {
            measured = measurements[nextMeasurement]; nextMeasurement += 1
        }
        return (record, measured)
    }
}
