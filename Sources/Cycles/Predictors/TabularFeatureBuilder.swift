import Foundation

/// Tabular features describing one user on one day ("today"), computed only from what was
/// logged up to and including that day (causal), for the boosted-trees cycle predictor.
///
/// Build one per user with `init(history:)` (it indexes the history by day once), then ask for
/// any day's features with `features(on:into:)`. Missing information is `Float.nan`, which the
/// trees route by their learned default direction.
public struct TabularFeatureBuilder: Sendable {
    /// One feature's name and explanation group (`cycle_day`, `history`, `pain`, `energy`, …).
    public struct Feature: Sendable, Equatable {
        /// Stable name, stored in the model file.
        public var name: String
        /// Group used by the reasoning generator.
        public var group: String
    }

    /// The symptom kinds with daily feature blocks, in feature order.
    static let symptomKinds: [SymptomType] = [.energy, .mood, .sleep, .stress, .pain]

    /// Every feature, in vector order.
    public static let features: [Feature] = {
        var list: [Feature] = [
            Feature(name: "cycle_day", group: "cycle_day"),
            Feature(name: "days_since_flow", group: "cycle_day"),
            Feature(name: "flow_today", group: "cycle_day"),
            Feature(name: "known_cycles", group: "history"),
            Feature(name: "last_cycle_length", group: "history"),
            Feature(name: "previous_cycle_length", group: "history"),
            Feature(name: "mean_cycle_length", group: "history"),
            Feature(name: "median_cycle_length", group: "history"),
            Feature(name: "sd_cycle_length", group: "history"),
            Feature(name: "trend_cycle_length", group: "history"),
            Feature(name: "min_cycle_length", group: "history"),
            Feature(name: "max_cycle_length", group: "history"),
            Feature(name: "remaining_by_mean", group: "history"),
            Feature(name: "remaining_by_median", group: "history"),
            Feature(name: "calendar_cycle_length", group: "history"),
            Feature(name: "remaining_by_calendar", group: "history"),
            Feature(name: "declared_irregular", group: "history"),
            Feature(name: "luteal_estimate", group: "history"),
            Feature(name: "ovary_pain_day_mean", group: "history"),
            Feature(name: "ovary_pain_this_cycle", group: "pain"),
            Feature(name: "days_since_ovary_pain", group: "pain"),
            Feature(name: "remaining_by_ovary_pain", group: "pain"),
            Feature(name: "uterus_pain_7d", group: "pain"),
        ]
        for kind in symptomKinds {
            let group = kind.rawValue
            for suffix in ["today", "mean_3d", "mean_7d", "slope_7d", "deviation_3d"] {
                list.append(Feature(name: "\(group)_\(suffix)", group: group))
            }
        }
        list.append(Feature(name: "energy_drop", group: "energy"))
        list.append(Feature(name: "wellbeing_vs_cycle_3d", group: "wellbeing"))
        list.append(Feature(name: "wellbeing_vs_cycle_5d", group: "wellbeing"))
        list.append(Feature(name: "wellbeing_vs_baseline_5d", group: "wellbeing"))
        list.append(Feature(name: "wellbeing_premenstrual_drop", group: "wellbeing"))
        for days in 1...5 {
            list.append(Feature(name: "wellbeing_vs_reference_\(days)d", group: "wellbeing"))
        }
        list.append(Feature(name: "wellbeing_reference_sd", group: "wellbeing"))
        list.append(Feature(name: "days_since_wellbeing_peak", group: "wellbeing"))
        list.append(Feature(name: "wellbeing_peak_vs_cycle", group: "wellbeing"))
        list.append(Feature(name: "stress_this_cycle", group: "stress"))
        list.append(Feature(name: "wellbeing_premenstrual_vs_reference", group: "wellbeing"))
        list.append(Feature(name: "missing_share_14d", group: "logging"))
        list.append(Feature(name: "days_since_log", group: "logging"))
        list.append(Feature(name: "symptom_days_28d", group: "logging"))
        return list
    }()

