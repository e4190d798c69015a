/// What the fertility signals (`DayMeasurements`) say about one user's cycles at the end of a day,
/// advanced causally with her `CycleDayState`: this cycle's readings, the ovulation they evidence,
/// and her luteal length from past cycles' evidence.
///
/// Rules (figures from `Datasets/REFERENCE-STATISTICS.md`, "Ovulation evidence rules", copied from the
/// published sources named there):
/// - **LH test**: a surge reading after a negative test (or the cycle's first) opens a surge;
///   ovulation is the day of a `peak` reading (urinary LH peak → ovulation +0.46 d, Ecochard 2001;
///   serum peak → ovulation 16.5 h, WHO 1980) or the day after a `positive` one (LH rise →
///   ovulation 32 h, WHO 1980). A later surge after a negative test replaces an earlier one (an
///   early false surge: 31 % of cycles, Leiva 2017). Three surges in one cycle read as tonic
///   positives (PCOS-like): no LH evidence that cycle.
/// - **BBT**, three over six, sympto-thermal variant: three consecutive readings (within
///   `temperatureHighSpanDays`) above the coverline — the highest of the six readings before the
///   first of them — by `basalCoverlineMarginCelsius`, the third by `basalThirdHighRiseCelsius`
///   (Marquette; temperaturabasale.it). Ovulation = the first high day − 2 (LH peak → shift onset
///   2.4 ± 1.5 d, Prior 1990, less the peak → ovulation 0.46 d).
/// - **Wrist temperature**: three worn nights (within `wristHighSpanNights` days) averaging
///   ≥ `wristRiseCelsius` above her baseline — the mean of the six nights before — none below
///   half of it (Apple's ≥ 0.2 °C change, Wang 2025; Ava's sustained 3-day shift, Shilaih 2018).
///   Ovulation = the first raised night − 1 (86 % of shifts fall on or after ovulation, Shilaih 2018).
/// - **Cervical mucus**: the peak is the last day of egg-white mucus, confirmed once
///   `mucusDryingDays` days have passed with at least two drier observations and no egg-white
///   (Billings' peak + 3). Ovulation = the peak day (mean 0.31 d before it, 95 % within ±2 d,
///   Hilgers 1978). Egg-white mucus after a confirmed peak withdraws it.
///
/// When several signals evidence ovulation, the most precise wins (`OvulationEvidence.Source`
/// order), unless another one dates it `laterEvidenceDays` or more later: an early false surge
/// followed by a true temperature shift. Evidence contradicts itself, and is withdrawn for the rest
/// of the cycle, once its period date (ovulation + her luteal length + 1) has passed by more than
/// `AlertPolicy.toleranceDays` with no start: it never pins a wrong date for long. A signal whose
/// evidence failed (withdrawn, or a luteal length outside `plausibleLutealDays`) in
/// `unreliableFailures` of her last `reliabilityWindow` cycles with evidence from it is ignored
/// for her until it works again (tonic LH positives of a PCOS-like user).
///
/// Her luteal length is the median of the luteal lengths (ovulation + 1 to the day before the next
/// start) evidenced in her last ≤ `CycleState.recentCycleCount` cycles, rounded half up;
/// `AlertPolicy.lutealPriorDays` until one is known.
public struct CycleSignalState: Sendable, Equatable {
    /// Days from a `peak` LH reading to ovulation.
    public static let lhPeakToOvulationDays = 0
    /// Days from the `positive` LH test opening a surge to ovulation.
    public static let lhPositiveToOvulationDays = 1
    /// Surges in one cycle from which the LH tests read as tonic positives.
    public static let tonicSurgeCount = 3
    /// Readings under the coverline (three over *six*).
    public static let lowReadingCount = 6
    /// Readings above it (*three* over six).
    public static let highReadingCount = 3
    /// Days the three high readings may span (one reading may be missing between them).
    public static let temperatureHighSpanDays = 4
    /// Days before the first high reading the six low ones must lie within.
    public static let lowReadingWindowDays = 12
    /// Margin above the coverline of the first two highs (0.1 °F, Marquette).
    public static let basalCoverlineMarginCelsius = 0.05
    /// Margin above the coverline of the third high (sympto-thermal variant).
    public static let basalThirdHighRiseCelsius = 0.2
    /// Days from ovulation to the first high BBT reading.
    public static let basalShiftToOvulationDays = 2
    /// Mean rise of the three raised nights over her baseline.
    public static let wristRiseCelsius = 0.2
    /// Days the three raised nights may span (a watch left off to charge).
    public static let wristHighSpanNights = 5
    /// Days from ovulation to the first raised night.
    public static let wristShiftToOvulationDays = 1
    /// Days after the mucus peak before it is confirmed.
    public static let mucusDryingDays = 3
    /// Drier observations needed after the peak to confirm it.
    public static let mucusDryObservations = 2
    /// Days by which a less precise signal must date ovulation later to overrule a more precise one.
    public static let laterEvidenceDays = 3
    /// Luteal lengths a cycle's evidence may give and still count (Bull 2019's 95 % range, 7–17 d,
    /// and a day of rounding); outside it the evidence was wrong.
    public static let plausibleLutealDays = 7...18
    /// Cycles per signal over which its reliability is judged.
    public static let reliabilityWindow = 3
    /// Failures within the window from which a signal is ignored for her.
    public static let unreliableFailures = 2

