import Cycles
import Foundation
import TensorCore

/// Simulates one generated user's fertility-signal measurements (`CohortConfig.SignalParameters`)
/// from her latent cycles, on its own random stream: the flow and symptom logs drawn by
/// `_UserSimulator` do not depend on whether, or how, signals are generated.
///
/// Nothing is logged on the days of her logging gaps, before the window or after it. Anovulatory
/// cycles give no true LH surge (false or tonic positives only), no temperature rise and no mucus
/// peak.
struct _SignalSimulator {
    let parameters: CohortConfig.SignalParameters
    let window: Range<CalendarDay>
    /// Days of the window on which the user logs nothing (`_UserSimulator.silentDays`).
    let silent: [Bool]
    /// Her usual cycle length (the rounded personal mean): where an LH kit tells her to start.
    let usualLength: Int

    /// Salt mixed into the user's generator (`SeededGenerator.split`) for the signal stream.
    static let streamSalt: UInt64 = 0x5349_474E_414C_53 // "SIGNALS"

    /// Daily cervical-mucus quality probabilities on the method's five-step scale (`CervicalMucus`
    /// order: t, Ø, f, S, S+) by position relative to the cycle's peak day [assumption, shaped like
    /// the emission table of Symul et al. 2019's hidden semi-Markov model (low/high oestrogen,
    /// ovulation, progesterone phases)].
    enum MucusTable {
        /// After menses, before the fertile-type onset; and every day of an anovulatory cycle.
        static let infertile = [0.40, 0.45, 0.15, 0.0, 0.0]
        /// From the onset to three days before the peak.
        static let rising = [0.02, 0.08, 0.30, 0.50, 0.10]
        /// The two days before the peak.
        static let nearPeak = [0.0, 0.0, 0.10, 0.35, 0.55]
        /// The peak day.
        static let peak = [0.0, 0.0, 0.0, 0.0, 1.0]
        /// The three days after the peak.
        static let afterPeak = [0.15, 0.25, 0.35, 0.25, 0.0]
        /// Later luteal days.
        static let luteal = [0.35, 0.40, 0.20, 0.05, 0.0]
    }

