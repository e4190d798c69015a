import Cycles
extension CohortConfig {
    /// A closed interval `[low, high]` written as a two-element JSON array; values are drawn
    /// uniformly from it.
    package struct ValueRange: Codable, Sendable, Equatable {
        /// Lower end.
        package var low: Double
        /// Upper end.
        package var high: Double

        /// Creates `[low, high]`.
        package init(_ low: Double, _ high: Double) {
            self.low = low
            self.high = high
        }

        /// The midpoint.
        package var middle: Double { (low + high) / 2 }

        /// Both ends multiplied by `factor`.
        package func scaled(by factor: Double) -> ValueRange { ValueRange(low * factor, high * factor) }

        /// Clamps `value` into the interval.
        package func clamp(_ value: Double) -> Double { min(max(value, low), high) }

        package init(from decoder: Decoder) throws {
            var container = try decoder.unkeyedContainer()
            low = try container.decode(Double.self)
            high = try container.decode(Double.self)
            guard low <= high else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected [low, high] with low <= high, found [\(low), \(high)]")
            }
        }

        package func encode(to encoder: Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(low)
            try container.encode(high)
        }
    }

    /// A symptom effect: per-user size drawn from `effect` for the `affectedShare` of users, 0 for the rest.
    package struct SignalEffect: Codable, Sendable, Equatable {
        /// Effect size range (points on the 1–10 scale) for affected users.
        package var effect: ValueRange
        /// Share of users who show the effect.
        package var affectedShare: Double

        /// Creates an effect.
        package init(effect: ValueRange, affectedShare: Double) {
            self.effect = effect
            self.affectedShare = affectedShare
        }

        /// Size and share halved.
        package func halved() -> SignalEffect { SignalEffect(effect: effect.scaled(by: 0.5), affectedShare: affectedShare / 2) }
    }

    /// One kind of user in a cohort.
    package struct Phenotype: Codable, Sendable, Equatable {
        /// Phenotype name (`regular`, `irregular`, `pcos`, `endometriosis`); written to `truth.csv` for blends.
        package var name: String
        /// Share of the cohort's users.
        package var share: Double
        /// Cycle type the user declares at onboarding (`regular` / `irregular`); 10 % say `unknown`.
        package var declaredCycleType: CycleType
        /// Conditions the user declares (e.g. `["sopk"]`).
        package var conditions: [String]
        /// Cycle and phase lengths.
        package var cycle: CycleParameters
        /// Daily symptom shapes and effect sizes.
        package var symptoms: SymptomParameters
        /// Logging behaviour.
        package var logging: LoggingParameters
        /// Fertility signals and who logs them (version 3; `never` when read from an older file).
        package var signals: SignalParameters

        /// Creates a phenotype; `signals` defaults to `never` (nobody logs a signal).
        package init(name: String, share: Double, declaredCycleType: CycleType, conditions: [String] = [],
                    cycle: CycleParameters, symptoms: SymptomParameters, logging: LoggingParameters,
                    signals: SignalParameters = .never) {
            self.name = name
            self.share = share
            self.declaredCycleType = declaredCycleType
            self.conditions = conditions
            self.cycle = cycle
            self.symptoms = symptoms
            self.logging = logging
            self.signals = signals
        }

        enum CodingKeys: String, CodingKey {
            case name, share, declaredCycleType, conditions, cycle, symptoms, logging, signals
        }

        package init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = try c.decode(String.self, forKey: .name)
            share = try c.decode(Double.self, forKey: .share)
            declaredCycleType = try c.decode(CycleType.self, forKey: .declaredCycleType)
            conditions = try c.decode([String].self, forKey: .conditions)
            cycle = try c.decode(CycleParameters.self, forKey: .cycle)
            symptoms = try c.decode(SymptomParameters.self, forKey: .symptoms)
            logging = try c.decode(LoggingParameters.self, forKey: .logging)
            // Required in a version 3 file (`CohortConfig.init(from:)` checks it); absent before.
            signals = try c.decodeIfPresent(SignalParameters.self, forKey: .signals) ?? .never
        }

        /// Symptom effects and affected shares halved.
        package func weakened() -> Phenotype {
            var copy = self
            copy.symptoms.energy = symptoms.energy.halved()
            copy.symptoms.mood = symptoms.mood.halved()
            copy.symptoms.sleep = symptoms.sleep.halved()
            copy.symptoms.mittelschmerz = symptoms.mittelschmerz.halved()
            copy.symptoms.cramps = symptoms.cramps.halved()
            copy.symptoms.offMensesPainRate = symptoms.offMensesPainRate / 2
            return copy
        }
    }

    /// Cycle and phase length parameters (days). Follicular length = cycle day of ovulation;
    /// cycle length = follicular + luteal.
    package struct CycleParameters: Codable, Sendable, Equatable {
        /// User age range (years), drawn uniformly.
        package var ageRange: ValueRange
        /// Population mean of the personal mean follicular length at `referenceAge`.
        package var follicularMean: Double
        /// Between-user SD of the personal mean follicular length.
        package var follicularBetweenUserDeviation: Double
        /// Age the follicular mean refers to.
        package var referenceAge: Double
        /// Change of the follicular length per year of age, applied between ages 25 and 45 (Bull 2019: −0.19 d/y).
        package var ageSlopePerYear: Double
        /// Median of the per-user within-user SD of the follicular length (log-normal across users).
        package var follicularVariabilityMedian: Double
        /// SD of log(per-user follicular SD).
        package var follicularVariabilityLogDeviation: Double
        /// Clamp for the per-user follicular SD.
        package var follicularVariabilityRange: ValueRange
        /// Shortest follicular phase.
        package var minimumFollicularLength: Int
        /// Population mean of the personal luteal mean, luteal = cycle length − cycle day of
        /// ovulation. Marquette charts (Fehring 2006 file, luteal phases of 5–20 d, 132 women with
        /// ≥ 3 of them): 13.1 d [C]; Bull 2019: 12.4 d. Version 1: 12.4.
        package var lutealMean: Double
        /// Between-user SD of the personal luteal mean. Marquette: SD of the women's means 1.59 d
        /// [C] (which includes the sampling noise of ≈ 10 cycles per woman, so the latent value is a
        /// little lower). Version 1: 1.4.
        package var lutealBetweenUserDeviation: Double
        /// Median of the per-user within-user luteal SD (log-normal across users, like the
        /// follicular SD). Marquette: per-woman luteal SD quartiles 0.79 / 1.08 / 1.73 d, pooled
        /// 1.48 d (all women) and 2.0 d (irregular women) [C]. Version 1 files read as the middle of
        /// `lutealVariability` with no spread.
        package var lutealVariabilityMedian: Double
        /// SD of log(per-user luteal SD). Version 1: 0.
        package var lutealVariabilityLogDeviation: Double
        /// Clamp for the per-user within-user luteal SD (version 1: the range it was drawn from uniformly).
        package var lutealVariability: ValueRange
        /// Within-user correlation of the luteal deviation with the follicular deviation of the same
        /// cycle. Marquette: −0.16 (pooled within-woman correlation of ovulation day and luteal
        /// length) [C]; it is why the cycle SD (2.43 d) is below √(2.19² + 1.48²). Version 1: 0.
        package var lutealFollicularCorrelation: Double
        /// Per-cycle probability of a short luteal phase drawn from `shortLutealLengths` instead of
        /// her own distribution. Luteal ≤ 10 d: 9.5 % of Marquette cycles (12 % for irregular women)
        /// [C]; "up to 20 %" (Symul 2019); 5.2 % abnormally short (Lenton 1984). Version 1: 0.
        package var shortLutealRate: Double
        /// Length range of a short luteal phase (whole days, uniform) [assumption: 7–10 d, the
        /// "≤ 10 d" of the sources above the Bull 2019 2.5th percentile of 7 d].
        package var shortLutealLengths: ValueRange
        /// Clamp for luteal lengths.
        package var lutealRange: ValueRange
        /// Share of anovulatory cycles (no ovulation, no luteal or mid-cycle signals).
        package var anovulatoryRate: Double
        /// Mean length of an anovulatory cycle.
        package var anovulatoryLengthMean: Double
        /// SD of the anovulatory cycle length.
        package var anovulatoryLengthDeviation: Double
        /// Clamp for anovulatory cycle lengths.
        package var anovulatoryLengthRange: ValueRange
        /// Share of long outlier cycles (illness, travel): ovulation delayed by `outlierExtraDays`.
        package var outlierRate: Double
        /// Extra follicular days of an outlier cycle.
        package var outlierExtraDays: ValueRange
        /// Per-cycle probability of a stress event (raises logged stress; delays ovulation if it falls before it).
        package var stressEventRate: Double
        /// Ovulation delay caused by a stress event in the follicular phase (days).
        package var stressDelayDays: ValueRange
        /// Mean menses length (Fehring 2006: 5.2–5.8 d).
        package var mensesLengthMean: Double
        /// Between-user SD of the personal menses length.
        package var mensesBetweenUserDeviation: Double
        /// Within-user SD of the menses length.
        package var mensesWithinUserDeviation: Double
        /// Per-user multiplier of the flow profile (heaviest on day 2).
        package var flowScale: ValueRange
    
        /// Memberwise, for the lab's built-in cohorts.
        package init(ageRange: ValueRange,
                 follicularMean: Double,
                 follicularBetweenUserDeviation: Double,
                 referenceAge: Double,
                 ageSlopePerYear: Double,
                 follicularVariabilityMedian: Double,
                 follicularVariabilityLogDeviation: Double,
                 follicularVariabilityRange: ValueRange,
                 minimumFollicularLength: Int,
                 lutealMean: Double,
                 lutealBetweenUserDeviation: Double,
                 lutealVariabilityMedian: Double,
                 lutealVariabilityLogDeviation: Double,
                 lutealVariability: ValueRange,
                 lutealFollicularCorrelation: Double,
                 shortLutealRate: Double,
                 shortLutealLengths: ValueRange,
                 lutealRange: ValueRange,
                 anovulatoryRate: Double,
                 anovulatoryLengthMean: Double,
                 anovulatoryLengthDeviation: Double,
                 anovulatoryLengthRange: ValueRange,
                 outlierRate: Double,
                 outlierExtraDays: ValueRange,
                 stressEventRate: Double,
                 stressDelayDays: ValueRange,
                 mensesLengthMean: Double,
                 mensesBetweenUserDeviation: Double,
                 mensesWithinUserDeviation: Double,
                 flowScale: ValueRange) {
            self.ageRange = ageRange
            self.follicularMean = follicularMean
            self.follicularBetweenUserDeviation = follicularBetweenUserDeviation
            self.referenceAge = referenceAge
            self.ageSlopePerYear = ageSlopePerYear
            self.follicularVariabilityMedian = follicularVariabilityMedian
            self.follicularVariabilityLogDeviation = follicularVariabilityLogDeviation
            self.follicularVariabilityRange = follicularVariabilityRange
            self.minimumFollicularLength = minimumFollicularLength
            self.lutealMean = lutealMean
            self.lutealBetweenUserDeviation = lutealBetweenUserDeviation
            self.lutealVariabilityMedian = lutealVariabilityMedian
            self.lutealVariabilityLogDeviation = lutealVariabilityLogDeviation
            self.lutealVariability = lutealVariability
            self.lutealFollicularCorrelation = lutealFollicularCorrelation
            self.shortLutealRate = shortLutealRate
            self.shortLutealLengths = shortLutealLengths
            self.lutealRange = lutealRange
            self.anovulatoryRate = anovulatoryRate
            self.anovulatoryLengthMean = anovulatoryLengthMean
            self.anovulatoryLengthDeviation = anovulatoryLengthDeviation
            self.anovulatoryLengthRange = anovulatoryLengthRange
            self.outlierRate = outlierRate
            self.outlierExtraDays = outlierExtraDays
            self.stressEventRate = stressEventRate
            self.stressDelayDays = stressDelayDays
            self.mensesLengthMean = mensesLengthMean
            self.mensesBetweenUserDeviation = mensesBetweenUserDeviation
            self.mensesWithinUserDeviation = mensesWithinUserDeviation
            self.flowScale = flowScale
        }
    }

    /// Daily symptom parameters (1–10 scale; pain 1–10 logged only when ≥ 2).
    package struct SymptomParameters: Codable, Sendable, Equatable {
        /// Energy dip in the late luteal phase (last 5 days) and on menses days 1–2 vs follicular; half of it as a peak around ovulation.
        package var energy: SignalEffect
        /// Mood dip, same windows.
        package var mood: SignalEffect
        /// Sleep-quality dip in the late luteal phase and on menses days 1–2.
        package var sleep: SignalEffect
        /// One-sided ovary pain (`left_ovary`/`right_ovary`) on the ovulation day and the day before or after.
        package var mittelschmerz: SignalEffect
        /// Share of a mittelschmerz user's ovulatory cycles that show it.
        package var mittelschmerzCycleRate: Double
        /// Cramps (`uterus`, `cramping`) on menses days 1–2 (half on day 3): pain level range and affected share.
        package var cramps: SignalEffect
        /// Daily probability of non-menstrual pelvic pain (endometriosis-like).
        package var offMensesPainRate: Double
        /// Level of non-menstrual pelvic pain.
        package var offMensesPain: ValueRange
        /// Per-user baseline level of energy, mood and sleep (drawn uniformly).
        package var baseline: ValueRange
        /// Per-user baseline stress.
        package var stressBaseline: ValueRange
        /// Stress boost during a stress event.
        package var stressEventBoost: Double
        /// How much stress above baseline lowers mood and sleep (points per point).
        package var stressCoupling: Double
        /// Daily noise SD (stationary SD of the AR(1) process).
        package var noiseDeviation: Double
        /// AR(1) coefficient φ per user, drawn uniformly.
        package var autoregression: ValueRange
    
        /// Memberwise, for the lab's built-in cohorts.
        package init(energy: SignalEffect,
                 mood: SignalEffect,
                 sleep: SignalEffect,
                 mittelschmerz: SignalEffect,
                 mittelschmerzCycleRate: Double,
                 cramps: SignalEffect,
                 offMensesPainRate: Double,
                 offMensesPain: ValueRange,
                 baseline: ValueRange,
                 stressBaseline: ValueRange,
                 stressEventBoost: Double,
                 stressCoupling: Double,
                 noiseDeviation: Double,
                 autoregression: ValueRange) {
            self.energy = energy
            self.mood = mood
            self.sleep = sleep
            self.mittelschmerz = mittelschmerz
            self.mittelschmerzCycleRate = mittelschmerzCycleRate
            self.cramps = cramps
            self.offMensesPainRate = offMensesPainRate
            self.offMensesPain = offMensesPain
            self.baseline = baseline
            self.stressBaseline = stressBaseline
            self.stressEventBoost = stressEventBoost
            self.stressCoupling = stressCoupling
            self.noiseDeviation = noiseDeviation
            self.autoregression = autoregression
        }
    }

    /// Logging behaviour: what of the latent cycles and symptoms reaches the app's tables
    /// (fertility signals: `SignalParameters`).
    /// Version 2 adds the knobs after `symptomLogRate`; a version 1 file is read with each of
    /// them at the value that reproduces version 1 behaviour (noted per knob).
    package struct LoggingParameters: Codable, Sendable, Equatable {
        /// Share of days with symptom logs in the first month, per user (30–80 %: the statistics
        /// brief, `Datasets/REFERENCE-STATISTICS.md`; Kindara: 0.69 of days, Symul 2019).
        package var initialAdherence: ValueRange
        /// Monthly multiplicative decay of the adherence, per user [assumption: "falling over months"].
        package var monthlyDecay: ValueRange
        /// Floor of the adherence [assumption].
        package var minimumAdherence: Double
        /// Probability that a period's first day is logged [assumption].
        package var periodStartLogRate: Double
        /// Probability that another flow day is logged (two flow days in a row are never both missed) [assumption].
        package var flowDayLogRate: Double
        /// Probability that each of mood, energy, sleep and stress is logged on a logging day [assumption].
        package var symptomLogRate: Double
        /// Share of users who log flow days only: no symptom row at all [assumption, 35–50 % from
        /// the generator issue: most period-tracker users track the period alone]. Version 1: 0.
        package var periodOnlyShare: Double
        /// Per user-month probability that a gap starts in that month: nothing logged (periods
        /// included) for `gapWeeks` [assumption]. Version 1: 0.
        package var gapMonthlyRate: Double
        /// Length of a gap in weeks, drawn uniformly and rounded to whole days [assumption: 2–6 weeks].
        package var gapWeeks: ValueRange
        /// Per-period probability that a whole period is not logged (no flow day; symptoms go on):
        /// the app then sees one double-length cycle. A period right after a forgotten one is
        /// always logged, so a rate of 1 forgets every other period [assumption: 3–5 %]. Version 1: 0.
        package var forgottenPeriodRate: Double
        /// Per-period probability that the first flow days are not logged, so the logged start is
        /// late by `lateStartDays` [assumption: 10–20 % of periods]. Version 1: 0.
        package var lateStartRate: Double
        /// How many days late a late start is logged, whole days drawn uniformly (never the whole
        /// period: at least its last day stays) [assumption: 1–2 d].
        package var lateStartDays: ValueRange
        /// Share of users whose `preferences` carry `typical_cycle_length` (the others have no such
        /// key: in the app's schema `preferences` holds settings) [assumption: ≈ 0.3]. Version 1: 1.
        package var declaredLengthShare: Double
        /// SD of the declared length around her true mean cycle length before rounding to whole
        /// days [assumption: 2–3 d; people misremember their cycle]. Version 1: 1.5.
        package var declaredLengthDeviation: Double
        /// Share of declared lengths snapped to the round values 28 or 30 (28 when the noisy value
        /// is below 29.5, else 30; only when it rounds to 24...34) [assumption: only 15 % of women have
        /// 28-d cycles (Johnson 2018) while 28 is the textbook value]. Version 1: 0.
        package var declaredLengthRoundNumberRate: Double

        /// Creates logging parameters; the version 2 knobs default to their version 1 behaviour (off).
        package init(initialAdherence: ValueRange, monthlyDecay: ValueRange, minimumAdherence: Double,
                    periodStartLogRate: Double, flowDayLogRate: Double, symptomLogRate: Double,
                    periodOnlyShare: Double = 0, gapMonthlyRate: Double = 0, gapWeeks: ValueRange = ValueRange(2, 6),
                    forgottenPeriodRate: Double = 0, lateStartRate: Double = 0, lateStartDays: ValueRange = ValueRange(1, 2),
                    declaredLengthShare: Double = 1, declaredLengthDeviation: Double = 1.5,
                    declaredLengthRoundNumberRate: Double = 0) {
            self.initialAdherence = initialAdherence
            self.monthlyDecay = monthlyDecay
            self.minimumAdherence = minimumAdherence
            self.periodStartLogRate = periodStartLogRate
            self.flowDayLogRate = flowDayLogRate
            self.symptomLogRate = symptomLogRate
            self.periodOnlyShare = periodOnlyShare
            self.gapMonthlyRate = gapMonthlyRate
            self.gapWeeks = gapWeeks
            self.forgottenPeriodRate = forgottenPeriodRate
            self.lateStartRate = lateStartRate
            self.lateStartDays = lateStartDays
            self.declaredLengthShare = declaredLengthShare
            self.declaredLengthDeviation = declaredLengthDeviation
            self.declaredLengthRoundNumberRate = declaredLengthRoundNumberRate
        }
    }
}

