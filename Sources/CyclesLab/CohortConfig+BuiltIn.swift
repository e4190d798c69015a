import Cycles
extension CohortConfig {
    /// Names accepted by `named(_:)` (`CohortName`'s).
    public static let builtInNames = CohortName.allCases.map(\.rawValue)

    /// A built-in cohort by name.
    /// - Throws: `DatasetError.unknownCohort` for any other name.
    public static func named(_ name: String) throws -> CohortConfig {
        guard let cohort = CohortName(rawValue: name) else { throw DatasetError.unknownCohort(name: name, known: builtInNames) }
        return cohort.config
    }

    /// Ovulatory, low-variability cycles: per-user follicular SD ≈ 0.5–2.6 d (Bull 2019; Fehring 2006).
    public static var regular: CohortConfig {
        CohortConfig(name: "regular",
                     summary: "Regular cycles: 29.3 d mean, per-user cycle SD mostly 1-3 d, 1.5 % anovulatory, 1 % long outliers.",
                     phenotypes: [regularPhenotype(share: 1)])
    }

    /// Consistently highly variable users (Li 2020; FIGO 2018): per-user follicular SD 3–5.5 d.
    public static var irregular: CohortConfig {
        CohortConfig(name: "irregular",
                     summary: "Irregular cycles: per-user cycle SD above 3 d (follicular SD 3-5.5 d), normal mean length.",
                     phenotypes: [irregularPhenotype(share: 1)])
    }

    /// Oligo-/anovulation (PCOS-like): long cycles, a third anovulatory (45–90 d).
    public static var pcos: CohortConfig {
        CohortConfig(name: "pcos",
                     summary: "PCOS-like: long and variable cycles, 35 % anovulatory cycles of 35-120 d.",
                     phenotypes: [pcosPhenotype(share: 1)])
    }

    /// Endometriosis-like: normal lengths, heavy menstrual pain (7–10) and non-menstrual pelvic pain.
    public static var endometriosis: CohortConfig {
        CohortConfig(name: "endometriosis",
                     summary: "Endometriosis-like: normal cycle lengths, strong pain on menses days 1-3 and pelvic pain off menses.",
                     phenotypes: [endometriosisPhenotype(share: 1)])
    }

    /// A realistic blend: 82 % regular, 10 % irregular, 4 % PCOS-like, 4 % endometriosis-like,
    /// calibrated to the per-woman cycle SD deciles of a charting cohort (Fehring 2006).
    public static var mixed: CohortConfig {
        CohortConfig(name: "mixed",
                     summary: "A realistic blend: 82 % regular, 10 % irregular, 4 % PCOS-like, 4 % endometriosis-like users.",
                     phenotypes: [regularPhenotype(share: 0.82), irregularPhenotype(share: 0.1),
                                  pcosPhenotype(share: 0.04), endometriosisPhenotype(share: 0.04)])
    }

    static func regularPhenotype(share: Double) -> Phenotype {
        Phenotype(name: "regular", share: share, declaredCycleType: .regular,
                  cycle: defaultCycle, symptoms: defaultSymptoms, logging: defaultLogging, signals: .typical)
    }

    static func irregularPhenotype(share: Double) -> Phenotype {
        var cycle = defaultCycle
        cycle.follicularBetweenUserDeviation = 3
        cycle.follicularVariabilityMedian = 4
        cycle.follicularVariabilityLogDeviation = 0.15
        cycle.follicularVariabilityRange = ValueRange(3, 5.5)
        cycle.outlierRate = 0.04
        cycle.stressEventRate = 0.15
        // Marquette women with a per-woman cycle SD > 3 d [C]: no ovulation (peak) charted in 12.5 %
        // of their cycles, pooled luteal SD 2.0 d, luteal ≤ 10 d in 12 % of cycles.
        cycle.anovulatoryRate = 0.10
        cycle.lutealVariabilityMedian = 1.75
        cycle.shortLutealRate = 0
        return Phenotype(name: "irregular", share: share, declaredCycleType: .irregular,
                         cycle: cycle, symptoms: defaultSymptoms, logging: defaultLogging, signals: .typical)
    }