    private struct Reading<Value: Sendable & Equatable>: Sendable, Equatable {
        var day: CalendarDay
        var value: Value
    }

    /// The last day advanced to.
    public private(set) var today: CalendarDay?
    /// This cycle's first day (the latest start), `nil` before any.
    public private(set) var cycleStart: CalendarDay?
    /// Luteal lengths evidenced in her last ≤ `CycleState.recentCycleCount` cycles, oldest first.
    public private(set) var lutealLengths: [Int] = []
    /// Complete cycles with a plausible evidenced luteal length, all time.
    public private(set) var evidencedCycles = 0
    /// The day's measurements (`nil` when none was logged today).
    public private(set) var todayMeasurements: DayMeasurements?
    /// This cycle's LH tests, BBT readings, worn nights and mucus observations, counted.
    public private(set) var lhTestCount = 0, basalTemperatureCount = 0, wristTemperatureCount = 0, mucusCount = 0
    /// This cycle's latest surge: the day of its first surge reading.
    public private(set) var lastSurge: CalendarDay?
    /// This cycle's latest negative LH test.
    public private(set) var lastNegativeLHTest: CalendarDay?

    private var lhTests: [Reading<LHTestResult>] = []
    private var basal: [Reading<Double>] = []
    private var wrist: [Reading<Double>] = []
    private var mucus: [Reading<CervicalMucus>] = []
    private var surgeCount = 0
    private var mucusPeakCandidate: CalendarDay?
    /// This cycle's evidence in effect, one per signal kind.
    private var evidenceByKind: [MeasurementKind: OvulationEvidence] = [:]
    /// Per kind, the day through which this cycle's readings no longer count (withdrawn evidence).
    private var withdrawnThrough: [MeasurementKind: CalendarDay] = [:]
    /// Per kind, whether its evidence held in her last cycles with evidence from it (oldest first).
    private var outcomes: [MeasurementKind: [Bool]] = [:]
    /// This cycle's readings as likelihoods of each ovulation day (`OvulationPosterior`).
    private var likelihood = _SignalLikelihood()
    /// Luteal lengths her signals placed sharply in her last ≤ `CycleState.recentCycleCount`
    /// completed cycles, read by the posterior (`OvulationPosterior.completedCycleLutealLength`).
    public private(set) var posteriorLutealLengths: [Double] = []

    /// A state that has seen nothing.
    public init() {}

