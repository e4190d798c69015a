import Foundation

/// The LSTM's daily input: one feature vector per calendar day, a projection of the user's
/// `CycleDayState` at the end of that day, so the vector for day `d` depends only on records
/// dated `d` or earlier.
///
/// Feed days in increasing order with `advance(to:record:into:)` (days without a record pass
/// `nil`); `features(for:through:)` builds every day's rows of a history, and
/// `features(of:into:)` projects one state.
///
/// Features (raw, before the model's normalisation), see `features`: cycle day, whether a start
/// is known, the calendar's cycle length (median of the last ≤ 6 cycles) and its remaining days
/// to the calendar's next start (≤ 0 once she is late), SD, count and last of the recent cycle
/// lengths, flow, each built-in symptom's value with a missing flag, pain flags for left ovary,
/// right ovary and uterus, days since the last one-sided pain in the current cycle, day of week
/// (sin/cos), whether anything was logged and the share of the last 28 days with a symptom logged
/// (0 for someone who logs periods only); then the fertility signals (`CycleSignalState`): whether
/// ovulation is evidenced this cycle and how many days ago, the days remaining to the
/// signal-anchored start (`CycleDayState.anchoredDaysRemaining`: the calendar's without evidence),
/// her luteal length, today's LH test and its result, whether a temperature shift or a mucus peak
/// is confirmed, and the share of the last 28 days with a measurement; then the ovulation posterior
/// (`OvulationPosterior`, 0 before a start): its median days to the next start, its alert score,
/// P(start within the alert window) and P(ovulation passed). No feature holds a constant of the synthetic generator:
/// the only fixed numbers are the population cycle length before any complete cycle
/// (`CycleState`) and the SD shown below two cycles (3 d).
package struct DailyFeatureBuilder: Sendable {
    /// Version of the feature definitions, stored in model files (`feature_builder`): `daily-v4`
    /// appends the ovulation posterior's features to `daily-v3`'s 37; `daily-v3` appended the
    /// fertility-signal features to `daily-v2`'s 28 (earlier features stay in their order);
    /// `daily-v2` (calendar length and remaining days, `symptom_logging_share`) and `daily-v1`
    /// (mean cycle length) are no longer read.
    package static let version = "daily-v4"
    /// SD of the cycle lengths shown before two cycles are complete (days).
    package static let defaultCycleLengthDeviation: Float = 3

    /// Every feature, in vector order. (Phrased against the model's training means: a
    /// missing flag above its mean reads "not logged".)
    package static let features: [CycleFeature] = [
        CycleFeature("cycle_day", .cycleDay, phrase: .key("cycle_day")),
        CycleFeature("has_period_start", .cycleDay, phrase: .key("has_period_start")),
        CycleFeature("calendar_cycle_length", .cycleHistory, phrase: .key("calendar_cycle_length")),
        CycleFeature("cycle_length_sd", .cycleHistory, phrase: .key("cycle_length_sd")),
        CycleFeature("completed_cycles", .cycleHistory, phrase: .key("recent_cycle_count")),
        CycleFeature("calendar_days_remaining", .cycleHistory, phrase: .key("calendar_date")),
        CycleFeature("last_cycle_length", .cycleHistory, phrase: .key("last_cycle_length")),
        CycleFeature("flow", .flow, phrase: .key("flow")),
        CycleFeature("flow_logged", .flow, phrase: .key("flow")),
    ] + SymptomType.builtIn.flatMap { kind in
        let group = CycleFeatureGroup(rawValue: kind.rawValue)!
        return [CycleFeature(kind.rawValue, group, phrase: .key(kind.rawValue)),
                CycleFeature("\(kind.rawValue)_missing", group, phrase: .key("\(kind.rawValue)_missing"))]
    } + [
        CycleFeature("pain_left_ovary", .painZone, phrase: .key("left_ovary_pain")),
        CycleFeature("pain_right_ovary", .painZone, phrase: .key("right_ovary_pain")),
        CycleFeature("pain_uterus", .painZone, phrase: .key("uterus_pain_today")),
        CycleFeature("days_since_ovary_pain", .painZone),
        CycleFeature("ovary_pain_this_cycle", .painZone, phrase: .key("ovulation_pain")),
        CycleFeature("day_of_week_sin", .dayOfWeek),
        CycleFeature("day_of_week_cos", .dayOfWeek),
        CycleFeature("logged_today", .logging, phrase: .key("logged_today")),
        CycleFeature("symptom_logging_share", .logging, phrase: .key("symptom_logging")),
        CycleFeature("ovulation_evidenced", .signals, phrase: .key("ovulation_evidenced")),
        CycleFeature("days_since_evidenced_ovulation", .signals, phrase: .key("ovulation_evidenced")),
        CycleFeature("anchored_days_remaining", .signals, phrase: .key("anchored_date")),
        CycleFeature("luteal_length", .signals, phrase: .key("luteal_length")),
        CycleFeature("lh_tested_today", .signals, phrase: .key("lh_tested_today")),
        CycleFeature("lh_surge_today", .signals, phrase: .key("lh_surge_today")),
        CycleFeature("temperature_shift_confirmed", .signals, phrase: .key("temperature_shift_confirmed")),
        CycleFeature("mucus_peak_confirmed", .signals, phrase: .key("mucus_peak_confirmed")),
        CycleFeature("signal_logging_share", .signals, phrase: .key("signal_logging")),
        CycleFeature("posterior_days_remaining", .signals, phrase: .key("posterior_date")),
        CycleFeature("posterior_alert_score", .signals, phrase: .key("posterior_imminence")),
        CycleFeature("posterior_window_probability", .signals, phrase: .key("posterior_window")),
        CycleFeature("posterior_ovulation_passed", .signals, phrase: .key("posterior_ovulation_passed")),
    ]

    /// Feature names, in vector order (stored in model files).
    package static let featureNames: [String] = features.map(\.name)

    /// Length of each feature vector.
    package static var featureCount: Int { features.count }

    /// What is known of her at the end of the last day advanced to.
    package private(set) var state = CycleDayState()
    /// The ovulation posterior of `state`'s day (`CycleDayState.ovulationPosterior`, computed once
    /// per day for the features and kept for the LSTM's period prior).
    package private(set) var posterior: OvulationPosterior?

    /// A builder for a new user who declared nothing (`CycleDayState.init()`).
    package init() {}

    /// A builder for the woman `profile` describes (`CycleDayState.init(profile:)`).
    package init(profile: UserProfile) {
        state = CycleDayState(profile: profile)
    }

    /// Advances to `day` (after every earlier day) with its record and measurements, if any, and
    /// writes the day's `featureCount` raw features to `features`.
    package mutating func advance(to day: CalendarDay, record: DayRecord?, measurements: DayMeasurements? = nil,
                                 into features: UnsafeMutablePointer<Float>) {
        state.advance(to: day, record: record, measurements: measurements)
        posterior = DailyFeatureBuilder.features(of: state, into: features)
    }

    /// Writes the `featureCount` raw features of `state`'s day to `features` and returns the day's
    /// ovulation posterior they read; `state` must have seen a day.
    @discardableResult
    package static func features(of state: CycleDayState, into features: UnsafeMutablePointer<Float>) -> OvulationPosterior? {
        #if DEBUG
        _FeatureBuildCounter.record(.dailyRow)
        #endif
        let cycle = state.cycle
        guard let day = cycle.today else { preconditionFailure("DailyFeatureBuilder: the state has seen no day") }
        let today = state.todayIndex
        let logged = state.logged[today]
        let flow = logged ? state.flow[today] : 0
        let zone = state.painZone[today]
        var index = 0
        func put(_ value: Float) { features[index] = value; index += 1 }
        put(Float(cycle.cycleDay ?? 0))
        put(cycle.lastStart == nil ? 0 : 1)
        put(Float(cycle.calendarCycleLength))
        put(cycle.cycleLengthDeviation.map { Float($0) } ?? DailyFeatureBuilder.defaultCycleLengthDeviation)
        put(Float(min(cycle.completedCycles, CycleState.recentCycleCount)))
        put(Float(state.calendarDaysRemaining))
        put(Float(cycle.recentCycleLengths.last ?? CycleState.populationCycleLength))
        put(flow)
        put(flow > 0 ? 1 : 0)
        for symptom in SymptomType.builtIn {
            let value = state.values(of: symptom)[today]
            if value.isNaN {
                put(0); put(1)
            } else {
                put(value); put(0)
            }
        }
        put(zone == .leftOvary ? 1 : 0)
        put(zone == .rightOvary ? 1 : 0)
        put(zone == .uterus ? 1 : 0)
        let pain = state.lastOneSidedPain
        let painInCycle = pain.map { pain in cycle.lastStart.map { pain >= $0 } ?? true } ?? false
        put(painInCycle ? Float(pain!.distance(to: day)) : 0)
        put(painInCycle ? 1 : 0)
        let angle = 2 * Float.pi * Float(day.weekday) / 7
        put(sin(angle))
        put(cos(angle))
        put(logged ? 1 : 0)
        put(state.symptomLoggingShare)
        let signals = state.signals
        let evidence = signals.evidence
        put(evidence == nil ? 0 : 1)
        put(evidence.map { Float($0.ovulation.distance(to: day)) } ?? 0)
        put(Float(state.anchoredDaysRemaining))
        put(Float(signals.lutealLength))
        let test = signals.todayMeasurements?.lhTest
        put(test == nil ? 0 : 1)
        put(test?.isSurge == true ? 1 : 0)
        put(signals.temperatureEvidence == nil ? 0 : 1)
        put(signals.evidence(from: .cervicalMucus) == nil ? 0 : 1)
        put(state.signalLoggingShare)
        let posterior = state.ovulationPosterior
        put(posterior.map { Float($0.medianDaysToStart) } ?? 0)
        put(posterior.map { Float($0.alertScore) } ?? 0)
        put(posterior.map { Float($0.windowProbability) } ?? 0)
        put(posterior.map { Float($0.ovulationPassedProbability) } ?? 0)
        return posterior
    }

    /// The raw feature rows of every day from `history`'s first logged day through `last`
    /// (`[days, featureCount]`, row-major), reading only records dated up to `last`. Empty when
    /// nothing was logged by `last`.
    package static func features(for history: UserHistory, through last: CalendarDay) -> [Float] {
        guard let first = history.records.first?.date, first <= last else { return [] }
        return features(for: history, from: first, through: last).rows
    }

    /// The raw feature rows of every day from `first` (at most her first record's day) through
    /// `last` (`[days, featureCount]`, row-major) and the state at the end of `last`, reading only
    /// records dated up to `last`.
    static func features(for history: UserHistory, from first: CalendarDay, through last: CalendarDay)
        -> (rows: [Float], state: CycleDayState) {
        #if DEBUG
        _FeatureBuildCounter.record(.replay)
        #endif
        let count = first.distance(to: last) + 1
        var result = [Float](repeating: 0, count: count * featureCount)
        var builder = DailyFeatureBuilder(profile: history.profile)
        var cursor = _HistoryCursor(history)
        result.withUnsafeMutableBufferPointer { buffer in
            for offset in 0..<count {
                let day = first.advanced(by: offset)
                let logged = cursor.take(on: day)
                builder.advance(to: day, record: logged.record, measurements: logged.measurements,
                                into: buffer.baseAddress! + offset * featureCount)
            }
        }
        return (result, builder.state)
    }
}