// MARK: Reading version 1 configs

extension CohortConfig.Phenotype {
    /// The knobs added since version 1 (`cycle.<key>`, `logging.<key>`, camelCase; `signals` from
    /// version 3) missing from the next phenotype of `list`, for a file of `version` ≥ 2. The
    /// keys inside `signals` are all required by its decoder.
    static func missingKeys(in list: inout UnkeyedDecodingContainer, version: Int) throws -> [String] {
        let phenotype = try list.nestedContainer(keyedBy: _NamedKey.self)
        let cycle = try phenotype.nestedContainer(keyedBy: _NamedKey.self, forKey: _NamedKey("cycle"))
        let logging = try phenotype.nestedContainer(keyedBy: _NamedKey.self, forKey: _NamedKey("logging"))
        var signals = version >= 3 && !phenotype.contains(_NamedKey("signals")) ? ["signals"] : []
        if version >= 4, signals.isEmpty {
            let section = try phenotype.nestedContainer(keyedBy: _NamedKey.self, forKey: _NamedKey("signals"))
            let bbt = try section.nestedContainer(keyedBy: _NamedKey.self, forKey: _NamedKey("basalBodyTemperature"))
            signals = CohortConfig.BasalTemperatureParameters.version4Keys.filter { !bbt.contains(_NamedKey($0)) }
                .map { "signals.basal_body_temperature.\($0)" }
        }
        return CohortConfig.CycleParameters.version2Keys.filter { !cycle.contains(_NamedKey($0)) }.map { "cycle.\($0)" }
            + CohortConfig.LoggingParameters.version2Keys.filter { !logging.contains(_NamedKey($0)) }.map { "logging.\($0)" }
            + signals
    }
}

