import Foundation

/// The likelihood of one cycle's fertility signals under each hypothesis of its ovulation day,
/// accumulated reading by reading (`CycleSignalState` feeds it; `OvulationPosterior` reads it).
///
/// Every figure below is a published one (`Datasets/REFERENCE-STATISTICS.md`, "Ovulation
/// evidence rules", and the sources it names), never a constant read from the generator:
/// - **LH tests**: a surge is seen in 90 % of ovulatory cycles (no surge in 10.4 %, Johnson 2018;
///   a monitor "Peak" in 91.2 % of Marquette cycles); it starts 2 d before ovulation to the day
///   after it, most often the day before (LH rise → ovulation 32 h, peak → ovulation 16.5 h, WHO
///   1980; urinary peak → ovulation +0.46 d, Ecochard 2001) and reads [peak], [positive, peak] or
///   [positive, peak, positive]; a surge reading outside it is an early false positive (a false
///   surge before ovulation in up to 31 % of cycles, Leiva 2017: `lhFalsePositivePerDay`) or a
///   misread.
/// - **Temperatures** (BBT, a wearable's wrist deviation): readings are her baseline plus a rise
///   from the first raised day on (half of it on that day for BBT) plus day noise; the rise's size,
///   its delay after ovulation and the share of cycles without one are summed out (BBT rise
///   0.30 ± 0.13 °C from 1–3 d after ovulation, noise SD 0.10–0.14 °C, ≈ 20 % flat — Natural
///   Cycles, Bauman 1981, Prior 1990; wrist rise 0.2–0.35 °C on or after ovulation in 86 % of
///   cycles, noise SD ≈ 0.125 °C, ≈ 15 % without a shift — Shilaih 2018, Wang 2025). Her baseline
///   is the mean of her readings on cycle days 1–7 (all her cycles) with its uncertainty, a broad
///   population prior before; her day noise is read from her own day-to-day differences, pooled
///   with the population's (`_TemperatureReadings.noise`).
/// - **Cervical mucus** (the method's five-step scale): the peak (last S+ day) falls 0.3 d before
///   ovulation on average, 95 % within ±2 d (Hilgers 1978); the fertile mucus starts 3–7 d before
///   it; the quality shares per phase are shaped like the charting apps' aggregates (Kindara,
///   Sympto) on the five steps [assumption], floored so that one misclassified day is never
///   impossible; 5 % of cycles show no S+ (their peak reads S).
/// - Readings she marked disturbed are left out, as the method brackets them.
struct _SignalLikelihood: Sendable, Equatable, Codable {
    /// Highest cycle day a hypothesis may place a surge, a mucus peak or ovulation on.
    static let maxCycleDay = 150
    // LH tests.
    static let lhDetection = 0.9
    static let lhFalsePositivePerDay = 0.03
    static let lhMisread = 0.01
    static let lhOnsets = -3...1
    static let lhOnsetProbabilities = [0.05, 0.25, 0.45, 0.2, 0.05]
    /// Surge readings by pattern: peak only, positive then peak, positive, peak, positive.
    static let lhPatterns: [[LHTestResult]] = [[.peak], [.positive, .peak], [.positive, .peak, .positive]]
    // Temperatures.
    static let basalShift = _TemperatureShiftModel.Parameters(
        rise: 0.30, riseDeviation: 0.13, noise: 0.12, flatShare: 0.2, delays: [1, 2, 3],
        delayProbabilities: [1, 1, 1].map { $0 / 3.0 }, priorMean: 36.3, priorDeviation: 0.3, halfFirstDay: true)
    static let wristShift = _TemperatureShiftModel.Parameters(
        rise: 0.275, riseDeviation: 0.045, noise: 0.125, flatShare: 0.15, delays: [-1, 0, 1, 2],
        delayProbabilities: [0.14, 0.3, 0.38, 0.18], priorMean: 0, priorDeviation: 0.3, halfFirstDay: false)
    /// Cycle-to-cycle drift of her temperature baseline.
    static let baselineDriftDeviation = 0.05
    /// Cycle days whose readings give her baseline.
    static let baselineCycleDays = 1...7
    // Cervical mucus.
    static let mucusPeakOffsets = -4...3
    static let mucusPeakOffsetProbabilities = [0.01, 0.04, 0.14, 0.27, 0.31, 0.17, 0.05, 0.01]
    static let mucusOnsets = 3...7
    static let mucusMissedPeakShare = 0.05
    static let mucusFloor = 0.01
    /// Quality shares (t, Ø, f, S, S+) by phase: infertile, fertile onset, the two days before
    /// the peak, the peak, the three days after it, the luteal rest.
    static let mucusPhaseShares: [[Double]] = [
        [0.40, 0.45, 0.15, 0.0, 0.0], [0.02, 0.08, 0.30, 0.50, 0.10], [0.0, 0.0, 0.10, 0.35, 0.55],
        [0.0, 0.0, 0.0, 0.0, 1.0], [0.15, 0.25, 0.35, 0.25, 0.0], [0.35, 0.40, 0.20, 0.05, 0.0],
    ]
    /// log P(category | phase, missed peak) (`[missed ? 1 : 0][phase][category]`).
    static let mucusLog: [[[Double]]] = [false, true].map { missed in
        mucusPhaseShares.map { shares in
            var row = shares
            if missed { row = [row[0], row[1], row[2], row[3] + row[4], 0] }
            row = row.map { max($0, mucusFloor) }
            let total = row.reduce(0, +)
            return row.map { log($0 / total) }
        }
    }