    /// Number of features.
    public static var featureCount: Int { features.count }

    let firstDay: CalendarDay
    let dayCount: Int
    /// Per symptom kind (in `symptomKinds` order), the logged value per day offset, `nan` if none.
    let symptomValues: [[Float]]
    let flow: [Float]
    let logged: [Bool]
    let ovaryPain: [Bool]
    /// Per day offset, the mean of the logged energy, mood and sleep values (`nan` if none):
    /// the three symptoms that dip together before menses.
    let wellbeing: [Float]
    /// Per day offset, whether any symptom was logged.
    let symptomLogged: [Bool]
    let uterusPain: [Float]
    let starts: [CalendarDay]
    let declaredIrregular: Float

    /// Indexes `history` by day.
    public init(history: UserHistory) {
        let first = history.records.first?.date ?? CalendarDay(daysSinceEpoch: 0)
        let last = history.records.last?.date ?? first
        let count = first.distance(to: last) + 1
        var symptomValues = [[Float]](repeating: [Float](repeating: .nan, count: count), count: TabularFeatureBuilder.symptomKinds.count)
        var flow = [Float](repeating: .nan, count: count)
        var logged = [Bool](repeating: false, count: count)
        var ovaryPain = [Bool](repeating: false, count: count)
        var uterusPain = [Float](repeating: .nan, count: count)
        for record in history.records {
            let index = first.distance(to: record.date)
            logged[index] = true
            flow[index] = Float(record.flowIntensity ?? 0)
            // One pass over the logged symptoms (no hashing): most days log few of them.
            var pain: Int?
            for (kind, value) in record.symptoms {
                guard let kindIndex = TabularFeatureBuilder.symptomKinds.firstIndex(of: kind) else { continue }
                symptomValues[kindIndex][index] = Float(value)
                if kind == .pain { pain = value }
            }
            if let pain {
                if record.painZone == .leftOvary || record.painZone == .rightOvary { ovaryPain[index] = true }
                if record.painZone == .uterus { uterusPain[index] = Float(pain) }
            }
        }
        var wellbeing = [Float](repeating: .nan, count: count)
        for index in 0..<count {
            var total: Float = 0, logged = 0
            for kindIndex in 0..<3 where !symptomValues[kindIndex][index].isNaN {
                total += symptomValues[kindIndex][index]
                logged += 1
            }
            if logged > 0 { wellbeing[index] = total / Float(logged) }
        }
        self.wellbeing = wellbeing
        symptomLogged = (0..<count).map { index in symptomValues.contains { !$0[index].isNaN } }
        firstDay = first
        dayCount = count
        self.symptomValues = symptomValues
        self.flow = flow
        self.logged = logged
        self.ovaryPain = ovaryPain
        self.uterusPain = uterusPain
        starts = history.periodStarts
        switch history.profile.cycleType {
        case .regular: declaredIrregular = 0
        case .irregular: declaredIrregular = 1
        case .unknown: declaredIrregular = .nan
        }
    }

    /// The last period start on or before `day`, if any.
    public func lastStart(onOrBefore day: CalendarDay) -> CalendarDay? {
        var low = 0, high = starts.count
        while low < high { let middle = (low + high) / 2; if starts[middle] <= day { low = middle + 1 } else { high = middle } }
        return low > 0 ? starts[low - 1] : nil
    }