    /// Her luteal length: the median of `lutealLengths` rounded half up, the prior until one is known.
    public var lutealLength: Int {
        lutealLengths.isEmpty ? AlertPolicy.lutealPriorDays : Int(CycleState.median(lutealLengths).rounded())
    }

    /// `true` when `lutealLength` comes from her own cycles.
    public var hasPersonalLutealLength: Bool { !lutealLengths.isEmpty }

    /// The current cycle's ovulation evidence in effect (see the type's documentation), if any.
    public var evidence: OvulationEvidence? {
        let usable = evidenceByKind.values.filter { isReliable($0.source.kind) }
        guard let primary = usable.min(by: { $0.source < $1.source }) else { return nil }
        let later = usable.filter { primary.ovulation.distance(to: $0.ovulation) >= CycleSignalState.laterEvidenceDays }
        return later.max { ($0.ovulation, -$0.source.rawValue) < ($1.ovulation, -$1.source.rawValue) } ?? primary
    }

    /// This cycle's evidence in effect from one signal kind (reliable or not).
    public func evidence(from kind: MeasurementKind) -> OvulationEvidence? { evidenceByKind[kind] }

    /// `false` while `kind`'s evidence failed in `unreliableFailures` of her last
    /// `reliabilityWindow` cycles with evidence from it.
    public func isReliable(_ kind: MeasurementKind) -> Bool {
        (outcomes[kind] ?? []).suffix(CycleSignalState.reliabilityWindow).filter { !$0 }.count < CycleSignalState.unreliableFailures
    }

    /// Readings of temperature (BBT or wrist) this cycle.
    public var temperatureCount: Int { basalTemperatureCount + wristTemperatureCount }

    /// This cycle's confirmed temperature shift in effect (BBT first), if any.
    public var temperatureShift: OvulationEvidence? {
        evidenceByKind[.basalBodyTemperature] ?? evidenceByKind[.wristTemperature]
    }

    /// The next start the signals give on top of the calendar's `calendarStart`: with evidence,
    /// ovulation + her luteal length + 1; without, after a negative LH test this cycle and no
    /// surge since (ovulation comes after that day), the calendar's date pushed to at least the
    /// day after the test + her luteal length + 1; otherwise the calendar's date.
    public func anchoredNextStart(calendar calendarStart: CalendarDay) -> CalendarDay {
        if let evidence { return evidence.ovulation.advanced(by: lutealLength + 1) }
        if let negative = lastNegativeLHTest, lastSurge.map({ $0 < negative }) ?? true, isReliable(.lhTest) {
            return max(calendarStart, negative.advanced(by: 1 + lutealLength + 1))
        }
        return calendarStart
    }

    /// The posterior over this cycle's ovulation day and the next start (`OvulationPosterior`)
    /// given her `prior` (from her recent complete cycle lengths and `posteriorLutealLengths`);
    /// `nil` before a start or past the hypotheses. `startLogLikelihood[k − 1]` weighs a start in
    /// k days by evidence other than the signals (`_PremenstrualLikelihood`).
    func ovulationPosterior(prior: _OvulationPrior, startLogLikelihood: [Double]) -> OvulationPosterior? {
        guard let cycleStart, let today else { return nil }
        return OvulationPosterior.compute(likelihood: likelihood, cycleDay: cycleStart.distance(to: today) + 1, prior: prior,
                                          startLogLikelihood: startLogLikelihood)
    }

    /// Advances to `day` (after every day already seen) with the day's measurements, if any;
    /// `periodStarted` when a period starts on `day` (the cycle before it closes first).
    public mutating func advance(to day: CalendarDay, measurements: DayMeasurements?, periodStarted: Bool) {
        if let today { precondition(today < day, "CycleSignalState advances forward: \(day) is not after \(today)") }
        today = day
        if periodStarted { closeCycle(nextStart: day) }
        todayMeasurements = measurements
        withdrawContradicted(on: day)
        if let measurements, let cycleStart {
            likelihood.observe(measurements, cycleDay: cycleStart.distance(to: day) + 1)
            if let result = measurements.lhTest { observe(lhTest: result, on: day) }
            if let value = measurements.basalBodyTemperature {
                basal.append(Reading(day: day, value: value))
                basalTemperatureCount += 1
                detectBasalShift(on: day)
            }
            if let value = measurements.wristTemperature {
                wrist.append(Reading(day: day, value: value))
                wristTemperatureCount += 1
                detectWristShift(on: day)
            }
            if let category = measurements.cervicalMucus { observe(mucus: category, on: day) }
        }
        confirmMucusPeak(on: day)
    }