    /// Per surge start day, per pattern (index cycle day · `lhPatterns.count` + pattern): the LH
    /// tests' log-likelihood. One flat table: a reading updates every row in place.
    private(set) var lhBySurge: [Double]
    /// The LH tests' log-likelihood without a surge (not seen, or no ovulation).
    private(set) var lhWithoutSurge = 0.0
    /// Per mucus peak day, per onset, per missed flag (index cycle day · `mucusRowWidth` + onset ·
    /// 2 + missed): the log-likelihood.
    private(set) var mucusByPeak: [Double]
    /// Entries of `mucusByPeak` per peak day.
    static let mucusRowWidth = mucusOnsets.count * 2
    /// The mucus log-likelihood of a cycle without ovulation (every day infertile).
    private(set) var mucusWithoutPeak = 0.0
    /// The temperature readings: BBT and the wearable's wrist deviation.
    private(set) var basal = _TemperatureReadings(), wrist = _TemperatureReadings()
    private(set) var lhTestCount = 0, mucusCount = 0

    private enum CodingKeys: String, CodingKey {
        case lhBySurge, lhWithoutSurge, mucusByPeak, mucusWithoutPeak, basal, wrist, lhTestCount, mucusCount
    }

    /// Encodes the per-day tables as packed bytes (`_PackedNumbers`), row after row.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(_PackedNumbers.data(lhBySurge), forKey: .lhBySurge)
        try container.encode(lhWithoutSurge, forKey: .lhWithoutSurge)
        try container.encode(_PackedNumbers.data(mucusByPeak), forKey: .mucusByPeak)
        try container.encode(mucusWithoutPeak, forKey: .mucusWithoutPeak)
        try container.encode(basal, forKey: .basal)
        try container.encode(wrist, forKey: .wrist)
        try container.encode(lhTestCount, forKey: .lhTestCount)
        try container.encode(mucusCount, forKey: .mucusCount)
    }

    /// Decodes what `encode(to:)` wrote.
    /// - Throws: `DecodingError` when a table does not hold `maxCycleDay + 1` rows.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let days = _SignalLikelihood.maxCycleDay + 1
        func rows(_ key: CodingKeys, width: Int) throws -> [Double] {
            try _PackedNumbers.values(try container.decode(Data.self, forKey: key), as: Double.self, count: days * width,
                                      codingPath: container.codingPath + [key])
        }
        lhBySurge = try rows(.lhBySurge, width: _SignalLikelihood.lhPatterns.count)
        lhWithoutSurge = try container.decode(Double.self, forKey: .lhWithoutSurge)
        mucusByPeak = try rows(.mucusByPeak, width: _SignalLikelihood.mucusRowWidth)
        mucusWithoutPeak = try container.decode(Double.self, forKey: .mucusWithoutPeak)
        basal = try container.decode(_TemperatureReadings.self, forKey: .basal)
        wrist = try container.decode(_TemperatureReadings.self, forKey: .wrist)
        lhTestCount = try container.decode(Int.self, forKey: .lhTestCount)
        mucusCount = try container.decode(Int.self, forKey: .mucusCount)
    }

    init() {
        lhBySurge = [Double](repeating: 0, count: (_SignalLikelihood.maxCycleDay + 1) * _SignalLikelihood.lhPatterns.count)
        mucusByPeak = [Double](repeating: 0, count: (_SignalLikelihood.maxCycleDay + 1) * _SignalLikelihood.mucusRowWidth)
    }

    /// Any reading this cycle.
    var hasReadings: Bool { lhTestCount + basal.count + wrist.count + mucusCount > 0 }

    /// Forgets this cycle's readings (her baselines stay).
    mutating func startCycle() {
        let temperatures = (basal, wrist)
        self = _SignalLikelihood()
        (basal, wrist) = temperatures
        basal.startCycle()
        wrist.startCycle()
    }

    /// Adds the day's readings, taken on `cycleDay` (1 on a start day).
    mutating func observe(_ measurements: DayMeasurements, cycleDay: Int) {
        guard (1..._SignalLikelihood.maxCycleDay).contains(cycleDay) else { return }
        if let result = measurements.lhTest { observe(lhTest: result, cycleDay: cycleDay) }
        if let category = measurements.cervicalMucus { observe(mucus: category, cycleDay: cycleDay) }
        if let value = measurements.usableBasalTemperature, value.isFinite { basal.observe(value, cycleDay: cycleDay) }
        if let value = measurements.usableWristTemperature, value.isFinite { wrist.observe(value, cycleDay: cycleDay) }
    }

    private mutating func observe(lhTest result: LHTestResult, cycleDay day: Int) {
        lhTestCount += 1
        let misread = _SignalLikelihood.lhMisread, falsePositive = _SignalLikelihood.lhFalsePositivePerDay
        func outside(early: Bool) -> Double {
            let positive = early ? falsePositive : misread
            switch result {
            case .negative: return log(1 - positive)
            case .positive: return log(positive)
            case .peak: return log(early ? falsePositive / 2 : misread)
            }
        }
        let early = outside(early: true), late = outside(early: false)
        let matches = log(1 - misread), differs = log(misread)
        lhWithoutSurge += early
        // Every surge day for every reading of the history: the table is updated in place.
        let patterns = _SignalLikelihood.lhPatterns
        lhBySurge.withUnsafeMutableBufferPointer { table in
            for start in 1..._SignalLikelihood.maxCycleDay {
                let position = day - start
                for (index, pattern) in patterns.enumerated() {
                    let term: Double
                    if position >= 0, position < pattern.count {
                        term = pattern[position] == result ? matches : differs
                    } else {
                        term = position <= -3 ? early : late
                    }
                    table[start * patterns.count + index] += term
                }
            }
        }
    }

    private mutating func observe(mucus category: CervicalMucus, cycleDay day: Int) {
        mucusCount += 1
        let table = _SignalLikelihood.mucusLog, c = category.rawValue
        // This category's log-likelihood per phase, with and without a missed peak.
        let seen = table[0].map { $0[c] }, missed = table[1].map { $0[c] }
        mucusWithoutPeak += seen[0]
        // Every peak day for every reading of the history: the table is updated in place.
        seen.withUnsafeBufferPointer { seen in
            missed.withUnsafeBufferPointer { missed in
                mucusByPeak.withUnsafeMutableBufferPointer { table in
                    // Integer ranges, not enumerated sequences: the loop runs per mucus reading.
                    let firstOnset = _SignalLikelihood.mucusOnsets.lowerBound, onsetCount = _SignalLikelihood.mucusOnsets.count
                    let width = _SignalLikelihood.mucusRowWidth
                    for peak in 1..<(_SignalLikelihood.maxCycleDay + 1) {
                        let relative = day - peak, row = table.baseAddress! + peak * width
                        if relative < -_SignalLikelihood.mucusOnsets.upperBound || relative > 3 {
                            // Before every onset (infertile) or past the three days after the peak (luteal): one phase for all onsets.
                            let phase = relative > 3 ? 5 : 0
                            let seenTerm = seen[phase], missedTerm = missed[phase]
                            for onsetIndex in 0..<onsetCount {
                                row[onsetIndex * 2] += seenTerm
                                row[onsetIndex * 2 + 1] += missedTerm
                            }
                            continue
                        }
                        for onsetIndex in 0..<onsetCount {
                            let onset = firstOnset + onsetIndex
                            let phase = relative < -onset ? 0 : relative <= -3 ? 1 : relative <= -1 ? 2 : relative == 0 ? 3 : relative <= 3 ? 4 : 5
                            row[onsetIndex * 2] += seen[phase]
                            row[onsetIndex * 2 + 1] += missed[phase]
                        }
                    }
                }
            }
        }
    }
}
