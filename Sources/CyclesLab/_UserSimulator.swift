import Cycles
import Foundation
import TensorCore

/// Simulates one generated user (see `SyntheticCycles` for the model).
struct _UserSimulator {
    let config: CohortConfig
    let index: Int
    let window: Range<CalendarDay>

    /// Relative flow on menses days 1… (heaviest on day 2, Fehring 2006).
    static let flowProfile: [Double] = [3.0, 4.0, 3.2, 2.3, 1.6, 1.2, 1.0, 1.0, 1.0]

    /// One latent cycle.
    struct LatentCycle {
        var start: CalendarDay
        var length: Int
        var follicularLength: Int?
        var lutealLength: Int?
        var mensesLength: Int
        var stressEvent: ClosedRange<Int>?
        var mittelschmerzDays: ClosedRange<Int>?
        var mittelschmerzZone: BodyZone
        /// The user logs no flow day of this period (`LoggingParameters.forgottenPeriodRate`).
        var forgotten = false
        /// Flow days at the start of this period that are not logged (`LoggingParameters.lateStartRate`).
        var lateDays = 0
    }

    /// Personal latent parameters.
    struct Person {
        var phenotype: CohortConfig.Phenotype
        var age: Double
        var follicularMean: Double
        var follicularSD: Double
        var lutealMean: Double
        var lutealSD: Double
        var mensesMean: Double
        var flowScale: Double
        var energyEffect: Double
        var moodEffect: Double
        var sleepEffect: Double
        var mittelschmerzLevel: Double
        var crampLevel: Double
        var energyBase: Double
        var moodBase: Double
        var sleepBase: Double
        var stressBase: Double
        var autoregression: Double
        var adherence: Double
        var monthlyDecay: Double
        /// Logs flow days only (`LoggingParameters.periodOnlyShare`).
        var periodOnly: Bool
    }

    func simulate(using generator: inout SeededGenerator) -> (UserHistory, [CycleTruth]) {
        // The signals' own stream: split off before any draw, never drawn from the main one, so
        // that flow and symptom logs are the same with or without signals.
        var signalGenerator = generator.split(_SignalSimulator.streamSalt)
        let person = drawPerson(using: &generator)
        let cycles = drawCycles(person, using: &generator)
        let silent = silentDays(person.phenotype.logging, using: &generator)
        let records = simulateDays(person, cycles: cycles, silent: silent, using: &generator)
        let id = String(format: "u%05d", index + 1)
        let cohort = config.phenotypes.count == 1 ? config.name : person.phenotype.name
        let truth = cycles.filter { window.contains($0.start) }.map { cycle in
            CycleTruth(userID: id, cycleStart: cycle.start,
                       ovulationDate: cycle.follicularLength.map { cycle.start.advanced(by: $0 - 1) },
                       lutealLength: cycle.lutealLength, follicularLength: cycle.follicularLength, cohort: cohort)
        }
        let cycleType: CycleType = generator.nextBernoulli(0.1) ? .unknown : person.phenotype.declaredCycleType
        var preferences = "{\"age\":\(Int(person.age)),\"language\":\"fr\""
        if let declared = declaredLength(person, using: &generator) { preferences += ",\"typical_cycle_length\":\(declared)" }
        preferences += "}"
        let profile = UserProfile(id: id, createdAt: window.lowerBound, onboardingCompleted: true, cycleType: cycleType,
                                  conditions: person.phenotype.conditions, preferencesJSON: preferences)
        let signals = _SignalSimulator(parameters: person.phenotype.signals, window: window, silent: silent,
                                       usualLength: Int((person.follicularMean + person.lutealMean).rounded()))
        let measurements = signals.simulate(cycles: cycles, using: &signalGenerator)
        return (UserHistory(profile: profile, records: records, measurements: measurements), truth)
    }

    /// The cycle length she declares at onboarding, `nil` for the users who declare none: her true
    /// mean plus noise, rounded, often snapped to 28 or 30 (`LoggingParameters.declaredLength*`).
    func declaredLength(_ person: Person, using g: inout SeededGenerator) -> Int? {
        let logging = person.phenotype.logging
        guard g.nextBernoulli(logging.declaredLengthShare) else { return nil }
        let value = person.follicularMean + person.lutealMean + g.nextNormal(mean: 0, standardDeviation: logging.declaredLengthDeviation)
        let days = Int(value.rounded())
        if (24...34).contains(days), g.nextBernoulli(logging.declaredLengthRoundNumberRate) { return value < 29.5 ? 28 : 30 }
        return days
    }