extension CohortConfig.CycleParameters {
    /// Keys added in version 2 (a version 2 file must have them all).
    static let version2Keys = ["lutealVariabilityMedian", "lutealVariabilityLogDeviation",
                               "lutealFollicularCorrelation", "shortLutealRate", "shortLutealLengths"]

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        ageRange = try c.decode(CohortConfig.ValueRange.self, forKey: .ageRange)
        follicularMean = try c.decode(Double.self, forKey: .follicularMean)
        follicularBetweenUserDeviation = try c.decode(Double.self, forKey: .follicularBetweenUserDeviation)
        referenceAge = try c.decode(Double.self, forKey: .referenceAge)
        ageSlopePerYear = try c.decode(Double.self, forKey: .ageSlopePerYear)
        follicularVariabilityMedian = try c.decode(Double.self, forKey: .follicularVariabilityMedian)
        follicularVariabilityLogDeviation = try c.decode(Double.self, forKey: .follicularVariabilityLogDeviation)
        follicularVariabilityRange = try c.decode(CohortConfig.ValueRange.self, forKey: .follicularVariabilityRange)
        minimumFollicularLength = try c.decode(Int.self, forKey: .minimumFollicularLength)
        lutealMean = try c.decode(Double.self, forKey: .lutealMean)
        lutealBetweenUserDeviation = try c.decode(Double.self, forKey: .lutealBetweenUserDeviation)
        lutealVariability = try c.decode(CohortConfig.ValueRange.self, forKey: .lutealVariability)
        lutealVariabilityMedian = try c.decodeIfPresent(Double.self, forKey: .lutealVariabilityMedian) ?? lutealVariability.middle
        lutealVariabilityLogDeviation = try c.decodeIfPresent(Double.self, forKey: .lutealVariabilityLogDeviation) ?? 0
        lutealFollicularCorrelation = try c.decodeIfPresent(Double.self, forKey: .lutealFollicularCorrelation) ?? 0
        shortLutealRate = try c.decodeIfPresent(Double.self, forKey: .shortLutealRate) ?? 0
        shortLutealLengths = try c.decodeIfPresent(CohortConfig.ValueRange.self, forKey: .shortLutealLengths) ?? CohortConfig.ValueRange(7, 10)
        lutealRange = try c.decode(CohortConfig.ValueRange.self, forKey: .lutealRange)
        anovulatoryRate = try c.decode(Double.self, forKey: .anovulatoryRate)
        anovulatoryLengthMean = try c.decode(Double.self, forKey: .anovulatoryLengthMean)
        anovulatoryLengthDeviation = try c.decode(Double.self, forKey: .anovulatoryLengthDeviation)
        anovulatoryLengthRange = try c.decode(CohortConfig.ValueRange.self, forKey: .anovulatoryLengthRange)
        outlierRate = try c.decode(Double.self, forKey: .outlierRate)
        outlierExtraDays = try c.decode(CohortConfig.ValueRange.self, forKey: .outlierExtraDays)
        stressEventRate = try c.decode(Double.self, forKey: .stressEventRate)
        stressDelayDays = try c.decode(CohortConfig.ValueRange.self, forKey: .stressDelayDays)
        mensesLengthMean = try c.decode(Double.self, forKey: .mensesLengthMean)
        mensesBetweenUserDeviation = try c.decode(Double.self, forKey: .mensesBetweenUserDeviation)
        mensesWithinUserDeviation = try c.decode(Double.self, forKey: .mensesWithinUserDeviation)
        flowScale = try c.decode(CohortConfig.ValueRange.self, forKey: .flowScale)
    }
}