    func simulate(cycles: [_UserSimulator.LatentCycle], using g: inout SeededGenerator) -> [DayMeasurements] {
        var days = [DayMeasurements?](repeating: nil, count: window.count)
        func record(_ day: CalendarDay, _ update: (inout DayMeasurements) -> Void) {
            guard window.contains(day) else { return }
            let offset = window.lowerBound.distance(to: day)
            guard !silent[offset] else { return }
            var value = days[offset] ?? DayMeasurements(date: day)
            update(&value)
            days[offset] = value
        }
        // Personas and per-user parameters first, always drawn, so that one knob does not move the
        // draws of another signal.
        let lh = parameters.lhTest, bbt = parameters.basalBodyTemperature
        let wrist = parameters.wristTemperature, mucus = parameters.cervicalMucus
        let persona = g.nextUniform()
        let lhTestRate = persona < lh.everyCycleShare ? lh.everyCycleTestRate
            : (persona < lh.everyCycleShare + lh.someCyclesShare ? lh.someCyclesTestRate : 0)
        let lhAdherence = g.nextUniform(in: lh.dayAdherence.low, lh.dayAdherence.high)
        let takesBBT = g.nextBernoulli(bbt.userShare)
        let bbtRate = g.nextUniform(in: bbt.dayLogRate.low, bbt.dayLogRate.high)
        let bbtBaseline = g.nextNormal(mean: bbt.baselineMean, standardDeviation: bbt.baselineDeviation)
        let bbtNoise = g.nextUniform(in: bbt.noiseDeviation.low, bbt.noiseDeviation.high)
        let wearsWatch = g.nextBernoulli(wrist.userShare)
        let availability = g.nextUniform(in: wrist.nightAvailability.low, wrist.nightAvailability.high)
        let wristNoise = g.nextUniform(in: wrist.noiseDeviation.low, wrist.noiseDeviation.high)
        let chartsMucus = g.nextBernoulli(mucus.userShare)
        let mucusRate = g.nextUniform(in: mucus.dayLogRate.low, mucus.dayLogRate.high)

        if lhTestRate > 0 {
            for cycle in cycles where g.nextBernoulli(lhTestRate) {
                lhTests(in: cycle, adherence: lhAdherence, using: &g).forEach { day, result in
                    record(day) { $0.lhTest = result; $0.sources[.lhTest] = lh.source }
                }
            }
        }
        if takesBBT {
            for cycle in cycles {
                let raised = raisedDays(in: cycle, flatRate: bbt.flatCycleRate, using: &g) { g in
                    (Double(_UserSimulator.wholeDays(bbt.shiftDelayDays, using: &g)),
                     max(0, g.nextNormal(mean: bbt.shiftMean, standardDeviation: bbt.shiftDeviation)))
                }
                for cycleDay in 1...cycle.length {
                    var level = bbtBaseline + raised(cycleDay) + g.nextNormal(mean: 0, standardDeviation: bbtNoise)
                    // Drawn every day, so that the knob moves no other draw.
                    let disturbed = g.nextBernoulli(bbt.disturbedReadingRate)
                    let offset = g.nextUniform(in: bbt.disturbedOffset.low, bbt.disturbedOffset.high)
                    guard g.nextBernoulli(bbtRate) else { continue }
                    if disturbed { level += offset }
                    let value = _SignalSimulator.stored(level, as: .basalBodyTemperature)
                    record(cycle.start.advanced(by: cycleDay - 1)) {
                        $0.basalBodyTemperature = value
                        $0.sources[.basalBodyTemperature] = bbt.source
                        if disturbed { $0.disturbed.insert(.basalBodyTemperature) }
                    }
                }
            }
        }
        if wearsWatch {
            // Nights off follow a two-state chain: leave "worn" with p_out, come back with p_in,
            // so that the stationary share of worn nights is `availability`.
            let comeBack = 1 / wrist.meanGapNights
            let leave = comeBack * (1 - availability) / availability
            let offset = 0.45 * wrist.shift.middle // her baseline averages over follicular and luteal nights
            var worn = true, wornNights = 0
            for cycle in cycles {
                let raised = raisedDays(in: cycle, flatRate: wrist.flatCycleRate, using: &g) { g in
                    (g.nextNormal(mean: wrist.shiftOnsetMean, standardDeviation: wrist.shiftOnsetDeviation).rounded(),
                     g.nextUniform(in: wrist.shift.low, wrist.shift.high))
                }
                for cycleDay in 1...cycle.length {
                    let day = cycle.start.advanced(by: cycleDay - 1)
                    let level = raised(cycleDay) - offset + g.nextNormal(mean: 0, standardDeviation: wristNoise)
                    worn = worn ? !g.nextBernoulli(leave) : g.nextBernoulli(comeBack)
                    guard worn, window.contains(day) else { continue }
                    wornNights += 1
                    guard wornNights > wrist.baselineNights else { continue }
                    let value = _SignalSimulator.stored(level, as: .wristTemperature)
                    record(day) { $0.wristTemperature = value; $0.sources[.wristTemperature] = wrist.source }
                }
            }
        }
        if chartsMucus {
            for cycle in cycles {
                let table = mucusTable(for: cycle, using: &g)
                for cycleDay in (cycle.mensesLength + 1)..<(cycle.length + 1) {
                    let category = CervicalMucus(rawValue: _SignalSimulator.draw(table(cycleDay), using: &g))!
                    guard g.nextBernoulli(mucusRate) else { continue }
                    record(cycle.start.advanced(by: cycleDay - 1)) { $0.cervicalMucus = category; $0.sources[.cervicalMucus] = mucus.source }
                }
            }
        }
        return days.compactMap { $0 }
    }

