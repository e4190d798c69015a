import Foundation

/// Turns a user's logged days into one feature vector per calendar day, causally: the vector
/// for day `d` depends only on records dated `d` or earlier.
///
/// Feed days in increasing order with `advance(to:record:into:)` (days without a record pass
/// `nil`). The builder keeps the little state it needs (last flow day, recent period starts,
/// last one-sided pelvic pain) in fixed-size storage, so the streaming path allocates nothing.
/// Period starts follow `UserHistory.periodStarts`: first flow day after ≥ 2 days without flow.
///
/// Features (raw, before the model's normalisation), see `featureNames`/`featureGroups`:
/// cycle day, whether a start is known, mean/SD/count/last of recent cycle lengths, days
/// until the expected start, flow, each built-in symptom's value with a missing flag,
/// pain flags for left ovary, right ovary and uterus, days since the last one-sided pain in
/// the current cycle, day of week (sin/cos) and whether anything was logged.
public struct DailyFeatureBuilder: Sendable {
    /// How many recent cycle lengths enter the mean and SD.
    public static let recentCycleCount = 6
    /// Cycle length assumed before any cycle is complete (population mean, days).
    public static let defaultCycleLength: Float = 29

    /// Feature names, in vector order.
    public static let featureNames: [String] = [
        "cycle_day", "has_period_start", "cycle_length_mean", "cycle_length_sd", "completed_cycles",
        "days_until_expected_start", "last_cycle_length", "flow", "flow_logged",
    ] + SymptomType.builtIn.flatMap { ["\($0.rawValue)", "\($0.rawValue)_missing"] } + [
        "pain_left_ovary", "pain_right_ovary", "pain_uterus", "days_since_ovary_pain", "ovary_pain_this_cycle",
        "day_of_week_sin", "day_of_week_cos", "logged_today",
    ]

    /// The group of each feature (for attributions): `cycle_day`, `cycle_history`, `flow`,
    /// the symptom's name, `pain_zone`, `day_of_week`, `logging`.
    public static let featureGroups: [String] = [
        "cycle_day", "cycle_day", "cycle_history", "cycle_history", "cycle_history",
        "cycle_history", "cycle_history", "flow", "flow",
    ] + SymptomType.builtIn.flatMap { [$0.rawValue, $0.rawValue] } + [
        "pain_zone", "pain_zone", "pain_zone", "pain_zone", "pain_zone",
        "day_of_week", "day_of_week", "logging",
    ]

    /// Length of each feature vector.
    public static var featureCount: Int { featureNames.count }

    private var lastFlowDay: CalendarDay?
    private var lastStart: CalendarDay?
    private var recentLengths: [Int]
    private var completedCycles = 0
    private var lastOvaryPain: CalendarDay?

    /// A builder for a new user.
    public init() {
        recentLengths = []
        recentLengths.reserveCapacity(DailyFeatureBuilder.recentCycleCount + 1)
    }

    /// The latest period start seen so far.
    public var lastPeriodStart: CalendarDay? { lastStart }

    /// Mean of the recent complete cycle lengths (the population default before any).
    public var recentCycleLengthMean: Float {
        recentLengths.isEmpty ? DailyFeatureBuilder.defaultCycleLength : Float(recentLengths.reduce(0, +)) / Float(recentLengths.count)
    }

    /// Advances to `day` (after every earlier day) with its record, if any, and writes the day's
    /// `featureCount` raw features to `features`.
    public mutating func advance(to day: CalendarDay, record: DayRecord?, into features: UnsafeMutablePointer<Float>) {
        if let record, record.hasFlow {
            if lastFlowDay.map({ $0.distance(to: day) >= 3 }) ?? true {
                if let previous = lastStart {
                    recentLengths.append(previous.distance(to: day))
                    if recentLengths.count > DailyFeatureBuilder.recentCycleCount { recentLengths.removeFirst() }
                    completedCycles += 1
                }
                lastStart = day
            }
            lastFlowDay = day
        }
        let isOvaryPain = record.map { $0.painZone == .leftOvary || $0.painZone == .rightOvary } ?? false
        if isOvaryPain { lastOvaryPain = day }

        let cycleDay = lastStart.map { Float($0.distance(to: day) + 1) } ?? 0
        let mean = recentCycleLengthMean
        var variance: Float = 0
        for length in recentLengths { variance += (Float(length) - mean) * (Float(length) - mean) }
        let standardDeviation = recentLengths.count > 1 ? (variance / Float(recentLengths.count - 1)).squareRoot() : 3
        var index = 0
        func put(_ value: Float) { features[index] = value; index += 1 }
        put(cycleDay)
        put(lastStart == nil ? 0 : 1)
        put(mean)
        put(standardDeviation)
        put(Float(min(completedCycles, DailyFeatureBuilder.recentCycleCount)))
        put(lastStart == nil ? 0 : mean - cycleDay)
        put(Float(recentLengths.last ?? Int(DailyFeatureBuilder.defaultCycleLength)))
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