    /// The cycle that ends the day before `nextStart`: its evidence gives a luteal length, and
    /// each signal's evidence an outcome; then a new cycle begins.
    private mutating func closeCycle(nextStart: CalendarDay) {
        if let cycleStart, let luteal = OvulationPosterior.completedCycleLutealLength(
            likelihood: likelihood, cycleLength: cycleStart.distance(to: nextStart), lutealLengths: posteriorLutealLengths) {
            posteriorLutealLengths.append(luteal)
            if posteriorLutealLengths.count > CycleState.recentCycleCount { posteriorLutealLengths.removeFirst() }
        }
        if cycleStart != nil {
            let chosen = evidence
            for (kind, found) in evidenceByKind {
                record(kind, held: CycleSignalState.plausibleLutealDays.contains(found.ovulation.distance(to: nextStart) - 1))
            }
            if let chosen {
                let luteal = chosen.ovulation.distance(to: nextStart) - 1
                if CycleSignalState.plausibleLutealDays.contains(luteal) {
                    lutealLengths.append(luteal)
                    if lutealLengths.count > CycleState.recentCycleCount { lutealLengths.removeFirst() }
                    evidencedCycles += 1
                }
            }
        }
        cycleStart = nextStart
        lhTests = []; basal = []; wrist = []; mucus = []
        lhTestCount = 0; basalTemperatureCount = 0; wristTemperatureCount = 0; mucusCount = 0
        lastSurge = nil; lastNegativeLHTest = nil; surgeCount = 0; mucusPeakCandidate = nil
        evidenceByKind = [:]; withdrawnThrough = [:]
        likelihood.startCycle()
    }

    private mutating func record(_ kind: MeasurementKind, held: Bool) {
        var list = outcomes[kind] ?? []
        list.append(held)
        if list.count > CycleSignalState.reliabilityWindow { list.removeFirst() }
        outcomes[kind] = list
    }

    /// Withdraws every evidence whose period date passed more than the alert tolerance ago.
    private mutating func withdrawContradicted(on day: CalendarDay) {
        let limit = lutealLength + 1 + AlertPolicy.toleranceDays
        for (kind, found) in evidenceByKind where found.ovulation.distance(to: day) > limit {
            withdraw(kind, through: day)
        }
    }

    private mutating func withdraw(_ kind: MeasurementKind, through day: CalendarDay) {
        evidenceByKind[kind] = nil
        withdrawnThrough[kind] = day
        record(kind, held: false)
    }

    /// `true` when a reading of `kind` on `day` may still evidence ovulation this cycle.
    private func counts(_ kind: MeasurementKind, on day: CalendarDay) -> Bool {
        withdrawnThrough[kind].map { day > $0 } ?? true
    }

    private mutating func observe(lhTest result: LHTestResult, on day: CalendarDay) {
        let previous = lhTests.last
        lhTests.append(Reading(day: day, value: result))
        lhTestCount += 1
        guard result.isSurge else { lastNegativeLHTest = day; return }
        // A surge continues while readings stay positive (a day without a test is no break).
        let continues = previous.map { $0.value.isSurge && $0.day.distance(to: day) <= 2 } ?? false
        guard !continues, counts(.lhTest, on: day) else { return }
        surgeCount += 1
        lastSurge = day
        guard surgeCount < CycleSignalState.tonicSurgeCount else {
            evidenceByKind[.lhTest] = nil
            return
        }
        let peak = result == .peak
        evidenceByKind[.lhTest] = OvulationEvidence(
            ovulation: day.advanced(by: peak ? CycleSignalState.lhPeakToOvulationDays : CycleSignalState.lhPositiveToOvulationDays),
            source: peak ? .lhPeak : .lhPositive, observed: day, confirmed: day)
    }