    /// Whole days drawn uniformly from `range` (ends rounded).
    static func wholeDays(_ range: CohortConfig.ValueRange, using g: inout SeededGenerator) -> Int {
        let low = Int(range.low.rounded()), high = max(low, Int(range.high.rounded()))
        return low + g.nextInt(below: high - low + 1)
    }

    func drawPerson(using g: inout SeededGenerator) -> Person {
        var pick = g.nextUniform()
        var phenotype = config.phenotypes[config.phenotypes.count - 1]
        for candidate in config.phenotypes {
            if pick < candidate.share { phenotype = candidate; break }
            pick -= candidate.share
        }
        let cycle = phenotype.cycle, symptoms = phenotype.symptoms, logging = phenotype.logging
        func uniform(_ range: CohortConfig.ValueRange) -> Double { g.nextUniform(in: range.low, range.high) }
        func effect(_ signal: CohortConfig.SignalEffect) -> Double {
            g.nextBernoulli(signal.affectedShare) ? g.nextUniform(in: signal.effect.low, signal.effect.high) : 0
        }
        let age = uniform(cycle.ageRange)
        let ageShift = cycle.ageSlopePerYear * (min(max(age, 25), 45) - min(max(cycle.referenceAge, 25), 45))
        let follicularMean = max(Double(cycle.minimumFollicularLength) + 2,
                                 g.nextNormal(mean: cycle.follicularMean, standardDeviation: cycle.follicularBetweenUserDeviation) + ageShift)
        let follicularSD = cycle.follicularVariabilityRange.clamp(
            cycle.follicularVariabilityMedian * exp(cycle.follicularVariabilityLogDeviation * g.nextNormal()))
        let lutealMean = min(max(g.nextNormal(mean: cycle.lutealMean, standardDeviation: cycle.lutealBetweenUserDeviation),
                                 cycle.lutealRange.low + 1), cycle.lutealRange.high - 1)
        let lutealSD = cycle.lutealVariability.clamp(
            cycle.lutealVariabilityMedian * exp(cycle.lutealVariabilityLogDeviation * g.nextNormal()))
        let mensesMean = min(max(g.nextNormal(mean: cycle.mensesLengthMean, standardDeviation: cycle.mensesBetweenUserDeviation), 3), 8)
        let flowScale = uniform(cycle.flowScale)
        return Person(
            phenotype: phenotype, age: age, follicularMean: follicularMean, follicularSD: follicularSD,
            lutealMean: lutealMean, lutealSD: lutealSD, mensesMean: mensesMean, flowScale: flowScale,
            energyEffect: effect(symptoms.energy), moodEffect: effect(symptoms.mood), sleepEffect: effect(symptoms.sleep),
            mittelschmerzLevel: effect(symptoms.mittelschmerz), crampLevel: effect(symptoms.cramps),
            energyBase: uniform(symptoms.baseline), moodBase: uniform(symptoms.baseline), sleepBase: uniform(symptoms.baseline),
            stressBase: uniform(symptoms.stressBaseline), autoregression: uniform(symptoms.autoregression),
            adherence: uniform(logging.initialAdherence), monthlyDecay: uniform(logging.monthlyDecay),
            periodOnly: g.nextBernoulli(logging.periodOnlyShare))
    }