    /// The feature vector of `day` (`featureCount` values) written into `output`.
    public func features(on day: CalendarDay, into output: inout [Float]) {
        if output.count != TabularFeatureBuilder.featureCount {
            output = [Float](repeating: .nan, count: TabularFeatureBuilder.featureCount)
        }
        for i in output.indices { output[i] = .nan }
        let today = firstDay.distance(to: day)
        var position = 0
        func put(_ value: Float) { output[position] = value; position += 1 }
        func put(_ value: Double?) { put(value.map(Float.init) ?? .nan) }

        // Starts known as of `day`.
        var knownCount = 0
        while knownCount < starts.count && starts[knownCount] <= day { knownCount += 1 }
        let lastStart = knownCount > 0 ? starts[knownCount - 1] : nil
        let cycleDay = lastStart.map { $0.distance(to: day) + 1 }
        // Cycle day: days since flow, flow today.
        put(cycleDay.map(Double.init))
        var sinceFlow: Double?
        if today >= 0 {
            var index = min(today, dayCount - 1)
            while index >= 0 && index >= today - 60 {
                if flow[index] > 0 { sinceFlow = Double(today - index); break }
                index -= 1
            }
        }
        put(sinceFlow)
        put(today >= 0 && today < dayCount ? flow[today] : .nan)

        // History of cycle lengths (last up to 6 complete cycles).
        var lengths: [Double] = []
        if knownCount >= 2 {
            for i in max(1, knownCount - 6)..<knownCount { lengths.append(Double(starts[i - 1].distance(to: starts[i]))) }
        }
        put(Double(max(0, knownCount - 1)))
        put(lengths.last)
        put(lengths.count >= 2 ? lengths[lengths.count - 2] : nil)
        let meanLength = lengths.isEmpty ? nil : lengths.reduce(0, +) / Double(lengths.count)
        let sorted = lengths.sorted()
        let medianLength = lengths.isEmpty ? nil : CycleState.median(lengths.map { Int($0) })
        put(meanLength)
        put(medianLength)
        if let meanLength, lengths.count >= 2 {
            put((lengths.reduce(0) { $0 + ($1 - meanLength) * ($1 - meanLength) } / Double(lengths.count - 1)).squareRoot())
            put(TabularFeatureBuilder.slope(lengths.map { Float($0) }))
        } else {
            put(nil as Double?); put(nil as Double?)
        }
        put(sorted.first)
        put(sorted.last)
        put(meanLength.flatMap { m in cycleDay.map { m - Double($0) + 1 } })
        put(medianLength.flatMap { m in cycleDay.map { m - Double($0) + 1 } })
        let calendarLength = medianLength.map { Int($0.rounded()) } ?? CycleState.populationCycleLength
        put(Float(calendarLength))
        put(lastStart.map { Float(day.distance(to: $0.advanced(by: calendarLength))) } ?? .nan)
        put(declaredIrregular)

        // Ovulation signals: one-sided ovary pain after the menses, per past cycle and this one.
        var lutealLengths: [Double] = [], painDays: [Double] = []
        if knownCount >= 2 {
            for i in max(1, knownCount - 6)..<knownCount {
                if let painDay = lastOvaryPain(from: starts[i - 1], before: starts[i]) {
                    lutealLengths.append(Double(painDay.distance(to: starts[i])))
                    painDays.append(Double(starts[i - 1].distance(to: painDay) + 1))
                }
            }
        }
        let luteal = lutealLengths.isEmpty ? nil : lutealLengths.reduce(0, +) / Double(lutealLengths.count)
        put(luteal)
        put(painDays.isEmpty ? nil : painDays.reduce(0, +) / Double(painDays.count))
        let painThisCycle = lastStart.flatMap { lastOvaryPain(from: $0, before: day.advanced(by: 1)) }
        put(painThisCycle == nil ? Float(0) : Float(1))
        let sincePain = painThisCycle.map { Double($0.distance(to: day)) }
        put(sincePain)
        put(sincePain.map { (luteal ?? 14) - $0 })
        put(self.mean(of: uterusPain, from: today - 6, through: today))

        // Symptom blocks.
        for kindIndex in TabularFeatureBuilder.symptomKinds.indices {
            let values = symptomValues[kindIndex]
            put(today >= 0 && today < dayCount ? values[today] : .nan)
            let mean3 = self.mean(of: values, from: today - 2, through: today)
            put(mean3)
            put(self.mean(of: values, from: today - 6, through: today))
            put(slope(of: values, from: today - 6, through: today))
            let baseline = self.mean(of: values, from: today - 59, through: today)
            put(mean3.isNaN || baseline.isNaN ? Float.nan : mean3 - baseline)
        }
        // Energy drop: last 3 days against the 7 days before them.
        let energy = symptomValues[0]
        let recent = self.mean(of: energy, from: today - 2, through: today), before = self.mean(of: energy, from: today - 9, through: today - 3)
        put(recent.isNaN || before.isNaN ? Float.nan : recent - before)
        // Well-being (energy, mood, sleep together) against this cycle's days 4 … today − 4,
        // against the last 60 days, and the user's own premenstrual dip in past cycles.
        let cycleOffset = lastStart.map { firstDay.distance(to: $0) }
        let cycleReference = cycleOffset.map { self.mean(of: wellbeing, from: $0 + 3, through: today - 4) } ?? .nan
        for window in [3, 5] {
            let recentWellbeing = self.mean(of: wellbeing, from: today - window + 1, through: today)
            put(recentWellbeing.isNaN || cycleReference.isNaN ? Float.nan : recentWellbeing - cycleReference)
        }
        let recentWellbeing5 = self.mean(of: wellbeing, from: today - 4, through: today)
        let wellbeingBaseline = self.mean(of: wellbeing, from: today - 59, through: today)
        put(recentWellbeing5.isNaN || wellbeingBaseline.isNaN ? Float.nan : recentWellbeing5 - wellbeingBaseline)
        put(premenstrualDrop(knownStartCount: knownCount))
        putReferenceDeviations(today: today, knownStartCount: knownCount) { put($0) }
        // Logging.
        var loggedDays = 0
        for index in max(0, today - 13)...max(0, today) where index < dayCount && logged[index] { loggedDays += 1 }
        put(Float(14 - loggedDays) / 14)
        var sinceLog: Float = .nan
        var index = min(today, dayCount - 1)
        while index >= 0 { if logged[index] { sinceLog = Float(today - index); break }; index -= 1 }
        put(sinceLog)
        var symptomDays = 0
        for index in max(0, today - 27)...max(0, today) where index < dayCount && symptomLogged[index] { symptomDays += 1 }
        put(Float(symptomDays) / 28)
        assert(position == TabularFeatureBuilder.featureCount)
    }

