import Foundation

/// One day's log-likelihood of this cycle's fertility signals per ovulation day, with each
/// signal's per-cycle nuisances (surge onset and pattern, mucus peak offset and onset, temperature
/// rise, delay and flat cycles) summed out: `_SignalLikelihood`'s accumulators read on cycle day
/// `today`.
///
/// An ovulation day more than `farDays` after today leaves every reading in the infertile,
/// pre-surge, pre-rise phase whatever the nuisances: its log-likelihood is the one without
/// ovulation, so only the days up to today + `farDays` are computed.
struct _SignalLogLikelihood {
    /// Days after today from which every hypothesis reads the signals as no ovulation does.
    static let farDays = 12

    /// log P(pattern) of each LH surge pattern (uniform).
    private static let lhPatternLog = log(1 / Double(_SignalLikelihood.lhPatterns.count))
    /// log(P(the surge is seen) · P(onset)) per surge onset.
    private static let lhOnsetLogs = _SignalLikelihood.lhOnsetProbabilities.map { log(_SignalLikelihood.lhDetection * $0) }
    /// log P(the surge is missed).
    private static let lhMissedLog = log(1 - _SignalLikelihood.lhDetection)
    /// log P(onset) of each mucus onset (uniform).
    private static let mucusOnsetLog = log(1 / Double(_SignalLikelihood.mucusOnsets.count))
    /// log P(peak seen), log P(peak missed).
    private static let mucusPeakFlagLogs = [log(1 - _SignalLikelihood.mucusMissedPeakShare), log(_SignalLikelihood.mucusMissedPeakShare)]
    /// log P(offset) per mucus peak offset.
    private static let mucusPeakOffsetLogs = _SignalLikelihood.mucusPeakOffsetProbabilities.map(log)

    /// The log-likelihood of a cycle without ovulation.
    let anovulatory: Double
    private let byOvulationDay: [Double]

    init(_ likelihood: _SignalLikelihood, cycleDay today: Int) {
        typealias L = _SignalLikelihood
        let maxDay = L.maxCycleDay
        let near = min(maxDay, today + _SignalLogLikelihood.farDays)
        var byDay = [Double](repeating: 0, count: maxDay + 1)
        var anovulatory = 0.0
        if likelihood.lhTestCount > 0 {
            let patternLog = _SignalLogLikelihood.lhPatternLog
            let width = L.lhPatterns.count
            let bySurge = (0...near).map { surge in
                var sum = _LogSum()
                for value in likelihood.lhBySurge[(surge * width)..<((surge + 1) * width)] { sum.add(value + patternLog) }
                return sum.value
            }
            let onsetLogs = _SignalLogLikelihood.lhOnsetLogs
            let unseen = _SignalLogLikelihood.lhMissedLog + likelihood.lhWithoutSurge
            for day in 1...near {
                var sum = _LogSum()
                sum.add(unseen)
                for (index, onset) in L.lhOnsets.enumerated() {
                    let surge = day + onset
                    sum.add(onsetLogs[index] + ((1...near).contains(surge) ? bySurge[surge] : likelihood.lhWithoutSurge))
                }
                byDay[day] += sum.value
            }
            anovulatory += likelihood.lhWithoutSurge
        }
        if likelihood.mucusCount > 0 {
            let onsetLog = _SignalLogLikelihood.mucusOnsetLog
            let flags = _SignalLogLikelihood.mucusPeakFlagLogs
            let width = L.mucusRowWidth
            let byPeak = (0...near).map { peak in
                var sum = _LogSum()
                for index in 0..<width { sum.add(likelihood.mucusByPeak[peak * width + index] + onsetLog + flags[index % 2]) }
                return sum.value
            }
            let offsetLogs = _SignalLogLikelihood.mucusPeakOffsetLogs
            for day in 1...near {
                var sum = _LogSum()
                for (index, offset) in L.mucusPeakOffsets.enumerated() {
                    let peak = day + offset
                    sum.add(offsetLogs[index] + ((1...near).contains(peak) ? byPeak[peak] : likelihood.mucusWithoutPeak))
                }
                byDay[day] += sum.value
            }
            anovulatory += likelihood.mucusWithoutPeak
        }
        for (readings, shift) in [(likelihood.basal, L.basalShift), (likelihood.wrist, L.wristShift)] where readings.count > 0 {
            let temperature = _TemperatureShiftModel(readings: readings, through: today, parameters: shift)
            for day in 1...near { byDay[day] += temperature.logLikelihood(ovulationDay: day) }
            anovulatory += temperature.flat
        }
        for day in (near + 1)..<byDay.count { byDay[day] = anovulatory }
        self.byOvulationDay = byDay
        self.anovulatory = anovulatory
    }

    /// The log-likelihood of ovulation on cycle day `day`.
    func ovulatory(_ day: Int) -> Double { byOvulationDay[day] }
}