    func drawCycles(_ person: Person, using g: inout SeededGenerator) -> [LatentCycle] {
        let parameters = person.phenotype.cycle
        let typical = Int((person.follicularMean + person.lutealMean).rounded())
        var start = window.lowerBound.advanced(by: -(1 + g.nextInt(below: max(typical, 1))))
        let logging = person.phenotype.logging
        let independent = (1 - parameters.lutealFollicularCorrelation * parameters.lutealFollicularCorrelation).squareRoot()
        var cycles: [LatentCycle] = []
        var previousForgotten = false
        while start < window.upperBound {
            var stressEvent: ClosedRange<Int>?
            if g.nextBernoulli(parameters.stressEventRate) {
                let first = 1 + g.nextInt(below: 20)
                stressEvent = first...(first + 4 + g.nextInt(below: 10))
            }
            var follicular: Int?, luteal: Int?
            let length: Int
            if g.nextBernoulli(parameters.anovulatoryRate) {
                length = Int(parameters.anovulatoryLengthRange.clamp(
                    g.nextNormal(mean: parameters.anovulatoryLengthMean, standardDeviation: parameters.anovulatoryLengthDeviation)).rounded())
            } else {
                let follicularDeviation = g.nextNormal()
                var days = person.follicularMean + person.follicularSD * follicularDeviation
                if let event = stressEvent, Double(event.lowerBound) < days {
                    days += g.nextUniform(in: parameters.stressDelayDays.low, parameters.stressDelayDays.high)
                }
                if g.nextBernoulli(parameters.outlierRate) {
                    days += g.nextUniform(in: parameters.outlierExtraDays.low, parameters.outlierExtraDays.high)
                }
                let f = max(parameters.minimumFollicularLength, Int(days.rounded()))
                let l: Int
                if g.nextBernoulli(parameters.shortLutealRate) {
                    l = _UserSimulator.wholeDays(parameters.shortLutealLengths, using: &g)
                } else {
                    let deviation = parameters.lutealFollicularCorrelation * follicularDeviation + independent * g.nextNormal()
                    l = Int(parameters.lutealRange.clamp(person.lutealMean + person.lutealSD * deviation).rounded())
                }
                follicular = f
                luteal = l
                length = f + l
            }
            let menses = min(max(Int(g.nextNormal(mean: person.mensesMean, standardDeviation: parameters.mensesWithinUserDeviation).rounded()), 2),
                             min(9, length - 6))
            var mittelschmerzDays: ClosedRange<Int>?
            var zone = BodyZone.leftOvary
            if let f = follicular, person.mittelschmerzLevel > 0,
               g.nextBernoulli(person.phenotype.symptoms.mittelschmerzCycleRate) {
                mittelschmerzDays = g.nextBernoulli(0.5) ? (f - 1)...f : f...(f + 1)
                zone = g.nextBernoulli(0.5) ? .leftOvary : .rightOvary
            }
            let forgotten = !previousForgotten && g.nextBernoulli(logging.forgottenPeriodRate)
            previousForgotten = forgotten
            let lateDays = g.nextBernoulli(logging.lateStartRate)
                ? min(_UserSimulator.wholeDays(logging.lateStartDays, using: &g), menses - 1) : 0
            cycles.append(LatentCycle(start: start, length: length, follicularLength: follicular, lutealLength: luteal,
                                      mensesLength: menses, stressEvent: stressEvent,
                                      mittelschmerzDays: mittelschmerzDays, mittelschmerzZone: zone,
                                      forgotten: forgotten, lateDays: lateDays))
            start = start.advanced(by: length)
        }
        return cycles
    }

    /// Days of the window on which nothing is logged: gaps of `gapWeeks`, each starting in a
    /// user-month with probability `gapMonthlyRate`.
    func silentDays(_ logging: CohortConfig.LoggingParameters, using g: inout SeededGenerator) -> [Bool] {
        var silent = [Bool](repeating: false, count: window.count)
        guard logging.gapMonthlyRate > 0 else { return silent }
        let months = Int((Double(window.count) / 30.4375).rounded(.up))
        for month in 0..<months where g.nextBernoulli(logging.gapMonthlyRate) {
            let first = Int(Double(month) * 30.4375) + g.nextInt(below: 30)
            let length = Int((g.nextUniform(in: logging.gapWeeks.low, logging.gapWeeks.high) * 7).rounded())
            for offset in first..<(first + length) where offset < silent.count { silent[offset] = true }
        }
        return silent
    }

