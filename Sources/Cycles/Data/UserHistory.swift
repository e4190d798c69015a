/// One user's logged data, sorted by date, as a predictor sees it.
///
/// Period starts are derived from flow days with `CycleState`'s rule.
public struct UserHistory: Sendable, Equatable {
    /// The user's profile row.
    public var profile: UserProfile
    /// Logged days in increasing date order, at most one per date.
    public private(set) var records: [DayRecord]
    /// Period start days derived from `records`, increasing.
    public private(set) var periodStarts: [CalendarDay]
    /// Fertility-signal measurements (the `measurements` table) in increasing date order, at most
    /// one per date; kept beside `records`, never in them (see `DayMeasurements`), so a day with a
    /// measurement only adds no logged day.
    public private(set) var measurements: [DayMeasurements]

    /// Creates a history; `records` and `measurements` (one per date each) are sorted by date here.
    public init(profile: UserProfile, records: [DayRecord], measurements: [DayMeasurements] = []) {
        self.profile = profile
        self.records = records.sorted { $0.date < $1.date }
        self.periodStarts = UserHistory.periodStarts(in: self.records)
        self.measurements = measurements.sorted { $0.date < $1.date }
    }

    /// The user id.
    public var userID: String { profile.id }

    /// The history as it was known at the end of `day`: every record dated after it is dropped.
    /// Predictors must give the same forecast for `day` from `truncated(through: day)` as from
    /// the whole history (causality).
    public func truncated(through day: CalendarDay) -> UserHistory {
        var copy = self
        let end = records.partitioningIndex { $0.date > day }
        copy.records = Array(records[..<end])
        copy.periodStarts = periodStarts.filter { $0 <= day }
        copy.measurements = Array(measurements[..<measurements.partitioningIndex { $0.date > day }])
        return copy
    }

    /// The latest period start on or before `day`, if any.
    public func lastPeriodStart(onOrBefore day: CalendarDay) -> CalendarDay? {
        let end = periodStarts.partitioningIndex { $0 > day }
        return end > 0 ? periodStarts[end - 1] : nil
    }

    /// Derives period starts with `CycleState`'s rule: first flow day after ≥ 2 days without flow.
    public static func periodStarts(in records: [DayRecord]) -> [CalendarDay] {
        var starts: [CalendarDay] = []
        var lastFlow: CalendarDay?
        for record in records where record.hasFlow {
            if CycleState.startsPeriod(flowOn: record.date, previousFlow: lastFlow) { starts.append(record.date) }
            lastFlow = record.date
        }
        return starts
    }
}

extension Array {
    /// The first index whose element satisfies `predicate`, assuming the array is partitioned
    /// (all non-matching elements first). Binary search.
    package func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