    static func pcosPhenotype(share: Double) -> Phenotype {
        var cycle = defaultCycle
        cycle.follicularMean = 22
        cycle.follicularBetweenUserDeviation = 4
        cycle.follicularVariabilityMedian = 5
        cycle.follicularVariabilityLogDeviation = 0.3
        cycle.follicularVariabilityRange = ValueRange(3, 10)
        cycle.anovulatoryRate = 0.35
        cycle.anovulatoryLengthMean = 55
        cycle.anovulatoryLengthDeviation = 15
        cycle.anovulatoryLengthRange = ValueRange(35, 120)
        cycle.outlierRate = 0.05
        cycle.stressEventRate = 0.15
        // A raised baseline LH reads positive on some test days [I: 20-40 %, signals.md].
        var signals = SignalParameters.typical
        signals.lhTest.tonicPositiveRate = 0.3
        return Phenotype(name: "pcos", share: share, declaredCycleType: .irregular, conditions: ["sopk"],
                         cycle: cycle, symptoms: defaultSymptoms, logging: defaultLogging, signals: signals)
    }

    static func endometriosisPhenotype(share: Double) -> Phenotype {
        var cycle = defaultCycle
        cycle.follicularVariabilityMedian = 1.5
        cycle.follicularVariabilityRange = ValueRange(0.5, 3.0)
        cycle.mensesLengthMean = 6
        cycle.flowScale = ValueRange(0.9, 1.5)
        var symptoms = defaultSymptoms
        symptoms.cramps = SignalEffect(effect: ValueRange(7, 10), affectedShare: 0.9)
        symptoms.offMensesPainRate = 0.08
        symptoms.offMensesPain = ValueRange(3, 6)
        return Phenotype(name: "endometriosis", share: share, declaredCycleType: .regular, conditions: ["endo"],
                         cycle: cycle, symptoms: symptoms, logging: defaultLogging, signals: .typical)
    }

    static var defaultCycle: CycleParameters {
        CycleParameters(
            ageRange: ValueRange(18, 45), follicularMean: 16.1, follicularBetweenUserDeviation: 2.5, referenceAge: 32,
            ageSlopePerYear: -0.19, follicularVariabilityMedian: 1.1, follicularVariabilityLogDeviation: 0.4,
            follicularVariabilityRange: ValueRange(0.5, 2.6), minimumFollicularLength: 8,
            lutealMean: 13.3, lutealBetweenUserDeviation: 1.6, lutealVariabilityMedian: 1.0,
            lutealVariabilityLogDeviation: 0.45, lutealVariability: ValueRange(0.4, 3.0), lutealFollicularCorrelation: -0.16,
            shortLutealRate: 0.015, shortLutealLengths: ValueRange(7, 10), lutealRange: ValueRange(7, 17), anovulatoryRate: 0.015, anovulatoryLengthMean: 33,
            anovulatoryLengthDeviation: 6, anovulatoryLengthRange: ValueRange(22, 60), outlierRate: 0.01,
            outlierExtraDays: ValueRange(6, 14), stressEventRate: 0.08, stressDelayDays: ValueRange(1, 3),
            mensesLengthMean: 5.5, mensesBetweenUserDeviation: 0.8, mensesWithinUserDeviation: 0.7, flowScale: ValueRange(0.7, 1.3))
    }

    static var defaultSymptoms: SymptomParameters {
        SymptomParameters(
            energy: SignalEffect(effect: ValueRange(1.0, 1.5), affectedShare: 0.6),
            mood: SignalEffect(effect: ValueRange(0.8, 1.2), affectedShare: 0.5),
            sleep: SignalEffect(effect: ValueRange(0.5, 1.0), affectedShare: 0.4),
            mittelschmerz: SignalEffect(effect: ValueRange(3, 6), affectedShare: 0.3),
            mittelschmerzCycleRate: 0.6,
            cramps: SignalEffect(effect: ValueRange(4, 8), affectedShare: 0.65),
            offMensesPainRate: 0.01, offMensesPain: ValueRange(2, 4),
            baseline: ValueRange(4.5, 7.5), stressBaseline: ValueRange(2.5, 5), stressEventBoost: 3,
            stressCoupling: 0.3, noiseDeviation: 1.5, autoregression: ValueRange(0.5, 0.7))
    }

    static var defaultLogging: LoggingParameters {
        LoggingParameters(initialAdherence: ValueRange(0.5, 0.9), monthlyDecay: ValueRange(0.92, 0.99),
                          minimumAdherence: 0.15, periodStartLogRate: 0.99, flowDayLogRate: 0.93,
                          symptomLogRate: 0.85, periodOnlyShare: 0.4, gapMonthlyRate: 0.04, gapWeeks: ValueRange(2, 6),
                          forgottenPeriodRate: 0.04, lateStartRate: 0.15, lateStartDays: ValueRange(1, 2),
                          declaredLengthShare: 0.3, declaredLengthDeviation: 2.5, declaredLengthRoundNumberRate: 0.5)
    }
}
