import Foundation

/// The boosted trees' tabular features of one user on one day ("today"): a projection of her
/// `CycleDayState` at the end of that day, so only what was logged up to and including it
/// counts (causal). Missing information is `Float.nan`, which the trees route by their learned
/// default direction.
///
/// `features` is the typed registry (name, group, phrase), in the vector order stored in model
/// files. `features(of:into:)` projects a state; an instance replays one history for rows on
/// increasing days (`features(on:into:)`).
package struct TabularFeatureBuilder: Sendable {
    /// Version of the feature definitions, stored in model files (`feature_builder`): `tabular-v4`
    /// appended the fertility-signal features (`CycleSignalState`) to `tabular-v3`'s 66;
    /// `tabular-v5` appends the ovulation posterior's (`OvulationPosterior`). Earlier features keep
    /// their order and values.
    package static let version = "tabular-v5"
    /// The symptom kinds with daily feature blocks, in feature order.
    static let symptomKinds: [SymptomType] = [.energy, .mood, .sleep, .stress, .pain]

    /// Every feature, in vector order. Flags are high above 0.5, differences above 0, symptom
    /// levels above the middle of the 1–10 scale.
    package static let features: [CycleFeature] = {
        let flag = CycleFeature.Reference.level(0.5), difference = CycleFeature.Reference.level(0)
        var list: [CycleFeature] = [
            CycleFeature("cycle_day", .cycleDay, phrase: .key("cycle_day")),
            CycleFeature("days_since_flow", .cycleDay, phrase: .key("days_since_flow")),
            CycleFeature("flow_today", .cycleDay, phrase: .key("flow"), reference: flag),
            CycleFeature("known_cycles", .history, phrase: .key("cycle_count")),
            CycleFeature("last_cycle_length", .history, phrase: .key("last_cycle_length")),
            CycleFeature("previous_cycle_length", .history, phrase: .key("previous_cycle_length")),
            CycleFeature("mean_cycle_length", .history, phrase: .key("mean_cycle_length")),
            CycleFeature("median_cycle_length", .history, phrase: .key("median_cycle_length")),
            CycleFeature("sd_cycle_length", .history, phrase: .key("cycle_length_sd")),
            CycleFeature("trend_cycle_length", .history, phrase: .key("cycle_length_trend"), reference: .trend),
            CycleFeature("min_cycle_length", .history, phrase: .key("shortest_cycle")),
            CycleFeature("max_cycle_length", .history, phrase: .key("longest_cycle")),
            CycleFeature("remaining_by_mean", .history, phrase: .key("average_cycle_date")),
            CycleFeature("remaining_by_median", .history, phrase: .key("calendar_date")),
            CycleFeature("calendar_cycle_length", .history, phrase: .key("calendar_cycle_length")),
            CycleFeature("remaining_by_calendar", .history, phrase: .key("calendar_date")),
            CycleFeature("declared_irregular", .history, phrase: .key("declared_irregular"), reference: flag),
            CycleFeature("luteal_estimate", .history, phrase: .key("luteal_length")),
            CycleFeature("ovary_pain_day_mean", .history, phrase: .key("ovulation_pain_day")),
            CycleFeature("ovary_pain_this_cycle", .pain, phrase: .key("ovulation_pain"), reference: flag),
            CycleFeature("days_since_ovary_pain", .pain, phrase: .key("days_since_ovulation_pain")),
            CycleFeature("remaining_by_ovary_pain", .pain, phrase: .key("ovulation_pain_date")),
            CycleFeature("uterus_pain_7d", .pain, phrase: .key("uterus_pain"), reference: .level(5.5)),
        ]
        for kind in symptomKinds {
            let group = CycleFeatureGroup(rawValue: kind.rawValue)!
            list += [
                CycleFeature("\(kind.rawValue)_today", group, reference: .level(5.5)),
                CycleFeature("\(kind.rawValue)_mean_3d", group, reference: .level(5.5)),
                CycleFeature("\(kind.rawValue)_mean_7d", group, reference: .level(5.5)),
                CycleFeature("\(kind.rawValue)_slope_7d", group, reference: .trend),
                CycleFeature("\(kind.rawValue)_deviation_3d", group, reference: difference),
            ]
        }
        list += [
            CycleFeature("energy_drop", .energy, reference: .trend),
            CycleFeature("wellbeing_vs_cycle_3d", .wellbeing, reference: difference),
            CycleFeature("wellbeing_vs_cycle_5d", .wellbeing, reference: difference),
            CycleFeature("wellbeing_vs_baseline_5d", .wellbeing, reference: difference),
            CycleFeature("wellbeing_premenstrual_drop", .wellbeing, phrase: .key("premenstrual_dip")),
        ]
        for days in 1...5 {
            list.append(CycleFeature("wellbeing_vs_reference_\(days)d", .wellbeing, reference: difference))
        }
        list += [
            CycleFeature("wellbeing_reference_sd", .wellbeing),
            CycleFeature("days_since_wellbeing_peak", .wellbeing, phrase: .key("days_since_wellbeing_peak")),
            CycleFeature("wellbeing_peak_vs_cycle", .wellbeing, reference: difference),
            CycleFeature("stress_this_cycle", .stress, reference: difference),
            CycleFeature("wellbeing_premenstrual_vs_reference", .wellbeing, phrase: .key("premenstrual_dip")),
            CycleFeature("missing_share_14d", .logging),
            CycleFeature("days_since_log", .logging, phrase: .key("days_since_log")),
            CycleFeature("symptom_days_28d", .logging, phrase: .key("symptom_logging")),
            // Fertility signals (`CycleSignalState`), appended in tabular-v4.
            CycleFeature("ovulation_evidence_source", .signals, phrase: .key("ovulation_evidenced"), reference: flag),
            CycleFeature("days_since_evidenced_ovulation", .signals, phrase: .key("days_since_evidenced_ovulation")),
            CycleFeature("remaining_by_evidence", .signals, phrase: .key("evidence_date")),
            CycleFeature("remaining_by_anchor", .signals, phrase: .key("anchored_date")),
            CycleFeature("signal_luteal_length", .signals, phrase: .key("luteal_length")),
            CycleFeature("evidenced_cycles", .signals, phrase: .key("evidenced_cycles")),
            CycleFeature("days_since_lh_surge", .signals, phrase: .key("days_since_lh_surge")),
            CycleFeature("days_since_negative_lh_test", .signals, phrase: .key("days_since_negative_lh_test")),
            CycleFeature("lh_tests_this_cycle", .signals, phrase: .key("lh_tests")),
            CycleFeature("days_since_temperature_shift", .signals, phrase: .key("days_since_temperature_shift")),
            CycleFeature("temperature_days_this_cycle", .signals, phrase: .key("temperature_days")),
            CycleFeature("days_since_mucus_peak", .signals, phrase: .key("days_since_mucus_peak")),
            CycleFeature("mucus_days_this_cycle", .signals, phrase: .key("mucus_days")),
            CycleFeature("signal_days_28d", .signals, phrase: .key("signal_logging")),
            // The ovulation posterior (`OvulationPosterior`), appended in tabular-v5.
            CycleFeature("remaining_by_posterior", .signals, phrase: .key("posterior_date")),
            CycleFeature("posterior_spread", .signals, phrase: .key("posterior_spread")),
            CycleFeature("posterior_alert_score", .signals, phrase: .key("posterior_imminence"), reference: difference),
            CycleFeature("posterior_window_probability", .signals, phrase: .key("posterior_window"), reference: flag),
            CycleFeature("posterior_ovulation_passed", .signals, phrase: .key("posterior_ovulation_passed"), reference: flag),
        ]
        return list
    }()

    /// Number of features.
    package static var featureCount: Int { features.count }

    /// Replays the history the rows are asked of.
    private var replay: CycleDayState.Replay

    /// A builder of `history`'s rows.
    package init(history: UserHistory) {
        replay = CycleDayState.Replay(history)
    }

    /// The feature vector of `day` (`featureCount` values) written into `output`. Cheapest on
    /// increasing days: an earlier day than the last one asked replays her history from the start.
    package mutating func features(on day: CalendarDay, into output: inout [Float]) {
        TabularFeatureBuilder.features(of: replay.advance(through: day), into: &output)
    }

    /// The feature vector of `state`'s day (`featureCount` values) written into `output`; all
    /// `nan` for a state that has seen no day.
    package static func features(of state: CycleDayState, into output: inout [Float]) {
        if output.count != featureCount {
            output = [Float](repeating: .nan, count: featureCount)
        }
        for i in output.indices { output[i] = .nan }
        #if DEBUG
        _FeatureBuildCounter.record(.tabularRow)
        #endif
        guard let day = state.today else { return }
        let today = state.todayIndex
        var position = 0
        func put(_ value: Float) { output[position] = value; position += 1 }
        func put(_ value: Double?) { put(value.map(Float.init) ?? .nan) }
        func mean(_ values: [Float], _ lower: Int, _ upper: Int) -> Float { state.mean(of: values, from: lower, through: upper) }

        // Cycle day, days since flow, flow today.
        let cycle = state.cycle
        let lastStart = cycle.lastStart
        let cycleDay = cycle.cycleDay
        put(cycleDay.map(Double.init))
        var sinceFlow: Double?
        var index = today
        while index >= 0 && index >= today - 60 {
            if state.flow[index] > 0 { sinceFlow = Double(today - index); break }
            index -= 1
        }
        put(sinceFlow)
        put(state.flow[today])

        // History of cycle lengths (the last up to 6 complete cycles).
        let lengths = cycle.recentCycleLengths.map(Double.init)
        put(Double(cycle.completedCycles))
        put(lengths.last)
        put(lengths.count >= 2 ? lengths[lengths.count - 2] : nil)
        let meanLength = cycle.meanCycleLength
        let medianLength = lengths.isEmpty ? nil : CycleState.median(cycle.recentCycleLengths)
        put(meanLength)
        put(medianLength)
        put(cycle.cycleLengthDeviation)
        put(lengths.count >= 2 ? TabularFeatureBuilder.slope(lengths.map { Float($0) }) : .nan)
        put(cycle.recentCycleLengths.min().map(Double.init))
        put(cycle.recentCycleLengths.max().map(Double.init))
        put(meanLength.flatMap { m in cycleDay.map { m - Double($0) + 1 } })
        put(medianLength.flatMap { m in cycleDay.map { m - Double($0) + 1 } })
        put(Float(cycle.calendarCycleLength))
        put(cycle.calendarNextStart.map { Float(day.distance(to: $0)) } ?? .nan)
        switch state.declaredCycleType {
        case .regular: put(Float(0))
        case .irregular: put(Float(1))
        case .unknown: put(Float.nan)
        }

        // Ovulation signals: one-sided pain after the menses, per past cycle and this one.
        var lutealLengths: [Double] = [], painDays: [Double] = []
        for past in state.recentCycles {
            if let painDay = past.ovulationPainDay {
                lutealLengths.append(Double(painDay.distance(to: past.start.advanced(by: past.length))))
                painDays.append(Double(past.start.distance(to: painDay) + 1))
            }
        }
        let luteal = lutealLengths.isEmpty ? nil : lutealLengths.reduce(0, +) / Double(lutealLengths.count)
        put(luteal)
        put(painDays.isEmpty ? nil : painDays.reduce(0, +) / Double(painDays.count))
        let painThisCycle = state.ovulationPainThisCycle
        put(painThisCycle == nil ? Float(0) : Float(1))
        let sincePain = painThisCycle.map { Double($0.distance(to: day)) }
        put(sincePain)
        put(sincePain.map { (luteal ?? Double(AlertPolicy.ovulationToStartPriorDays)) - $0 })
        let pain = state.values(of: .pain)
        var uterusPain: Float = 0, uterusDays = 0
        for index in max(0, today - 6)...today where state.painZone[index] == .uterus && !pain[index].isNaN {
            uterusPain += pain[index]; uterusDays += 1
        }
        put(uterusDays > 0 ? uterusPain / Float(uterusDays) : .nan)

        // Symptom blocks.
        for kind in TabularFeatureBuilder.symptomKinds {
            let values = state.values(of: kind)
            put(values[today])
            let mean3 = mean(values, today - 2, today)
            put(mean3)
            put(mean(values, today - 6, today))
            put(slope(of: values, from: today - 6, through: today))
            let baseline = mean(values, today - 59, today)
            put(mean3.isNaN || baseline.isNaN ? Float.nan : mean3 - baseline)
        }
        // Energy drop: last 3 days against the 7 days before them.
        let energy = state.values(of: .energy)
        let recent = mean(energy, today - 2, today), before = mean(energy, today - 9, today - 3)
        put(recent.isNaN || before.isNaN ? Float.nan : recent - before)
        // Well-being (energy, mood, sleep together) against this cycle's days 4 … today − 4,
        // against the last 60 days, and her own premenstrual dip in past cycles.
        let wellbeing = state.wellbeing
        let cycleOffset = lastStart.map { state.index(of: $0) }
        let cycleReference = cycleOffset.map { mean(wellbeing, $0 + 3, today - 4) } ?? .nan
        for window in [3, 5] {
            let recentWellbeing = mean(wellbeing, today - window + 1, today)
            put(recentWellbeing.isNaN || cycleReference.isNaN ? Float.nan : recentWellbeing - cycleReference)
        }
        let recentWellbeing5 = mean(wellbeing, today - 4, today)
        let wellbeingBaseline = mean(wellbeing, today - 59, today)
        put(recentWellbeing5.isNaN || wellbeingBaseline.isNaN ? Float.nan : recentWellbeing5 - wellbeingBaseline)
        put(premenstrualDrop(state))
        putReferenceDeviations(state) { put($0) }
        // Logging.
        var loggedDays = 0
        for index in max(0, today - 13)...today where state.logged[index] { loggedDays += 1 }
        put(Float(14 - loggedDays) / 14)
        put(state.lastLoggedDay.map { Float($0.distance(to: day)) } ?? .nan)
        var symptomDays = 0
        for index in max(0, today - 27)...today where state.symptomLogged[index] { symptomDays += 1 }
        put(Float(symptomDays) / 28)

        // Fertility signals: the ovulation evidence in effect (its source, `OvulationEvidence.Source`'s
        // raw value, 0 without), the dates it and the anchor give, her luteal length from
        // evidenced cycles, this cycle's readings, and what was logged.
        let signals = state.signals
        let evidence = signals.evidence
        put(Float(evidence?.source.rawValue ?? 0))
        put(evidence.map { Float($0.ovulation.distance(to: day)) } ?? .nan)
        put(evidence.map { Float(day.distance(to: $0.ovulation.advanced(by: signals.lutealLength + 1))) } ?? .nan)
        put(state.anchoredNextStart.map { Float(day.distance(to: $0)) } ?? .nan)
        put(signals.hasPersonalLutealLength ? Float(signals.lutealLength) : .nan)
        put(Float(signals.evidencedCycles))
        put(signals.lastSurge.map { Float($0.distance(to: day)) } ?? .nan)
        put(signals.lastNegativeLHTest.map { Float($0.distance(to: day)) } ?? .nan)
        put(Float(signals.lhTestCount))
        put(signals.temperatureEvidence.map { Float($0.observed.distance(to: day)) } ?? .nan)
        put(Float(signals.temperatureCount))
        put(signals.evidence(from: .cervicalMucus).map { Float($0.observed.distance(to: day)) } ?? .nan)
        put(Float(signals.mucusCount))
        put(state.signalLoggingShare)

        // The ovulation posterior: the median days to the next start, their interquartile range,
        // the alert score, P(start within the alert window) and P(ovulation passed).
        let posterior = state.ovulationPosterior
        put(posterior.map { Float($0.medianDaysToStart) } ?? .nan)
        put(posterior.map { Float($0.spreadDays) } ?? .nan)
        put(posterior.map { Float($0.alertScore) } ?? .nan)
        put(posterior.map { Float($0.windowProbability) } ?? .nan)
        put(posterior.map { Float($0.ovulationPassedProbability) } ?? .nan)
        assert(position == TabularFeatureBuilder.featureCount)
    }

    /// The well-being of the last 1 … 5 days against her reference level (days −90 … −6
    /// outside menses days 1–3 and the 6 days before each known start), that level's SD, and the
    /// mean gap of the 5 days before past starts: a personal, noise-aware premenstrual-dip detector.
    private static func putReferenceDeviations(_ state: CycleDayState, put: (Float) -> Void) {
        let reference = state.wellbeingReference()
        for days in 1...5 {
            let recent = state.mean(of: state.wellbeing, from: state.todayIndex - days + 1, through: state.todayIndex)
            put(reference.map { recent - $0.level } ?? .nan)
        }
        put(reference?.deviation ?? .nan)
        putWellbeingPeak(state, put: put)
        put(reference.flatMap { state.premenstrualGap(level: $0.level)?.gap } ?? .nan)
    }

    /// Days since this cycle's highest 3-day well-being (from cycle day 6; it peaks around
    /// ovulation), that peak against the cycle's mean, and this cycle's stress against the last
    /// 60 days (stress can delay ovulation).
    private static func putWellbeingPeak(_ state: CycleDayState, put: (Float) -> Void) {
        guard let start = state.cycle.lastStart else { put(.nan); put(.nan); put(.nan); return }
        let today = state.todayIndex, wellbeing = state.wellbeing
        let cycleOffset = state.index(of: start)
        var best: Float = -.infinity, bestIndex = -1
        if cycleOffset + 5 <= today {
            for index in (cycleOffset + 5)...today {
                let value = state.mean(of: wellbeing, from: index - 2, through: index)
                if !value.isNaN && value > best { best = value; bestIndex = index }
            }
        }
        let cycleMean = state.mean(of: wellbeing, from: cycleOffset + 3, through: today)
        put(bestIndex >= 0 ? Float(today - bestIndex) : .nan)
        put(bestIndex >= 0 && !cycleMean.isNaN ? best - cycleMean : .nan)
        let stress = state.values(of: .stress)
        let cycleStress = state.mean(of: stress, from: cycleOffset, through: today)
        let recentStress = state.mean(of: stress, from: today - 59, through: today)
        put(cycleStress.isNaN || recentStress.isNaN ? .nan : cycleStress - recentStress)
    }

    /// Mean over the recent complete cycles of the well-being in the 5 days before each next
    /// start minus that cycle's days 6 … length − 8; `nan` when no cycle has both.
    private static func premenstrualDrop(_ state: CycleDayState) -> Float {
        var total: Float = 0, counted = 0
        for past in state.recentCycles where !past.wellbeingBeforeNextStart.isNaN && !past.wellbeingMidCycle.isNaN {
            total += past.wellbeingBeforeNextStart - past.wellbeingMidCycle; counted += 1
        }
        return counted > 0 ? total / Float(counted) : .nan
    }

    /// Least-squares slope of the non-`nan` `values` at day-log indices `lower … upper` against
    /// their day offsets from `upper`; `nan` below 3 points.
    private static func slope(of values: [Float], from lower: Int, through upper: Int) -> Float {
        var xs: [Float] = [], ys: [Float] = []
        let low = max(0, lower), high = min(values.count - 1, upper)
        guard low <= high else { return .nan }
        for index in low...high where !values[index].isNaN { xs.append(Float(index - upper)); ys.append(values[index]) }
        return TabularFeatureBuilder.slope(ys, at: xs)
    }

    /// Least-squares slope of `values` against `positions` (default 0, 1, 2, …); `nan` below 3 points.
    static func slope(_ values: [Float], at positions: [Float]? = nil) -> Float {
        guard values.count >= 3 else { return .nan }
        let xs = positions ?? values.indices.map(Float.init)
        let meanX = xs.reduce(0, +) / Float(xs.count), meanY = values.reduce(0, +) / Float(values.count)
        var covariance: Float = 0, variance: Float = 0
        for (x, y) in zip(xs, values) { covariance += (x - meanX) * (y - meanY); variance += (x - meanX) * (x - meanX) }
        return variance > 0 ? covariance / variance : .nan
    }
}
