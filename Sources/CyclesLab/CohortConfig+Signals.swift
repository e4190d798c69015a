import Cycles
extension CohortConfig {
    /// Fertility signals a phenotype's users log (config version 3, 4): urinary LH tests, basal body
    /// temperature, a wearable's wrist temperature and cervical mucus. Each signal has its
    /// adherence personas (who logs it at all, and how) and its physiology relative to the
    /// latent ovulation day; anovulatory cycles give no true surge, shift or mucus peak.
    ///
    /// Sources, marked as in `../shared/research/signals.md` (copied into
    /// `Datasets/REFERENCE-STATISTICS.md`): [S] stated by the cited source, [C] computed from a
    /// public file, [I] an inference or suggested parameter, [assumption] ours. A version 1 or 2
    /// config reads with `never` (no user logs any signal), which leaves every generated file but
    /// `measurements.csv` as before.
    package struct SignalParameters: Codable, Sendable, Equatable {
        /// Urinary LH tests.
        package var lhTest: LHTestParameters
        /// Oral basal body temperature.
        package var basalBodyTemperature: BasalTemperatureParameters
        /// A wearable's nightly wrist-temperature deviation.
        package var wristTemperature: WristTemperatureParameters
        /// Cervical-mucus charting.
        package var cervicalMucus: CervicalMucusParameters

        /// Creates signal parameters.
        package init(lhTest: LHTestParameters, basalBodyTemperature: BasalTemperatureParameters,
                    wristTemperature: WristTemperatureParameters, cervicalMucus: CervicalMucusParameters) {
            self.lhTest = lhTest
            self.basalBodyTemperature = basalBodyTemperature
            self.wristTemperature = wristTemperature
            self.cervicalMucus = cervicalMucus
        }

        /// The built-in physiology with every adherence share set to 0: nobody logs a signal (what
        /// a version 1 or 2 config reads as).
        package static var never: SignalParameters {
            var parameters = SignalParameters.typical
            parameters.lhTest.everyCycleShare = 0
            parameters.lhTest.someCyclesShare = 0
            parameters.basalBodyTemperature.userShare = 0
            parameters.wristTemperature.userShare = 0
            parameters.cervicalMucus.userShare = 0
            return parameters
        }

        /// The built-in values for an ovulatory phenotype (each knob's doc comment gives its source).
        package static var typical: SignalParameters {
            SignalParameters(
                lhTest: LHTestParameters(
                    everyCycleShare: 0.15, someCyclesShare: 0.15, everyCycleTestRate: 0.85, someCyclesTestRate: 0.4,
                    firstTestDay: 9, daysBeforeUsualOvulation: 5, testDays: ValueRange(5, 10), dayAdherence: ValueRange(0.7, 0.9),
                    surgeDetectionRate: 0.9, surgeOnsetMean: -1, surgeOnsetDeviation: 0.9, surgeDays: ValueRange(1, 3),
                    falsePositiveRate: 0.1, tonicPositiveRate: 0, source: "manual"),
                basalBodyTemperature: BasalTemperatureParameters(
                    userShare: 0.1, dayLogRate: ValueRange(0.55, 0.9), baselineMean: 36.23, baselineDeviation: 0.15,
                    noiseDeviation: ValueRange(0.10, 0.14), shiftMean: 0.30, shiftDeviation: 0.13, flatCycleRate: 0.2,
                    shiftDelayDays: ValueRange(1, 3), disturbedReadingRate: 0.05, disturbedOffset: ValueRange(0.1, 0.4),
                    source: "manual"),
                wristTemperature: WristTemperatureParameters(
                    userShare: 0.25, nightAvailability: ValueRange(0.8, 0.9), meanGapNights: 2.5, baselineNights: 5,
                    shift: ValueRange(0.2, 0.35), noiseDeviation: ValueRange(0.10, 0.15), flatCycleRate: 0.15,
                    shiftOnsetMean: 0.5, shiftOnsetDeviation: 0.9, source: "healthkit"),
                cervicalMucus: CervicalMucusParameters(
                    userShare: 0.1, dayLogRate: ValueRange(0.7, 0.95), peakOffsetMean: -0.3, peakOffsetDeviation: 1.2,
                    missedPeakRate: 0.05, fertileOnsetDays: ValueRange(3, 7), source: "manual"))
        }

        /// Checks rates, shares and ranges; `fail` builds the error for a reason.
        func validate(_ fail: (String) -> DatasetError) throws {
            let lh = lhTest, bbt = basalBodyTemperature, wrist = wristTemperature, mucus = cervicalMucus
            let rates = [lh.everyCycleShare, lh.someCyclesShare, lh.everyCycleTestRate, lh.someCyclesTestRate,
                         lh.dayAdherence.low, lh.dayAdherence.high, lh.surgeDetectionRate, lh.falsePositiveRate, lh.tonicPositiveRate,
                         bbt.userShare, bbt.dayLogRate.low, bbt.dayLogRate.high, bbt.flatCycleRate, bbt.disturbedReadingRate,
                         wrist.userShare, wrist.nightAvailability.low, wrist.nightAvailability.high, wrist.flatCycleRate,
                         mucus.userShare, mucus.dayLogRate.low, mucus.dayLogRate.high, mucus.missedPeakRate]
            guard rates.allSatisfy({ (0...1).contains($0) }) else { throw fail("signals: rates and shares must lie in 0...1") }
            guard lh.everyCycleShare + lh.someCyclesShare <= 1 + 1e-9 else {
                throw fail("signals.lh_test: every_cycle_share + some_cycles_share must be at most 1")
            }
            guard lh.firstTestDay >= 1, lh.testDays.low >= 1, lh.surgeDays.low >= 1, lh.surgeOnsetDeviation >= 0 else {
                throw fail("signals.lh_test: first_test_day, test_days and surge_days must be at least 1, surge_onset_deviation non-negative")
            }
            guard wrist.nightAvailability.low > 0, wrist.meanGapNights >= 1, wrist.baselineNights >= 0 else {
                throw fail("signals.wrist_temperature: night_availability must be positive, mean_gap_nights at least 1, baseline_nights non-negative")
            }
            let deviations = [bbt.baselineDeviation, bbt.noiseDeviation.low, bbt.shiftDeviation, bbt.shiftDelayDays.low, bbt.disturbedOffset.low,
                              wrist.noiseDeviation.low, wrist.shiftOnsetDeviation, mucus.peakOffsetDeviation, mucus.fertileOnsetDays.low]
            guard deviations.allSatisfy({ $0 >= 0 }) else { throw fail("signals: deviations and day counts must be non-negative") }
            guard MeasurementKind.basalBodyTemperature.plausibleRange.contains(bbt.baselineMean) else {
                throw fail("signals.basal_body_temperature: baseline_mean must lie in 34.5...38.5 °C")
            }
        }
    }

