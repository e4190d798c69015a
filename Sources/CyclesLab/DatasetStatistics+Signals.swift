import Cycles
extension DatasetStatistics {
    /// Fertility-signal statistics against the truth's ovulation days (keys `signals.*`, the rows
    /// of `ReferenceStatistics.signalRows`). A statistic is left out when no cycle qualifies
    /// (e.g. no user takes her temperature).
    ///
    /// - LH: `surge_seen_share`, among ovulatory cycles whose tests spanned the surge (a test on
    ///   or before ovulation − 2 and one on or after ovulation, or a positive within ovulation −
    ///   3 … + 1), the share with a positive within ovulation − 3 … + 1;
    ///   `first_positive_offset_mean` and `first_positive_within_share`: the cycle's first
    ///   positive (or peak) minus ovulation, its mean and the share within −2 … 0 d, over
    ///   ovulatory cycles with a positive.
    /// - BBT, per ovulatory cycle with ≥ 3 readings on follicular days (cycle day 5 to ovulation
    ///   − 1) and ≥ 3 on luteal days (ovulation + 4 to two days before the next start): the
    ///   shift = luteal mean − follicular mean (readings marked disturbed left out). `flat_share`: shifts below 0.1 °C;
    ///   `shift_mean`/`shift_sd`: over the others; `follicular_sd`: pooled within-cycle SD of the
    ///   follicular readings; `day_share`: per BBT user, days with a reading over the days from
    ///   her first to her last, averaged.
    /// - Wrist temperature: the same shift with luteal nights from ovulation + 3;
    ///   `shift_share` (≥ 0.1 °C), `shift_mean` over those; `night_share` as BBT's `day_share`.
    /// - BBT and the method's rules: `disturbed_share`, the share of readings marked disturbed;
    ///   `exception_share`, among the rises the temperature rules confirm (`TemperatureShift`, read
    ///   day by day through `CycleSignalState`), the share confirmed by an exception rule.
    /// - Mucus, per ovulatory cycle with ≥ 5 charted days: `peak_cycle_share`, the share with an
    ///   S+ day; the peak (the last S+ day) minus ovulation: `peak_offset_mean` and
    ///   `peak_within_share` (within ±2 d).
    static func signalStatistics(_ dataset: CycleDataset, truth: [String: [CycleTruth]], into result: inout [String: Double]) {
        var lhSpanned = 0.0, lhSeen = 0.0, lhOffsets: [Double] = []
        var bbtShifts: [Double] = [], bbtSquares = 0.0, bbtDegrees = 0.0, bbtDayShares: [Double] = []
        var wristShifts: [Double] = [], wristNightShares: [Double] = []
        var mucusCycles = 0.0, mucusPeaks: [Double] = []
        var readings = 0.0, disturbed = 0.0, rises = 0.0, exceptions = 0.0

        for user in dataset.users where !user.measurements.isEmpty {
            var byDate: [CalendarDay: DayMeasurements] = [:]
            for day in user.measurements { byDate[day.date] = day }
            for kind in [MeasurementKind.basalBodyTemperature, .wristTemperature] {
                let dates = user.measurements.filter { $0.value(of: kind) != nil }.map(\.date)
                guard let first = dates.first, let last = dates.last, first < last else { continue }
                let share = Double(dates.count) / Double(first.distance(to: last) + 1)
                if kind == .basalBodyTemperature { bbtDayShares.append(share) } else { wristNightShares.append(share) }
            }
            let basal = user.measurements.filter { $0.basalBodyTemperature != nil }
            readings += Double(basal.count)
            disturbed += Double(basal.filter { $0.disturbed.contains(.basalBodyTemperature) }.count)
            if !basal.isEmpty {
                for shift in confirmedRises(user) {
                    rises += 1
                    if shift.rule != .regular { exceptions += 1 }
                }
            }
            let rows = (truth[user.userID] ?? []).sorted { $0.cycleStart < $1.cycleStart }
            for (index, row) in rows.enumerated() {
                guard let ovulation = row.ovulationDate else { continue }
                let end = index + 1 < rows.count ? rows[index + 1].cycleStart.advanced(by: -1) : nil
                func days(_ from: CalendarDay, _ to: CalendarDay) -> [DayMeasurements] {
                    from <= to ? (from...to).compactMap { byDate[$0] } : []
                }
                let cycleEnd = end ?? ovulation.advanced(by: 3)
                let cycleDays = days(row.cycleStart, cycleEnd)

                // LH tests.
                let tests = cycleDays.compactMap { day in day.lhTest.map { (day.date, $0) } }
                if !tests.isEmpty {
                    let seen = tests.contains { date, result in result.isSurge && (-3...1).contains(ovulation.distance(to: date)) }
                    let spanned = tests.contains { ovulation.distance(to: $0.0) <= -2 } && tests.contains { ovulation.distance(to: $0.0) >= 0 }
                    if seen || spanned {
                        lhSpanned += 1
                        if seen { lhSeen += 1 }
                    }
                    if let first = tests.first(where: { $0.1.isSurge }) { lhOffsets.append(Double(ovulation.distance(to: first.0))) }
                }

                // Temperatures: needs the cycle's end.
                if let end {
                    let follicular = days(row.cycleStart.advanced(by: 4), ovulation.advanced(by: -1))
                    let bbtFollicular = follicular.compactMap(\.usableBasalTemperature)
                    let bbtLuteal = days(ovulation.advanced(by: 4), end.advanced(by: -1)).compactMap(\.usableBasalTemperature)
                    if bbtFollicular.count >= 3, bbtLuteal.count >= 3, let f = mean(bbtFollicular), let l = mean(bbtLuteal) {
                        bbtShifts.append(l - f)
                        bbtSquares += bbtFollicular.reduce(0) { $0 + ($1 - f) * ($1 - f) }
                        bbtDegrees += Double(bbtFollicular.count - 1)
                    }
                    let wristFollicular = follicular.compactMap(\.wristTemperature)
                    let wristLuteal = days(ovulation.advanced(by: 3), end.advanced(by: -1)).compactMap(\.wristTemperature)
                    if wristFollicular.count >= 3, wristLuteal.count >= 3, let f = mean(wristFollicular), let l = mean(wristLuteal) {
                        wristShifts.append(l - f)
                    }
                }

                // Mucus.
                let charted = cycleDays.filter { $0.cervicalMucus != nil }
                if charted.count >= 5, end != nil {
                    mucusCycles += 1
                    if let peak = charted.last(where: { $0.cervicalMucus == .eggWhite }) {
                        mucusPeaks.append(Double(ovulation.distance(to: peak.date)))
                    }
                }
            }
        }

        if lhSpanned > 0 { result["signals.lh.surge_seen_share"] = lhSeen / lhSpanned }
        if !lhOffsets.isEmpty {
            result["signals.lh.first_positive_offset_mean"] = mean(lhOffsets)
            result["signals.lh.first_positive_within_share"] = Double(lhOffsets.filter { (-2...0).contains($0) }.count) / Double(lhOffsets.count)
        }
        if !bbtShifts.isEmpty {
            let raised = bbtShifts.filter { $0 >= 0.1 }
            result["signals.bbt.flat_share"] = Double(bbtShifts.count - raised.count) / Double(bbtShifts.count)
            result["signals.bbt.shift_mean"] = mean(raised)
            result["signals.bbt.shift_sd"] = standardDeviation(raised)
        }
        if bbtDegrees > 0 { result["signals.bbt.follicular_sd"] = (bbtSquares / bbtDegrees).squareRoot() }
        if readings > 0 { result["signals.bbt.disturbed_share"] = disturbed / readings }
        if rises > 0 { result["signals.bbt.exception_share"] = exceptions / rises }
        result["signals.bbt.day_share"] = mean(bbtDayShares)
        if !wristShifts.isEmpty {
            let raised = wristShifts.filter { $0 >= 0.1 }
            result["signals.wrist.shift_share"] = Double(raised.count) / Double(wristShifts.count)
            result["signals.wrist.shift_mean"] = mean(raised)
        }
        result["signals.wrist.night_share"] = mean(wristNightShares)
        if mucusCycles > 0 { result["signals.mucus.peak_cycle_share"] = Double(mucusPeaks.count) / mucusCycles }
        if !mucusPeaks.isEmpty {
            result["signals.mucus.peak_offset_mean"] = mean(mucusPeaks)
            result["signals.mucus.peak_within_share"] = Double(mucusPeaks.filter { abs($0) <= 2 }.count) / Double(mucusPeaks.count)
        }
    }

    /// The rises the method's temperature rules confirm in `user`'s cycles, one per cycle, read
    /// day by day as the app would.
    static func confirmedRises(_ user: UserHistory) -> [TemperatureShift] {
        guard let first = user.records.first?.date, let last = user.records.last?.date else { return [] }
        var byDate: [CalendarDay: DayMeasurements] = [:]
        for day in user.measurements { byDate[day.date] = day }
        let starts = Set(user.periodStarts)
        var signals = CycleSignalState()
        var found: [TemperatureShift] = []
        var day = min(first, user.measurements.first?.date ?? first)
        let end = max(last, user.measurements.last?.date ?? last)
        while day <= end {
            if starts.contains(day), let shift = signals.temperatureShift { found.append(shift) }
            signals.advance(to: day, measurements: byDate[day], periodStarted: starts.contains(day))
            day = day.advanced(by: 1)
        }
        if let shift = signals.temperatureShift { found.append(shift) }
        return found
    }
}
