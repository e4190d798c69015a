import Foundation

/// Turns a user's logged days into one feature vector per calendar day, causally: the vector
/// for day `d` depends only on records dated `d` or earlier.
///
/// Feed days in increasing order with `advance(to:record:into:)` (days without a record pass
/// `nil`). Cycle history comes from the builder's `CycleState` (the one period-start rule and
/// calendar); besides it the builder keeps the last one-sided pelvic pain and a 28-day bit mask
/// of symptom logging, so the streaming path allocates nothing once `CycleState` holds its
/// few recent cycle lengths.
///
/// Features (raw, before the model's normalisation), see `featureNames`/`featureGroups`:
/// cycle day, whether a start is known, the calendar's cycle length (median of the last ≤ 6
/// cycles) and its remaining days to the calendar's next start (≤ 0 once she is late), SD,
/// count and last of the recent cycle lengths, flow, each built-in symptom's value with a
/// missing flag, pain flags for left ovary, right ovary and uterus, days since the last
/// one-sided pain in the current cycle, day of week (sin/cos), whether anything was logged and
/// the share of the last 28 days with a symptom logged (0 for someone who logs periods only).
/// No feature holds a constant of the synthetic generator: the only fixed numbers are the
/// population cycle length before any complete cycle (`CycleState`) and the SD shown below two
/// cycles (3 d).
public struct DailyFeatureBuilder: Sendable {
    /// Version of the feature definitions, stored in model files (`feature_builder`): `daily-v2`
    /// reads cycle history through `CycleState` (calendar length and remaining days) and adds
    /// `symptom_logging_share`; `daily-v1` (30 features, mean cycle length) is no longer read.
    public static let version = "daily-v2"
    /// Days over which `symptom_logging_share` is measured.
    public static let loggingWindowDays = 28
    /// SD of the cycle lengths shown before two cycles are complete (days).
    public static let defaultCycleLengthDeviation: Float = 3

    /// Feature names, in vector order.
    public static let featureNames: [String] = [
        "cycle_day", "has_period_start", "calendar_cycle_length", "cycle_length_sd", "completed_cycles",
        "calendar_days_remaining", "last_cycle_length", "flow", "flow_logged",
    ] + SymptomType.builtIn.flatMap { ["\($0.rawValue)", "\($0.rawValue)_missing"] } + [
        "pain_left_ovary", "pain_right_ovary", "pain_uterus", "days_since_ovary_pain", "ovary_pain_this_cycle",
        "day_of_week_sin", "day_of_week_cos", "logged_today", "symptom_logging_share",
    ]

    /// The group of each feature (for attributions): `cycle_day`, `cycle_history`, `flow`,
    /// the symptom's name, `pain_zone`, `day_of_week`, `logging`.
    public static let featureGroups: [String] = [
        "cycle_day", "cycle_day", "cycle_history", "cycle_history", "cycle_history",
        "cycle_history", "cycle_history", "flow", "flow",
    ] + SymptomType.builtIn.flatMap { [$0.rawValue, $0.rawValue] } + [
        "pain_zone", "pain_zone", "pain_zone", "pain_zone", "pain_zone",
        "day_of_week", "day_of_week", "logging", "logging",
    ]

    /// Length of each feature vector.
    public static var featureCount: Int { featureNames.count }

    /// What is known of her cycles at the end of the last day advanced to.
    public private(set) var cycleState = CycleState()
    private var lastOvaryPain: CalendarDay?
    /// Bit `i` set when a symptom was logged `i` days before the last day advanced to.
    private var symptomLogMask: UInt32 = 0
    private var daysSeen = 0

    /// A builder for a new user.
    public init() {}

    /// Days from the last day advanced to until the calendar's next start (`CycleState`):
    /// ≤ 0 once the calendar's date has passed, `CalendarPredictor.daysAheadBeforeFirstStart`
    /// before any start is known.
    public var calendarDaysRemaining: Int {
        guard let today = cycleState.today, let next = cycleState.calendarNextStart else {
            return CalendarPredictor.daysAheadBeforeFirstStart
        }
        return today.distance(to: next)
    }