    /// Urinary LH tests (ovulation predictor kits), positive at ≈ 25 mIU/ml.
    package struct LHTestParameters: Codable, Sendable, Equatable {
        /// Share of users who test LH in most cycles ("tests LH every cycle") [assumption: no
        /// published share of app users; signals.md [NF]].
        package var everyCycleShare: Double
        /// Share of users who test in some cycles only ("tests some cycles") [assumption]. The
        /// rest never test.
        package var someCyclesShare: Double
        /// Share of an every-cycle tester's cycles she tests [I: 15–25 % of cycles with no LH
        /// logging at all, signals.md].
        package var everyCycleTestRate: Double
        /// Share of a some-cycles tester's cycles she tests [assumption].
        package var someCyclesTestRate: Double
        /// Earliest cycle day of the first test [S: Clearblue instructions, day 9 when the usual
        /// cycle is ≥ 24 d].
        package var firstTestDay: Int
        /// The first test falls this many days before her usual ovulation day (usual cycle length −
        /// 14, the kit convention) when that is later than `firstTestDay` [I: "predicted ovulation
        /// − 5", signals.md].
        package var daysBeforeUsualOvulation: Int
        /// Tests she has for a cycle, whole number drawn uniformly: she stops when they are used or
        /// the day after her first positive [I: 5–10 test days per cycle].
        package var testDays: ValueRange
        /// Per-user probability of testing on a day of her test window [I: 0.7–0.9].
        package var dayAdherence: ValueRange
        /// Share of ovulatory cycles whose LH surge a test can see [S: 10.4 % of 949 women showed no
        /// surge, Johnson 2018; C: the monitor's Peak in 91.2 % of Marquette cycles].
        package var surgeDetectionRate: Double
        /// Mean of the first surge day relative to ovulation, days [S: serum LH rise 32 h before
        /// ovulation, 90 % between 16 and 48 h, WHO 1980; urinary LH peak +0.46 d, Ecochard 2001].
        package var surgeOnsetMean: Double
        /// SD of the first surge day before rounding to whole days [S: 90 % of ovulations 16–48 h
        /// after the rise (WHO 1980): N(−1, 0.9) rounded puts 90 % of onsets in −2…0 d].
        package var surgeOnsetDeviation: Double
        /// Days a urinary test reads the surge (whole, uniform): one day reads `peak`, two read
        /// positive then peak, three positive, peak, positive [assumption: urinary LH above
        /// threshold for 1–3 days].
        package var surgeDays: ValueRange
        /// Per tested cycle, probability of one early false positive (a single positive ≥ 3 days
        /// before the surge) [S: one day ≥ 25 mIU/ml then three negatives before ovulation in 31 %
        /// of cycles at the quantitative threshold, Leiva 2017; kits' higher thresholds see fewer:
        /// assumption 10 %]. Anovulatory cycles get them too.
        package var falsePositiveRate: Double
        /// Per test day, probability of a tonic positive from a raised baseline LH (PCOS-like users;
        /// 0 elsewhere) [I: 20–40 % of test days positive in PCOS, signals.md; Clearblue lists PCOS
        /// as a cause of misleading results].
        package var tonicPositiveRate: Double
        /// `measurements.source` of the tests [assumption: typed in by hand].
        package var source: String
    }

