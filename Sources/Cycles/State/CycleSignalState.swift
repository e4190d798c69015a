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
/// - **BBT**: the symptothermal method's temperature rules (`TemperatureShift`: the regular rule
///   and its two exceptions, never combined, on the 0.05 °C grid, disturbed readings bracketed,
///   days without a reading skipped). Ovulation = the first higher reading − 2 (LH peak → shift
///   onset 2.4 ± 1.5 d, Prior 1990, less the peak → ovulation 0.46 d).
/// - **Wrist temperature**: three worn nights (within `wristHighSpanNights` days) averaging
///   ≥ `wristRiseCelsius` above her baseline — the mean of the six nights before — none below
///   half of it (Apple's ≥ 0.2 °C change, Wang 2025; Ava's sustained 3-day shift, Shilaih 2018).
///   Ovulation = the first raised night − 1 (86 % of shifts fall on or after ovulation, Shilaih 2018).
/// - **Cervical mucus**: the method's peak (`MucusPeak`: the last day of the cycle's best quality,
///   confirmed by three later observations of a lower one) when that quality is S+. Ovulation =
///   the peak day (mean 0.31 d before it, 95 % within ±2 d, Hilgers 1978). A return of the best
///   quality withdraws it until the double check is complete.
/// - **Cervix** (`CervixPeak`) and the **double check** (`FertilityFindings.DoubleCheck`): the
///   method's findings, reported by `FertilityFindings`; the cervix gives no ovulation evidence.
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
package struct CycleSignalState: Sendable, Equatable, Codable {
    /// Days from a `peak` LH reading to ovulation.
    package static let lhPeakToOvulationDays = 0
    /// Days from the `positive` LH test opening a surge to ovulation.
    package static let lhPositiveToOvulationDays = 1
    /// Surges in one cycle from which the LH tests read as tonic positives.
    package static let tonicSurgeCount = 3
    /// Nights before the raised ones a wrist shift compares them with (three over *six*).
    package static let wristBaselineNights = 6
    /// Raised nights a wrist shift needs (*three* over six).
    package static let wristRaisedNights = 3
    /// Days before the first raised night the six baseline nights must lie within.
    package static let wristBaselineWindowDays = 12
    /// Days from ovulation to the first higher BBT reading.
    package static let basalShiftToOvulationDays = 2
    /// Mean rise of the three raised nights over her baseline.
    package static let wristRiseCelsius = 0.2
    /// Days the three raised nights may span (a watch left off to charge).
    package static let wristHighSpanNights = 5
    /// Days from ovulation to the first raised night.
    package static let wristShiftToOvulationDays = 1
    /// Cycles with a confirmed temperature rise from which the minus-8 rule replaces the 5-day rule.
    package static let minusEightRuleCycles = 12
    /// The 5-day rule: cycle days 1 … 5 come before the fertile window (after a cycle with a rise).
    package static let fiveDayRuleDays = 5
    /// The minus-8 rule: days between her earliest first higher reading and the window's last day before.
    package static let minusEightRuleDays = 8
    /// Days by which a less precise signal must date ovulation later to overrule a more precise one.
    package static let laterEvidenceDays = 3
    /// Luteal lengths a cycle's evidence may give and still count (Bull 2019's 95 % range, 7–17 d,
    /// and a day of rounding); outside it the evidence was wrong.
    package static let plausibleLutealDays = 7...18
    /// Cycles per signal over which its reliability is judged.
    package static let reliabilityWindow = 3
    /// Failures within the window from which a signal is ignored for her.
    package static let unreliableFailures = 2

    private struct Reading<Value: Sendable & Equatable & Codable>: Sendable, Equatable, Codable {
        var day: CalendarDay
        var value: Value
    }

    /// The last day advanced to.
    package private(set) var today: CalendarDay?
    /// This cycle's first day (the latest start), `nil` before any.
    package private(set) var cycleStart: CalendarDay?
    /// Luteal lengths evidenced in her last ≤ `CycleState.recentCycleCount` cycles, oldest first.
    package private(set) var lutealLengths: [Int] = []
    /// Complete cycles with a plausible evidenced luteal length, all time.
    package private(set) var evidencedCycles = 0
    /// The day's measurements (`nil` when none was logged today).
    package private(set) var todayMeasurements: DayMeasurements?
    /// This cycle's LH tests, BBT readings (disturbed ones included), worn nights and mucus observations, counted.
    package private(set) var lhTestCount = 0, basalTemperatureCount = 0, wristTemperatureCount = 0, mucusCount = 0
    /// This cycle's latest surge: the day of its first surge reading.
    package private(set) var lastSurge: CalendarDay?
    /// This cycle's latest negative LH test.
    package private(set) var lastNegativeLHTest: CalendarDay?

    /// This cycle's temperature rise confirmed by the method's rules (`TemperatureShift`), if any.
    package private(set) var temperatureShift: TemperatureShift?
    /// The double check, once complete this cycle.
    package private(set) var doubleCheck: FertilityFindings.DoubleCheck?
    /// Cycle day of the first higher reading of her earliest rise, over every completed cycle with one.
    package private(set) var earliestFirstHigherReadingCycleDay: Int?
    /// Completed cycles with a confirmed temperature rise, all time.
    package private(set) var cyclesWithTemperatureRise = 0
    /// `true` when the cycle before this one had a confirmed temperature rise.
    package private(set) var previousCycleHadTemperatureRise = false

    private var lhTests: [Reading<LHTestResult>] = []
    /// This cycle's usable BBT readings (not disturbed) on the method's grid.
    private var basal: [TemperatureShift.Reading] = []
    private var wrist: [Reading<Double>] = []
    private var surgeCount = 0
    private var mucus = _PeakTracker(minimumLevel: CervicalMucus.moist.rawValue)
    private var cervix = _PeakTracker(minimumLevel: 1)
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
    package private(set) var posteriorLutealLengths: [Double] = []

    /// A state that has seen nothing.
    package init() {}

    /// Her luteal length: the median of `lutealLengths` rounded half up, the prior until one is known.
    package var lutealLength: Int {
        lutealLengths.isEmpty ? AlertPolicy.lutealPriorDays : Int(CycleState.median(lutealLengths).rounded())
    }

    /// `true` when `lutealLength` comes from her own cycles.
    package var hasPersonalLutealLength: Bool { !lutealLengths.isEmpty }

    /// The current cycle's ovulation evidence in effect (see the type's documentation), if any.
    package var evidence: OvulationEvidence? {
        let usable = evidenceByKind.values.filter { isReliable($0.source.kind) }
        guard let primary = usable.min(by: { $0.source < $1.source }) else { return nil }
        let later = usable.filter { primary.ovulation.distance(to: $0.ovulation) >= CycleSignalState.laterEvidenceDays }
        return later.max { ($0.ovulation, -$0.source.rawValue) < ($1.ovulation, -$1.source.rawValue) } ?? primary
    }

    /// This cycle's evidence in effect from one signal kind (reliable or not).
    package func evidence(from kind: MeasurementKind) -> OvulationEvidence? { evidenceByKind[kind] }

    /// `false` while `kind`'s evidence failed in `unreliableFailures` of her last
    /// `reliabilityWindow` cycles with evidence from it.
    package func isReliable(_ kind: MeasurementKind) -> Bool {
        (outcomes[kind] ?? []).suffix(CycleSignalState.reliabilityWindow).filter { !$0 }.count < CycleSignalState.unreliableFailures
    }

    /// Readings of temperature (BBT or wrist) this cycle.
    package var temperatureCount: Int { basalTemperatureCount + wristTemperatureCount }

    /// This cycle's temperature evidence in effect (BBT first), if any.
    package var temperatureEvidence: OvulationEvidence? {
        evidenceByKind[.basalBodyTemperature] ?? evidenceByKind[.wristTemperature]
    }

    /// `true` when the method applies to this cycle: it has a BBT, mucus or cervix observation, or
    /// the cycle before had a temperature rise (her chart goes on).
    package var hasSymptothermalChart: Bool {
        basalTemperatureCount > 0 || mucusCount > 0 || cervix.observations > 0 || previousCycleHadTemperatureRise
    }

    /// This cycle's mucus peak by the method's rule (confirmed or a candidate), if any.
    package var mucusPeak: MucusPeak? {
        guard let day = mucus.peak, let best = mucus.best, let quality = CervicalMucus(rawValue: best) else { return nil }
        return MucusPeak(day: day, quality: quality, confirmed: mucus.confirmed)
    }

    /// This cycle's cervix peak by the method's rule (confirmed or a candidate), if any.
    package var cervixPeak: CervixPeak? {
        cervix.peak.map { CervixPeak(day: $0, confirmed: cervix.confirmed) }
    }

    /// The fertile window of this cycle as the method opens it (the earliest of the calendar rule —
    /// no rise in the cycle before: day 1; the minus-8 rule from `minusEightRuleCycles` cycles
    /// with a rise, or earlier when her earliest first higher reading − 8 falls before day 6;
    /// else the 5-day rule — and the first mucus symptom or fertile cervix sign) and closes it
    /// (the double check); `nil` before a start.
    package var fertileWindow: FertilityFindings.FertileWindow? {
        guard let cycleStart else { return nil }
        typealias Window = FertilityFindings.FertileWindow
        var lastBefore = 0, openedBy = Window.Opening.noEarlierRise
        if previousCycleHadTemperatureRise {
            let minusEight = earliestFirstHigherReadingCycleDay.map { $0 - CycleSignalState.minusEightRuleDays }
            if let minusEight, cyclesWithTemperatureRise >= CycleSignalState.minusEightRuleCycles || minusEight < CycleSignalState.fiveDayRuleDays {
                (lastBefore, openedBy) = (max(0, minusEight), .minusEightRule)
            } else {
                (lastBefore, openedBy) = (CycleSignalState.fiveDayRuleDays, .fiveDayRule)
            }
        }
        var opens = cycleStart.advanced(by: lastBefore)
        for (sign, symptom) in [(mucus.firstSign, Window.Opening.mucus), (cervix.firstSign, .cervix)] {
            if let sign, sign < opens { (opens, openedBy) = (sign, symptom) }
        }
        return Window(opens: opens, openedBy: openedBy, closes: doubleCheck?.completed)
    }

    /// The next start the signals give on top of the calendar's `calendarStart`: with evidence,
    /// ovulation + her luteal length + 1; without, after a negative LH test this cycle and no
    /// surge since (ovulation comes after that day), the calendar's date pushed to at least the
    /// day after the test + her luteal length + 1; otherwise the calendar's date.
    package func anchoredNextStart(calendar calendarStart: CalendarDay) -> CalendarDay {
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
    package mutating func advance(to day: CalendarDay, measurements: DayMeasurements?, periodStarted: Bool) {
        if let today { precondition(today < day, "CycleSignalState advances forward: \(day) is not after \(today)") }
        today = day
        if periodStarted { closeCycle(nextStart: day) }
        todayMeasurements = measurements
        withdrawContradicted(on: day)
        if let measurements, let cycleStart {
            likelihood.observe(measurements, cycleDay: cycleStart.distance(to: day) + 1)
            if let result = measurements.lhTest { observe(lhTest: result, on: day) }
            if measurements.basalBodyTemperature != nil { basalTemperatureCount += 1 }
            if let value = measurements.usableBasalTemperature {
                basal.append(TemperatureShift.Reading(day: day, steps: TemperatureShift.steps(celsius: value)))
                detectBasalShift()
            }
            if measurements.wristTemperature != nil { wristTemperatureCount += 1 }
            if let value = measurements.usableWristTemperature {
                wrist.append(Reading(day: day, value: value))
                detectWristShift(on: day)
            }
            if let quality = measurements.cervicalMucus { observe(mucus: quality, on: day) }
            if let sign = measurements.cervix?.showsFertileSign { _ = cervix.observe(level: sign ? 1 : 0, on: day) }
            completeDoubleCheck()
        }
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
        if let cycleStart {
            previousCycleHadTemperatureRise = temperatureShift != nil
            if let shift = temperatureShift {
                let cycleDay = cycleStart.distance(to: shift.firstHigherReading) + 1
                earliestFirstHigherReadingCycleDay = min(earliestFirstHigherReadingCycleDay ?? cycleDay, cycleDay)
                cyclesWithTemperatureRise += 1
            }
        }
        cycleStart = nextStart
        lhTests = []; basal = []; wrist = []
        lhTestCount = 0; basalTemperatureCount = 0; wristTemperatureCount = 0; mucusCount = 0
        lastSurge = nil; lastNegativeLHTest = nil; surgeCount = 0
        mucus = _PeakTracker(minimumLevel: mucus.minimumLevel); cervix = _PeakTracker(minimumLevel: cervix.minimumLevel)
        temperatureShift = nil; doubleCheck = nil
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

    /// Runs the method's temperature rules on this cycle's readings: the first confirmed rise is
    /// the cycle's finding; the evidence is the first rise whose first higher reading comes after
    /// any withdrawn BBT evidence.
    private mutating func detectBasalShift() {
        if temperatureShift == nil { temperatureShift = TemperatureShift.first(in: basal) }
        guard evidenceByKind[.basalBodyTemperature] == nil, let found = temperatureShift else { return }
        let withdrawn = withdrawnThrough[.basalBodyTemperature]
        guard let shift = withdrawn.map({ found.firstHigherReading > $0 ? found : TemperatureShift.first(in: basal, after: $0) }) ?? found
        else { return }
        evidenceByKind[.basalBodyTemperature] = OvulationEvidence(
            ovulation: shift.firstHigherReading.advanced(by: -CycleSignalState.basalShiftToOvulationDays), source: .basalTemperatureShift,
            observed: shift.firstHigherReading, confirmed: shift.confirmed, temperatureRule: shift.rule)
    }

    private mutating func detectWristShift(on day: CalendarDay) {
        guard evidenceByKind[.wristTemperature] == nil,
              let first = wristShiftStart(rises: { lows, highs in
                  let baseline = lows.reduce(0, +) / Double(lows.count)
                  let rise = CycleSignalState.wristRiseCelsius
                  return highs.reduce(0, +) / Double(highs.count) >= baseline + rise - 1e-9
                      && highs.allSatisfy { $0 >= baseline + rise / 2 - 1e-9 }
              }) else { return }
        evidenceByKind[.wristTemperature] = OvulationEvidence(
            ovulation: first.advanced(by: -CycleSignalState.wristShiftToOvulationDays), source: .wristTemperatureShift,
            observed: first, confirmed: day)
    }

    /// The first of the last `wristRaisedNights` nights when they span at most
    /// `wristHighSpanNights` days, the `wristBaselineNights` before them lie within
    /// `wristBaselineWindowDays` of it, and `rises(lows, highs)`.
    private func wristShiftStart(rises: ([Double], [Double]) -> Bool) -> CalendarDay? {
        let highCount = CycleSignalState.wristRaisedNights, lowCount = CycleSignalState.wristBaselineNights
        guard wrist.count >= highCount + lowCount else { return nil }
        let highs = wrist.suffix(highCount), lows = wrist.dropLast(highCount).suffix(lowCount)
        let first = highs.first!.day
        guard first.distance(to: highs.last!.day) <= CycleSignalState.wristHighSpanNights, counts(.wristTemperature, on: first),
              lows.first!.day.distance(to: first) <= CycleSignalState.wristBaselineWindowDays,
              rises(lows.map(\.value), highs.map(\.value)) else { return nil }
        return first
    }

    /// Reads a mucus observation into the method's peak; a confirmed S+ peak is evidence (unless
    /// earlier mucus evidence was withdrawn after it), a return of the best quality withdraws it.
    /// A confirmed peak of a lower quality (S, f) is the method's finding but no evidence: before
    /// the cycle's S+ such a peak is often an early one, which only the double check catches.
    private mutating func observe(mucus quality: CervicalMucus, on day: CalendarDay) {
        mucusCount += 1
        switch mucus.observe(level: quality.rawValue, on: day) {
        case .withdrawn:
            if evidenceByKind[.cervicalMucus] != nil { withdraw(.cervicalMucus, through: day.advanced(by: -1)) }
        case .confirmed:
            guard let peak = mucus.peak, mucus.best == CervicalMucus.eggWhite.rawValue, counts(.cervicalMucus, on: peak) else { return }
            evidenceByKind[.cervicalMucus] = OvulationEvidence(ovulation: peak, source: .mucusPeak, observed: peak, confirmed: day)
        case .none:
            break
        }
    }

    /// Completes the double check once the temperature rise and the peak of the symptom read with
    /// it (mucus, or the cervix in a cycle without mucus observations) are both confirmed; the
    /// cycle's evaluation then closes.
    private mutating func completeDoubleCheck() {
        guard doubleCheck == nil, let shift = temperatureShift else { return }
        let symptom: FertilityFindings.DoubleCheck.Symptom = mucus.observations > 0 || cervix.observations == 0 ? .mucus : .cervix
        guard let confirmed = (symptom == .mucus ? mucus : cervix).confirmed else { return }
        doubleCheck = FertilityFindings.DoubleCheck(completed: max(shift.confirmed, confirmed), symptom: symptom)
        mucus.closed = true
        cervix.closed = true
    }
}