    private mutating func detectBasalShift(on day: CalendarDay) {
        guard evidenceByKind[.basalBodyTemperature] == nil,
              let first = shiftStart(in: basal, kind: .basalBodyTemperature, span: CycleSignalState.temperatureHighSpanDays, rises: { lows, highs in
                  let coverline = lows.max()!
                  let margin = CycleSignalState.basalCoverlineMarginCelsius - 1e-9
                  return highs[0] >= coverline + margin && highs[1] >= coverline + margin
                      && highs[2] >= coverline + CycleSignalState.basalThirdHighRiseCelsius - 1e-9
              }) else { return }
        evidenceByKind[.basalBodyTemperature] = OvulationEvidence(
            ovulation: first.advanced(by: -CycleSignalState.basalShiftToOvulationDays), source: .basalTemperatureShift,
            observed: first, confirmed: day)
    }

    private mutating func detectWristShift(on day: CalendarDay) {
        guard evidenceByKind[.wristTemperature] == nil,
              let first = shiftStart(in: wrist, kind: .wristTemperature, span: CycleSignalState.wristHighSpanNights, rises: { lows, highs in
                  let baseline = lows.reduce(0, +) / Double(lows.count)
                  let rise = CycleSignalState.wristRiseCelsius
                  return highs.reduce(0, +) / Double(highs.count) >= baseline + rise - 1e-9
                      && highs.allSatisfy { $0 >= baseline + rise / 2 - 1e-9 }
              }) else { return }
        evidenceByKind[.wristTemperature] = OvulationEvidence(
            ovulation: first.advanced(by: -CycleSignalState.wristShiftToOvulationDays), source: .wristTemperatureShift,
            observed: first, confirmed: day)
    }

    /// The first of the last `highReadingCount` readings when they span at most `span` days, the
    /// `lowReadingCount` before them lie within `lowReadingWindowDays` of it, and `rises(lows, highs)`.
    private func shiftStart(in readings: [Reading<Double>], kind: MeasurementKind, span: Int,
                            rises: ([Double], [Double]) -> Bool) -> CalendarDay? {
        let highCount = CycleSignalState.highReadingCount, lowCount = CycleSignalState.lowReadingCount
        guard readings.count >= highCount + lowCount else { return nil }
        let highs = readings.suffix(highCount), lows = readings.dropLast(highCount).suffix(lowCount)
        let first = highs.first!.day
        guard first.distance(to: highs.last!.day) <= span, counts(kind, on: first),
              lows.first!.day.distance(to: first) <= CycleSignalState.lowReadingWindowDays,
              rises(lows.map(\.value), highs.map(\.value)) else { return nil }
        return first
    }

    private mutating func observe(mucus category: CervicalMucus, on day: CalendarDay) {
        mucus.append(Reading(day: day, value: category))
        mucusCount += 1
        guard category == .eggWhite else { return }
        if evidenceByKind[.cervicalMucus] != nil { withdraw(.cervicalMucus, through: day.advanced(by: -1)) }
        if counts(.cervicalMucus, on: day) { mucusPeakCandidate = day }
    }

    private mutating func confirmMucusPeak(on day: CalendarDay) {
        guard let peak = mucusPeakCandidate, peak.distance(to: day) >= CycleSignalState.mucusDryingDays else { return }
        let drier = mucus.reversed().prefix { $0.day > peak }
        guard drier.count >= CycleSignalState.mucusDryObservations else { return }
        evidenceByKind[.cervicalMucus] = OvulationEvidence(ovulation: peak, source: .mucusPeak, observed: peak, confirmed: day)
        mucusPeakCandidate = nil
    }
}