    /// Oral basal body temperature, taken on waking.
    package struct BasalTemperatureParameters: Codable, Sendable, Equatable {
        /// Share of users who take their BBT [assumption].
        package var userShare: Double
        /// Per-user share of days with a reading, drawn uniformly [C: Kindara, mean share of days
        /// logged 0.69, Symul 2019 aggregates; S: long-term charting-app users record ≈ 70 % of
        /// days, Manhart 2020].
        package var dayLogRate: ValueRange
        /// Population mean of her follicular (baseline) temperature, °C [S: Natural Cycles users'
        /// average follicular BBT 36.23 °C].
        package var baselineMean: Double
        /// Between-user SD of the baseline, °C [assumption].
        package var baselineDeviation: Double
        /// Per-user SD of the day-to-day noise, °C, drawn uniformly [I from C: Sympto follicular
        /// percentiles imply 0.11–0.13 °C, Kindara 0.12 °C (Symul 2019 aggregates)].
        package var noiseDeviation: ValueRange
        /// Mean size of the luteal rise, °C [C: Sympto shift sizes mean 0.30, SD 0.13, Symul 2019
        /// aggregates; S: Natural Cycles 0.3 °C].
        package var shiftMean: Double
        /// SD of the rise size across cycles, °C (drawn normal, floored at 0) [C: as `shiftMean`].
        package var shiftDeviation: Double
        /// Share of ovulatory cycles with no rise (monophasic) [S: ~20 %, Moghissi 1976; 22 %,
        /// Bauman 1981].
        package var flatCycleRate: Double
        /// Days from ovulation to the first raised day (whole, uniform); that day carries half the
        /// rise, the next ones all of it until the next period [S: LH peak → shift onset 2.4 ± 1.5
        /// d, Prior 1990; the 1–3 d].
        package var shiftDelayDays: ValueRange
        /// Per reading, probability that it is disturbed (illness, alcohol, a short or late night)
        /// and that she marks it so (`DayMeasurements.disturbed`) [assumption: no published rate;
        /// charting apps ask to mark a reading after illness, more than two drinks or two hours
        /// more or less sleep (Natural Cycles help centre) — about one morning in twenty].
        /// Version 4; 0 when read from a version 3 file.
        package var disturbedReadingRate: Double
        /// °C a disturbed reading is raised by, drawn uniformly [I: alcohol, illness and short
        /// nights raise the waking temperature; no published size].
        package var disturbedOffset: ValueRange
        /// `measurements.source` [assumption: typed in by hand].
        package var source: String

        /// Creates the parameters.
        package init(userShare: Double, dayLogRate: ValueRange, baselineMean: Double, baselineDeviation: Double,
                    noiseDeviation: ValueRange, shiftMean: Double, shiftDeviation: Double, flatCycleRate: Double,
                    shiftDelayDays: ValueRange, disturbedReadingRate: Double, disturbedOffset: ValueRange, source: String) {
            self.userShare = userShare
            self.dayLogRate = dayLogRate
            self.baselineMean = baselineMean
            self.baselineDeviation = baselineDeviation
            self.noiseDeviation = noiseDeviation
            self.shiftMean = shiftMean
            self.shiftDeviation = shiftDeviation
            self.flatCycleRate = flatCycleRate
            self.shiftDelayDays = shiftDelayDays
            self.disturbedReadingRate = disturbedReadingRate
            self.disturbedOffset = disturbedOffset
            self.source = source
        }

        /// Keys added in version 4 (camelCase; a version 4 file must have them).
        static let version4Keys = ["disturbedReadingRate", "disturbedOffset"]

        enum CodingKeys: String, CodingKey {
            case userShare, dayLogRate, baselineMean, baselineDeviation, noiseDeviation, shiftMean, shiftDeviation,
                 flatCycleRate, shiftDelayDays, disturbedReadingRate, disturbedOffset, source
        }

        package init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            userShare = try c.decode(Double.self, forKey: .userShare)
            dayLogRate = try c.decode(ValueRange.self, forKey: .dayLogRate)
            baselineMean = try c.decode(Double.self, forKey: .baselineMean)
            baselineDeviation = try c.decode(Double.self, forKey: .baselineDeviation)
            noiseDeviation = try c.decode(ValueRange.self, forKey: .noiseDeviation)
            shiftMean = try c.decode(Double.self, forKey: .shiftMean)
            shiftDeviation = try c.decode(Double.self, forKey: .shiftDeviation)
            flatCycleRate = try c.decode(Double.self, forKey: .flatCycleRate)
            shiftDelayDays = try c.decode(ValueRange.self, forKey: .shiftDelayDays)
            // Version 4 knobs (`CohortConfig.init(from:)` requires them in a version 4 file).
            disturbedReadingRate = try c.decodeIfPresent(Double.self, forKey: .disturbedReadingRate) ?? 0
            disturbedOffset = try c.decodeIfPresent(ValueRange.self, forKey: .disturbedOffset) ?? ValueRange(0, 0)
            source = try c.decode(String.self, forKey: .source)
        }
    }

    /// A wearable's nightly wrist (skin) temperature, as a deviation from its own baseline.
    package struct WristTemperatureParameters: Codable, Sendable, Equatable {
        /// Share of users who wear a watch or ring at night ("wears a watch") [assumption].
        package var userShare: Double
        /// Per-user share of nights with a value, drawn uniformly [S: wrist temperature missing on
        /// 13.7 % of participant-days (Fitbit, mcPHASES); I: 0.80–0.90].
        package var nightAvailability: ValueRange
        /// Mean length of a run of nights without a value (charging, not worn): nights off follow a
        /// two-state chain with this mean run, so gaps span several nights [I: "multi-day gaps"].
        package var meanGapNights: Double
        /// Worn nights before the first value (the wearable builds its baseline) [S: Apple needs 5
        /// nights of ≥ 4 h sleep].
        package var baselineNights: Int
        /// Size of the luteal rise per cycle, °C, drawn uniformly [S: Apple's algorithm triggers at
        /// ≥ 0.2 °C; Ava: early luteal 0.33 °C above the fertile window].
        package var shift: ValueRange
        /// Per-user SD of the nightly noise, °C, drawn uniformly [I: 0.1–0.15 °C per night; Oura's
        /// sensor resolution 0.13 °C].
        package var noiseDeviation: ValueRange
        /// Share of ovulatory cycles with no rise [S: a ≥ 0.2 °C change in 80.5 % of cycles (Apple,
        /// Wang 2025); a sustained shift in 82 % (Ava, Shilaih 2018)].
        package var flatCycleRate: Double
        /// Mean first raised night relative to ovulation, days [S: 86 % of shifts on or after the
        /// ovulation day, Ava, Shilaih 2018: N(0.5, 0.9) rounded gives 87 % ≥ 0].
        package var shiftOnsetMean: Double
        /// SD of the first raised night before rounding [as `shiftOnsetMean`].
        package var shiftOnsetDeviation: Double
        /// `measurements.source` [assumption: Apple Watch through HealthKit].
        package var source: String
    }

    /// Cervical mucus, charted once a day (not during menses).
    package struct CervicalMucusParameters: Codable, Sendable, Equatable {
        /// Share of users who chart their mucus [assumption].
        package var userShare: Double
        /// Per-user share of charted days, drawn uniformly [S: 73–95 % of cycle days, Manhart 2020].
        package var dayLogRate: ValueRange
        /// Mean of the peak day (last S+ day) relative to ovulation, days [S: −0.58 d vs
        /// follicle rupture (German ultrasound pilot 1984); the mucus score highest on the LH-surge
        /// day (Fehring 2002); Hilgers 1978 reports the peak within 0.31 d of ovulation; the
        /// issue's −0.3 d].
        package var peakOffsetMean: Double
        /// SD of the peak day before rounding [S: 95.4 % within ±2 d, Hilgers 1978: N(−0.3, 1.2)
        /// rounded puts 95.6 % there].
        package var peakOffsetDeviation: Double
        /// Share of ovulatory cycles without a recognisable peak (no S+ day: the peak reads S) [I:
        /// 5–10 %; S: 93 % recognise the pattern in their first cycle, WHO 1981].
        package var missedPeakRate: Double
        /// Days from the first fertile-type (f or better) day to the peak, whole, uniform [S: mucus onset
        /// 5.9 d before ovulation, Hilgers 1978; C: Marquette's first High day 4.35 d (SD 2.66)
        /// before the estimated ovulation].
        package var fertileOnsetDays: ValueRange
        /// `measurements.source` [assumption: typed in by hand].
        package var source: String
    }
}