    /// The logged days; nothing on the `silent` days (`silentDays`).
    func simulateDays(_ person: Person, cycles: [LatentCycle], silent: [Bool], using g: inout SeededGenerator) -> [DayRecord] {
        let symptoms = person.phenotype.symptoms
        let logging = person.phenotype.logging
        let phi = person.autoregression
        let innovation = symptoms.noiseDeviation * (1 - phi * phi).squareRoot()
        var energyNoise = g.nextNormal() * symptoms.noiseDeviation
        var moodNoise = g.nextNormal() * symptoms.noiseDeviation
        var sleepNoise = g.nextNormal() * symptoms.noiseDeviation
        var stressNoise = g.nextNormal() * symptoms.noiseDeviation
        var records: [DayRecord] = []
        records.reserveCapacity(window.count)
        var previousFlowMissed = false
        let logAt = log(person.monthlyDecay)
        func clipped(_ value: Double) -> Int { min(max(Int(value.rounded()), 1), 10) }

        for cycle in cycles {
            for cycleDay in 1...cycle.length {
                let day = cycle.start.advanced(by: cycleDay - 1)
                if day >= window.upperBound { return records }
                energyNoise = phi * energyNoise + innovation * g.nextNormal()
                moodNoise = phi * moodNoise + innovation * g.nextNormal()
                sleepNoise = phi * sleepNoise + innovation * g.nextNormal()
                stressNoise = phi * stressNoise + innovation * g.nextNormal()
                guard day >= window.lowerBound else { continue }

                let daysToNext = cycle.length - cycleDay + 1
                let lateLuteal = cycle.follicularLength != nil && daysToNext <= 5
                var shape = cycleDay <= 2 ? -1.0 : (cycleDay == 3 ? -0.5 : 0)
                if lateLuteal {
                    shape = -1
                } else if let f = cycle.follicularLength, cycleDay >= f - 4, cycleDay <= f + 1 {
                    shape = 0.5
                }
                let sleepShape = (lateLuteal || cycleDay <= 2) ? -1.0 : 0
                let weekday = day.weekday
                var stress = person.stressBase + (weekday <= 3 ? 0.4 : (weekday == 4 ? 0 : -0.6)) + stressNoise
                if let event = cycle.stressEvent, event.contains(cycleDay) { stress += symptoms.stressEventBoost }
                let stressExcess = stress - person.stressBase
                let energy = person.energyBase + person.energyEffect * shape + energyNoise
                let mood = person.moodBase + person.moodEffect * shape + moodNoise - symptoms.stressCoupling * stressExcess
                let sleep = person.sleepBase + person.sleepEffect * sleepShape + sleepNoise - symptoms.stressCoupling * stressExcess

                var pain = 0.0
                var zone: BodyZone?
                var painType: PainType?
                if cycleDay <= 3, person.crampLevel > 0 {
                    pain = person.crampLevel * (cycleDay == 3 ? 0.5 : 1) + g.nextNormal(mean: 0, standardDeviation: 0.7)
                    zone = .uterus
                    painType = .cramping
                }
                if let days = cycle.mittelschmerzDays, days.contains(cycleDay) {
                    pain = person.mittelschmerzLevel + g.nextNormal(mean: 0, standardDeviation: 0.7)
                    zone = cycle.mittelschmerzZone
                    painType = .other
                } else if cycleDay > cycle.mensesLength, g.nextBernoulli(symptoms.offMensesPainRate) {
                    pain = g.nextUniform(in: symptoms.offMensesPain.low, symptoms.offMensesPain.high)
                    zone = .uterus
                    painType = .pressure
                } else if pain == 0, g.nextBernoulli(0.02) {
                    pain = g.nextUniform(in: 2, 4)
                    zone = .lowerBack
                    painType = .other
                }

                var flow: Int?
                var flowLogged = false
                if cycleDay <= cycle.mensesLength, cycle.start >= window.lowerBound {
                    let level = _UserSimulator.flowProfile[min(cycleDay, 9) - 1] * person.flowScale + g.nextNormal(mean: 0, standardDeviation: 0.35)
                    flow = min(max(Int(level.rounded()), 1), 5)
                    if cycle.forgotten || cycleDay <= cycle.lateDays {
                        flowLogged = false
                    } else if cycleDay == cycle.lateDays + 1 {
                        // The first logged day of a late start is the one she remembers: always logged.
                        flowLogged = cycle.lateDays > 0 || g.nextBernoulli(logging.periodStartLogRate)
                    } else {
                        flowLogged = previousFlowMissed || g.nextBernoulli(logging.flowDayLogRate)
                    }
                    previousFlowMissed = !flowLogged && !cycle.forgotten && cycleDay > cycle.lateDays
                }
                let offset = window.lowerBound.distance(to: day)
                if silent[offset] {
                    // A gap: nothing is logged, and the next flow day is not forced.
                    previousFlowMissed = false
                    continue
                }

                let months = Double(window.lowerBound.distance(to: day)) / 30.4375
                let adherence = max(logging.minimumAdherence, person.adherence * exp(logAt * months))
                let symptomDay = !person.periodOnly && (g.nextBernoulli(adherence) || (flowLogged && g.nextBernoulli(0.5)))
                var values: [SymptomType: Int] = [:]
                var loggedZone: BodyZone?
                var loggedPainType: PainType?
                if symptomDay {
                    if g.nextBernoulli(logging.symptomLogRate) { values[.mood] = clipped(mood) }
                    if g.nextBernoulli(logging.symptomLogRate) { values[.energy] = clipped(energy) }
                    if g.nextBernoulli(logging.symptomLogRate) { values[.sleep] = clipped(sleep) }
                    if g.nextBernoulli(logging.symptomLogRate) { values[.stress] = clipped(stress) }
                    if pain.rounded() >= 2, g.nextBernoulli(0.9) {
                        values[.pain] = clipped(pain)
                        loggedZone = zone
                        loggedPainType = painType
                    }
                }
                if flowLogged || !values.isEmpty {
                    records.append(DayRecord(date: day, flowIntensity: flowLogged ? flow : nil, symptoms: values,
                                             painZone: loggedZone, painType: loggedPainType))
                }
            }
        }
        return records
    }
}