    /// The well-being of the last 1 … 5 days against the user's reference level
    /// (days −90 … −6 outside menses days 1–3 and the 6 days before each known start), that
    /// level's SD, and the mean gap of the 5 days before past starts: a personal, noise-aware
    /// premenstrual-dip detector.
    func putReferenceDeviations(today: Int, knownStartCount: Int, put: (Float) -> Void) {
        var total: Float = 0, squares: Float = 0, count = 0
        let low = max(0, today - 90), high = min(dayCount - 1, today - 6)
        if low <= high {
            var startIndex = 0
            for index in low...high {
                while startIndex < knownStartCount && firstDay.distance(to: starts[startIndex]) + 2 < index { startIndex += 1 }
                // Masked: within 3 days after a start, or within 6 days before the next known start.
                var masked = false
                if startIndex < knownStartCount {
                    let offset = firstDay.distance(to: starts[startIndex])
                    masked = (index >= offset && index <= offset + 2) || (index >= offset - 6 && index < offset)
                }
                let value = wellbeing[index]
                if masked || value.isNaN { continue }
                total += value; squares += value * value; count += 1
            }
        }
        let reference: Float = count >= 6 ? total / Float(count) : .nan
        for days in 1...5 {
            let recent = mean(of: wellbeing, from: today - days + 1, through: today)
            put(recent.isNaN || reference.isNaN ? .nan : recent - reference)
        }
        put(count >= 6 ? max(0, squares / Float(count) - reference * reference).squareRoot() : .nan)
        putWellbeingPeak(today: today, knownStartCount: knownStartCount, put: put)
        var gap: Float = 0, gaps = 0
        if !reference.isNaN, knownStartCount >= 2 {
            for i in max(1, knownStartCount - 6)..<knownStartCount {
                let end = firstDay.distance(to: starts[i])
                let before = mean(of: wellbeing, from: end - 5, through: end - 1)
                if !before.isNaN { gap += before - reference; gaps += 1 }
            }
        }
        put(gaps > 0 ? gap / Float(gaps) : .nan)
    }