    /// The LH tests of one tested cycle, by day: from her start day (the later of
    /// `firstTestDay` and her usual ovulation − `daysBeforeUsualOvulation`), on each day with
    /// probability `adherence`, until her tests are used or the day after her first positive.
    func lhTests(in cycle: _UserSimulator.LatentCycle, adherence: Double,
                 using g: inout SeededGenerator) -> [(CalendarDay, LHTestResult)] {
        let lh = parameters.lhTest
        let budget = _UserSimulator.wholeDays(lh.testDays, using: &g)
        // The true surge, by cycle day.
        var surge: [Int: LHTestResult] = [:]
        var surgeStart: Int?
        if let ovulation = cycle.follicularLength, g.nextBernoulli(lh.surgeDetectionRate) {
            let first = ovulation + Int(g.nextNormal(mean: lh.surgeOnsetMean, standardDeviation: lh.surgeOnsetDeviation).rounded())
            let length = _UserSimulator.wholeDays(lh.surgeDays, using: &g)
            let readings: [LHTestResult] = length == 1 ? [.peak] : (length == 2 ? [.positive, .peak] : [.positive, .peak, .positive])
            for (index, reading) in readings.prefix(length).enumerated() { surge[first + index] = reading }
            surgeStart = first
        }
        let start = max(lh.firstTestDay, usualLength - 14 - lh.daysBeforeUsualOvulation)
        var falsePositive: Int?
        let lastEarly = (surgeStart ?? cycle.follicularLength ?? cycle.length) - 3
        if g.nextBernoulli(lh.falsePositiveRate), lastEarly >= start {
            falsePositive = start + g.nextInt(below: lastEarly - start + 1)
        }
        var tests: [(CalendarDay, LHTestResult)] = []
        var firstPositive: Int?
        var cycleDay = start
        while cycleDay < cycle.length, tests.count < budget {
            if let positive = firstPositive, cycleDay > positive + 1 { break }
            let tested = g.nextBernoulli(adherence)
            let tonic = g.nextBernoulli(lh.tonicPositiveRate)
            if tested {
                let result = surge[cycleDay] ?? (cycleDay == falsePositive || tonic ? .positive : .negative)
                tests.append((cycle.start.advanced(by: cycleDay - 1), result))
                if result.isSurge, firstPositive == nil { firstPositive = cycleDay }
            }
            cycleDay += 1
        }
        return tests
    }

    /// The temperature rise of one cycle as a function of the cycle day: 0 before the first raised
    /// day, half the rise on it, the whole rise after it (to the cycle's last day); 0 throughout
    /// for an anovulatory or flat cycle. `draw` gives (first raised day relative to ovulation, rise).
    func raisedDays(in cycle: _UserSimulator.LatentCycle, flatRate: Double, using g: inout SeededGenerator,
                    draw: (inout SeededGenerator) -> (Double, Double)) -> (Int) -> Double {
        let flat = g.nextBernoulli(flatRate)
        let (onset, rise) = draw(&g)
        guard let ovulation = cycle.follicularLength, !flat else { return { _ in 0 } }
        let first = ovulation + Int(onset)
        return { day in day < first ? 0 : (day == first ? rise / 2 : rise) }
    }

    /// The mucus category probabilities of one cycle by cycle day (`MucusTable`).
    func mucusTable(for cycle: _UserSimulator.LatentCycle, using g: inout SeededGenerator) -> (Int) -> [Double] {
        let mucus = parameters.cervicalMucus
        let missed = g.nextBernoulli(mucus.missedPeakRate)
        let offset = Int(g.nextNormal(mean: mucus.peakOffsetMean, standardDeviation: mucus.peakOffsetDeviation).rounded())
        let onsetDays = _UserSimulator.wholeDays(mucus.fertileOnsetDays, using: &g)
        guard let ovulation = cycle.follicularLength else { return { _ in MucusTable.infertile } }
        let peak = min(max(ovulation + offset, cycle.mensesLength + 1), cycle.length)
        let onset = peak - onsetDays
        return { day in
            let table: [Double]
            switch day - peak {
            case ..<(onset - peak): table = MucusTable.infertile
            case ...(-3): table = MucusTable.rising
            case -2 ... -1: table = MucusTable.nearPeak
            case 0: table = MucusTable.peak
            case 1...3: table = MucusTable.afterPeak
            default: table = MucusTable.luteal
            }
            // A missed peak: the cycle's S+ days read S.
            return missed ? [table[0], table[1], table[2], table[3] + table[4], 0] : table
        }
    }

    /// A temperature as the schema stores it: two decimals, inside the kind's plausible range.
    static func stored(_ celsius: Double, as kind: MeasurementKind) -> Double {
        let range = kind.plausibleRange
        return min(max(DayMeasurements.rounded(celsius), range.lowerBound), range.upperBound)
    }

    /// An index drawn with the given probabilities (summing to 1).
    static func draw(_ probabilities: [Double], using g: inout SeededGenerator) -> Int {
        var pick = g.nextUniform()
        for (index, probability) in probabilities.enumerated() {
            if pick < probability { return index }
            pick -= probability
        }
        return probabilities.lastIndex { $0 > 0 } ?? 0
    }
}
