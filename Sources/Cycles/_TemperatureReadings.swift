/// One temperature signal's readings for `_SignalLikelihood`: this cycle's by cycle day, and her
/// baseline readings (cycle days `_SignalLikelihood.baselineCycleDays`) over all her cycles.
struct _TemperatureReadings: Sendable, Equatable {
    /// This cycle's readings by cycle day (`nil` when none).
    private(set) var values = [Double?](repeating: nil, count: _SignalLikelihood.maxCycleDay + 1)
    /// This cycle's readings, counted.
    private(set) var count = 0
    /// Her baseline readings over all cycles: sum and count.
    private(set) var baselineSum = 0.0, baselineCount = 0

    /// Adds a reading taken on `cycleDay` (1 ... `_SignalLikelihood.maxCycleDay`).
    mutating func observe(_ value: Double, cycleDay: Int) {
        values[cycleDay] = value
        count += 1
        if _SignalLikelihood.baselineCycleDays.contains(cycleDay) { baselineSum += value; baselineCount += 1 }
    }

    /// Forgets this cycle's readings; her baseline readings stay.
    mutating func startCycle() {
        values = [Double?](repeating: nil, count: values.count)
        count = 0
    }

    /// Her baseline's mean and variance: her baseline readings when she has three (plus the
    /// cycle-to-cycle drift), the signal's population prior before.
    func baseline(_ shift: _TemperatureShiftModel.Parameters) -> (mean: Double, variance: Double) {
        guard baselineCount >= 3 else { return (shift.priorMean, shift.priorDeviation * shift.priorDeviation) }
        let drift = _SignalLikelihood.baselineDriftDeviation
        return (baselineSum / Double(baselineCount), drift * drift + shift.noise * shift.noise / Double(baselineCount))
    }
}