    /// Advances to `day` (after every earlier day) with its record, if any, and writes the day's
    /// `featureCount` raw features to `features`.
    public mutating func advance(to day: CalendarDay, record: DayRecord?, into features: UnsafeMutablePointer<Float>) {
        if let today = cycleState.today {
            let gap = today.distance(to: day)
            symptomLogMask = gap >= DailyFeatureBuilder.loggingWindowDays ? 0 : symptomLogMask << UInt32(gap)
            daysSeen += gap
        } else {
            daysSeen = 1
        }
        cycleState.advance(to: day, record: record)
        let loggedSymptom = record.map { !$0.symptoms.isEmpty || $0.painZone != nil } ?? false
        symptomLogMask = (symptomLogMask | (loggedSymptom ? 1 : 0)) & ((1 << UInt32(DailyFeatureBuilder.loggingWindowDays)) - 1)
        let isOvaryPain = record.map { $0.painZone == .leftOvary || $0.painZone == .rightOvary } ?? false
        if isOvaryPain { lastOvaryPain = day }

        let lastStart = cycleState.lastStart
        let cycleDay = Float(cycleState.cycleDay ?? 0)
        var index = 0
        func put(_ value: Float) { features[index] = value; index += 1 }
        put(cycleDay)
        put(lastStart == nil ? 0 : 1)
        put(Float(cycleState.calendarCycleLength))
        put(cycleState.cycleLengthDeviation.map { Float($0) } ?? DailyFeatureBuilder.defaultCycleLengthDeviation)
        put(Float(min(cycleState.completedCycles, CycleState.recentCycleCount)))
        put(Float(calendarDaysRemaining))
        put(Float(cycleState.recentCycleLengths.last ?? CycleState.populationCycleLength))
        put(Float(record?.flowIntensity ?? 0))
        put(record?.hasFlow == true ? 1 : 0)
        for symptom in SymptomType.builtIn {
            if let value = record?.symptoms[symptom] {
                put(Float(value)); put(0)
            } else {
                put(0); put(1)
            }
        }
        put(record?.painZone == .leftOvary ? 1 : 0)
        put(record?.painZone == .rightOvary ? 1 : 0)
        put(record?.painZone == .uterus ? 1 : 0)
        let painInCycle = lastOvaryPain.map { pain in lastStart.map { pain >= $0 } ?? true } ?? false
        put(painInCycle ? Float(lastOvaryPain!.distance(to: day)) : 0)
        put(painInCycle ? 1 : 0)
        let angle = 2 * Float.pi * Float(day.weekday) / 7
        put(sin(angle))
        put(cos(angle))
        put(record == nil ? 0 : 1)
        put(Float(symptomLogMask.nonzeroBitCount) / Float(min(daysSeen, DailyFeatureBuilder.loggingWindowDays)))
    }

    /// The raw feature rows of every day from `history`'s first logged day through `last`
    /// (`[days, featureCount]`, row-major), reading only records dated up to `last`. Empty when
    /// nothing was logged by `last`.
    public static func features(for history: UserHistory, through last: CalendarDay) -> [Float] {
        guard let first = history.records.first?.date, first <= last else { return [] }
        let count = first.distance(to: last) + 1
        var result = [Float](repeating: 0, count: count * featureCount)
        var builder = DailyFeatureBuilder()
        var recordIndex = 0
        let records = history.records
        result.withUnsafeMutableBufferPointer { buffer in
            for offset in 0..<count {
                let day = first.advanced(by: offset)
                var record: DayRecord?
                if recordIndex < records.count, records[recordIndex].date == day {
                    record = records[recordIndex]
                    recordIndex += 1
                }
                builder.advance(to: day, record: record, into: buffer.baseAddress! + offset * featureCount)
            }
        }
        return result
    }
}
