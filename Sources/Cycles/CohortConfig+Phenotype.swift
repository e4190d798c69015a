extension CohortConfig {
    /// A closed interval `[low, high]` written as a two-element JSON array; values are drawn
    /// uniformly from it.
    public struct ValueRange: Codable, Sendable, Equatable {
        /// Lower end.
        public var low: Double
        /// Upper end.
        public var high: Double

        /// Creates `[low, high]`.
        public init(_ low: Double, _ high: Double) {
            self.low = low
            self.high = high
        }

        /// The midpoint.
        public var middle: Double { (low + high) / 2 }

        /// Both ends multiplied by `factor`.
        public func scaled(by factor: Double) -> ValueRange { ValueRange(low * factor, high * factor) }

        /// Clamps `value` into the interval.
        public func clamp(_ value: Double) -> Double { min(max(value, low), high) }

        public init(from decoder: Decoder) throws {
            var container = try decoder.unkeyedContainer()
            low = try container.decode(Double.self)
            high = try container.decode(Double.self)
            guard low <= high else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected [low, high] with low <= high, found [\(low), \(high)]")
            }
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(low)
            try container.encode(high)
        }
    }

    /// A symptom effect: per-user size drawn from `effect` for the `affectedShare` of users, 0 for the rest.
    public struct SignalEffect: Codable, Sendable, Equatable {
        /// Effect size range (points on the 1–10 scale) for affected users.
        public var effect: ValueRange
        /// Share of users who show the effect.
        public var affectedShare: Double

        /// Creates an effect.
        public init(effect: ValueRange, affectedShare: Double) {
            self.effect = effect
            self.affectedShare = affectedShare
        }

        /// Size and share halved.
        public func halved() -> SignalEffect { SignalEffect(effect: effect.scaled(by: 0.5), affectedShare: affectedShare / 2) }
    }

    /// One kind of user in a cohort.
    public struct Phenotype: Codable, Sendable, Equatable {
        /// Phenotype name (`regular`, `irregular`, `pcos`, `endometriosis`); written to `truth.csv` for blends.
        public var name: String
        /// Share of the cohort's users.
        public var share: Double
        /// Cycle type the user declares at onboarding (`regular` / `irregular`); 10 % say `unknown`.
        public var declaredCycleType: CycleType
        /// Conditions the user declares (e.g. `["sopk"]`).
        public var conditions: [String]
        /// Cycle and phase lengths.
        public var cycle: CycleParameters
        /// Daily symptom shapes and effect sizes.
        public var symptoms: SymptomParameters
        /// Logging behaviour.
        public var logging: LoggingParameters

        /// Creates a phenotype.
        public init(name: String, share: Double, declaredCycleType: CycleType, conditions: [String] = [],
                    cycle: CycleParameters, symptoms: SymptomParameters, logging: LoggingParameters) {
            self.name = name
            self.share = share
            self.declaredCycleType = declaredCycleType
            self.conditions = conditions
            self.cycle = cycle
            self.symptoms = symptoms
            self.logging = logging
        }

        /// Symptom effects and affected shares halved.
        public func weakened() -> Phenotype {
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
    public struct CycleParameters: Codable, Sendable, Equatable {
        /// User age range (years), drawn uniformly.
        public var ageRange: ValueRange
        /// Population mean of the personal mean follicular length at `referenceAge`.
        public var follicularMean: Double
        /// Between-user SD of the personal mean follicular length.
        public var follicularBetweenUserDeviation: Double
        /// Age the follicular mean refers to.
        public var referenceAge: Double
        /// Change of the follicular length per year of age, applied between ages 25 and 45 (Bull 2019: −0.19 d/y).
        public var ageSlopePerYear: Double
        /// Median of the per-user within-user SD of the follicular length (log-normal across users).
        public var follicularVariabilityMedian: Double
        /// SD of log(per-user follicular SD).
        public var follicularVariabilityLogDeviation: Double
        /// Clamp for the per-user follicular SD.
        public var follicularVariabilityRange: ValueRange
        /// Shortest follicular phase.
        public var minimumFollicularLength: Int
        /// Population mean of the personal luteal mean.
        public var lutealMean: Double
        /// Between-user SD of the personal luteal mean.
        public var lutealBetweenUserDeviation: Double
        /// Per-user within-user luteal SD, drawn uniformly.
        public var lutealVariability: ValueRange
        /// Clamp for luteal lengths.
        public var lutealRange: ValueRange
        /// Share of anovulatory cycles (no ovulation, no luteal or mid-cycle signals).
        public var anovulatoryRate: Double
        /// Mean length of an anovulatory cycle.
        public var anovulatoryLengthMean: Double
        /// SD of the anovulatory cycle length.
        public var anovulatoryLengthDeviation: Double
        /// Clamp for anovulatory cycle lengths.
        public var anovulatoryLengthRange: ValueRange
        /// Share of long outlier cycles (illness, travel): ovulation delayed by `outlierExtraDays`.
        public var outlierRate: Double
        /// Extra follicular days of an outlier cycle.
        public var outlierExtraDays: ValueRange
        /// Per-cycle probability of a stress event (raises logged stress; delays ovulation if it falls before it).
        public var stressEventRate: Double
        /// Ovulation delay caused by a stress event in the follicular phase (days).
        public var stressDelayDays: ValueRange
        /// Mean menses length (Fehring 2006: 5.2–5.8 d).
        public var mensesLengthMean: Double
        /// Between-user SD of the personal menses length.
        public var mensesBetweenUserDeviation: Double
        /// Within-user SD of the menses length.
        public var mensesWithinUserDeviation: Double
        /// Per-user multiplier of the flow profile (heaviest on day 2).
        public var flowScale: ValueRange
    }

    /// Daily symptom parameters (1–10 scale; pain 1–10 logged only when ≥ 2).
    public struct SymptomParameters: Codable, Sendable, Equatable {
        /// Energy dip in the late luteal phase (last 5 days) and on menses days 1–2 vs follicular; half of it as a peak around ovulation.
        public var energy: SignalEffect
        /// Mood dip, same windows.
        public var mood: SignalEffect
        /// Sleep-quality dip in the late luteal phase and on menses days 1–2.
        public var sleep: SignalEffect
        /// One-sided ovary pain (`left_ovary`/`right_ovary`) on the ovulation day and the day before or after.
        public var mittelschmerz: SignalEffect
        /// Share of a mittelschmerz user's ovulatory cycles that show it.
        public var mittelschmerzCycleRate: Double
        /// Cramps (`uterus`, `cramping`) on menses days 1–2 (half on day 3): pain level range and affected share.
        public var cramps: SignalEffect
        /// Daily probability of non-menstrual pelvic pain (endometriosis-like).
        public var offMensesPainRate: Double
        /// Level of non-menstrual pelvic pain.
        public var offMensesPain: ValueRange
        /// Per-user baseline level of energy, mood and sleep (drawn uniformly).
        public var baseline: ValueRange
        /// Per-user baseline stress.
        public var stressBaseline: ValueRange
        /// Stress boost during a stress event.
        public var stressEventBoost: Double
        /// How much stress above baseline lowers mood and sleep (points per point).
        public var stressCoupling: Double
        /// Daily noise SD (stationary SD of the AR(1) process).
        public var noiseDeviation: Double
        /// AR(1) coefficient φ per user, drawn uniformly.
        public var autoregression: ValueRange
    }

    /// Logging behaviour.
    public struct LoggingParameters: Codable, Sendable, Equatable {
        /// Share of days with symptom logs in the first month, per user.
        public var initialAdherence: ValueRange
        /// Monthly multiplicative decay of the adherence, per user.
        public var monthlyDecay: ValueRange
        /// Floor of the adherence.
        public var minimumAdherence: Double
        /// Probability that a period's first day is logged.
        public var periodStartLogRate: Double
        /// Probability that another flow day is logged (two flow days in a row are never both missed).
        public var flowDayLogRate: Double
        /// Probability that each of mood, energy, sleep and stress is logged on a logging day.
        public var symptomLogRate: Double
    }
}