extension CohortConfig.LoggingParameters {
    /// Keys added in version 2 (a version 2 file must have them all).
    static let version2Keys = ["periodOnlyShare", "gapMonthlyRate", "gapWeeks", "forgottenPeriodRate",
                               "lateStartRate", "lateStartDays", "declaredLengthShare",
                               "declaredLengthDeviation", "declaredLengthRoundNumberRate"]

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let v1 = CohortConfig.LoggingParameters(
            initialAdherence: try c.decode(CohortConfig.ValueRange.self, forKey: .initialAdherence),
            monthlyDecay: try c.decode(CohortConfig.ValueRange.self, forKey: .monthlyDecay),
            minimumAdherence: try c.decode(Double.self, forKey: .minimumAdherence),
            periodStartLogRate: try c.decode(Double.self, forKey: .periodStartLogRate),
            flowDayLogRate: try c.decode(Double.self, forKey: .flowDayLogRate),
            symptomLogRate: try c.decode(Double.self, forKey: .symptomLogRate))
        self = v1
        periodOnlyShare = try c.decodeIfPresent(Double.self, forKey: .periodOnlyShare) ?? v1.periodOnlyShare
        gapMonthlyRate = try c.decodeIfPresent(Double.self, forKey: .gapMonthlyRate) ?? v1.gapMonthlyRate
        gapWeeks = try c.decodeIfPresent(CohortConfig.ValueRange.self, forKey: .gapWeeks) ?? v1.gapWeeks
        forgottenPeriodRate = try c.decodeIfPresent(Double.self, forKey: .forgottenPeriodRate) ?? v1.forgottenPeriodRate
        lateStartRate = try c.decodeIfPresent(Double.self, forKey: .lateStartRate) ?? v1.lateStartRate
        lateStartDays = try c.decodeIfPresent(CohortConfig.ValueRange.self, forKey: .lateStartDays) ?? v1.lateStartDays
        declaredLengthShare = try c.decodeIfPresent(Double.self, forKey: .declaredLengthShare) ?? v1.declaredLengthShare
        declaredLengthDeviation = try c.decodeIfPresent(Double.self, forKey: .declaredLengthDeviation) ?? v1.declaredLengthDeviation
        declaredLengthRoundNumberRate = try c.decodeIfPresent(Double.self, forKey: .declaredLengthRoundNumberRate)
            ?? v1.declaredLengthRoundNumberRate
    }
}