    /// Days since this cycle's highest 3-day well-being (from cycle day 4; it peaks around
    /// ovulation), that peak against the cycle's mean, and this cycle's stress against the last
    /// 60 days (stress can delay ovulation).
    func putWellbeingPeak(today: Int, knownStartCount: Int, put: (Float) -> Void) {
        guard knownStartCount > 0 else { put(.nan); put(.nan); put(.nan); return }
        let cycleOffset = firstDay.distance(to: starts[knownStartCount - 1])
        var best: Float = -.infinity, bestIndex = -1
        if cycleOffset + 5 <= today {
            for index in (cycleOffset + 5)...today {
                let value = mean(of: wellbeing, from: index - 2, through: index)
                if !value.isNaN && value > best { best = value; bestIndex = index }
            }
        }
        let cycleMean = mean(of: wellbeing, from: cycleOffset + 3, through: today)
        put(bestIndex >= 0 ? Float(today - bestIndex) : .nan)
        put(bestIndex >= 0 && !cycleMean.isNaN ? best - cycleMean : .nan)
        let stress = symptomValues[3]
        let cycleStress = mean(of: stress, from: cycleOffset, through: today), recentStress = mean(of: stress, from: today - 59, through: today)
        put(cycleStress.isNaN || recentStress.isNaN ? .nan : cycleStress - recentStress)
    }

    /// Mean over the last (up to 6) complete cycles of the well-being in the 5 days before each
    /// start minus that cycle's days 6 … length − 8; `nan` when no cycle has both.
    func premenstrualDrop(knownStartCount: Int) -> Float {
        guard knownStartCount >= 2 else { return .nan }
        var total: Float = 0, counted = 0
        for i in max(1, knownStartCount - 6)..<knownStartCount {
            let start = firstDay.distance(to: starts[i - 1]), end = firstDay.distance(to: starts[i])
            let before = mean(of: wellbeing, from: end - 5, through: end - 1)
            let reference = mean(of: wellbeing, from: start + 5, through: end - 8)
            if !before.isNaN && !reference.isNaN { total += before - reference; counted += 1 }
        }
        return counted > 0 ? total / Float(counted) : .nan
    }

    /// The last day with one-sided ovary pain in `[start + 5, end)` (skipping the menses).
    func lastOvaryPain(from start: CalendarDay, before end: CalendarDay) -> CalendarDay? {
        let lower = max(0, firstDay.distance(to: start) + 5), upper = min(dayCount, firstDay.distance(to: end))
        guard lower < upper else { return nil }
        for index in stride(from: upper - 1, through: lower, by: -1) where ovaryPain[index] {
            return firstDay.advanced(by: index)
        }
        return nil
    }

    func mean(of values: [Float], from lower: Int, through upper: Int) -> Float {
        var total: Float = 0, count = 0
        let low = max(0, lower), high = min(dayCount - 1, upper)
        guard low <= high else { return .nan }
        for index in low...high where !values[index].isNaN { total += values[index]; count += 1 }
        return count > 0 ? total / Float(count) : .nan
    }

    func slope(of values: [Float], from lower: Int, through upper: Int) -> Float {
        var xs: [Float] = [], ys: [Float] = []
        let low = max(0, lower), high = min(dayCount - 1, upper)
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
