import Explanations

/// What a cycle predictor says about one user, as of the end of one day.
public struct CyclePrediction: Sendable, Equatable {
    /// The day the forecast is made on (only data logged up to and including it was used).
    public var asOf: CalendarDay
    /// Forecast start of the next period (strictly after the last known start).
    public var nextPeriodStart: CalendarDay
    /// Uncertainty of `nextPeriodStart` in days (≈ one standard deviation, or the half-width
    /// of the central 68 % of the model's distribution).
    public var nextPeriodUncertaintyDays: Double
    /// P(the next start falls within ±`AlertPolicy.toleranceDays` of `nextPeriodStart`): the
    /// probability that the forecast is scored a hit, from the predictor's distribution
    /// (`NextStartDistribution`); `nil` for a predictor without one.
    public var nextPeriodConfidence: Double?
    /// Central intervals of the next start at `ForecastInterval.levels` (empty for a predictor
    /// without a distribution).
    public var nextPeriodIntervals: [ForecastInterval]
    /// Ovulation estimate for the current cycle, when the predictor makes one.
    public var ovulation: OvulationEstimate?
    /// Tomorrow's energy, when predicted.
    public var energyTomorrow: LevelForecast?
    /// Tomorrow's mood, when predicted.
    public var moodTomorrow: LevelForecast?
    /// Why: a sentence and its factors.
    public var reasoning: Reasoning
    /// What the symptothermal method finds in her current cycle's charts, with the ovulation
    /// posterior's probabilities, when the predictor reports it (`FertilityFindings`).
    public var fertility: FertilityFindings?

    package init(asOf: CalendarDay, nextPeriodStart: CalendarDay, nextPeriodUncertaintyDays: Double,
                nextPeriodConfidence: Double? = nil, nextPeriodIntervals: [ForecastInterval] = [],
                ovulation: OvulationEstimate? = nil, energyTomorrow: LevelForecast? = nil,
                moodTomorrow: LevelForecast? = nil, reasoning: Reasoning, fertility: FertilityFindings? = nil) {
        self.asOf = asOf
        self.nextPeriodStart = nextPeriodStart
        self.nextPeriodUncertaintyDays = nextPeriodUncertaintyDays
        self.nextPeriodConfidence = nextPeriodConfidence
        self.nextPeriodIntervals = nextPeriodIntervals
        self.ovulation = ovulation
        self.energyTomorrow = energyTomorrow
        self.moodTomorrow = moodTomorrow
        self.reasoning = reasoning
        self.fertility = fertility
    }
}

extension CyclePrediction {
    /// Moves the next start to `start`, and its intervals with it: a personal correction that
    /// shifts the date shifts the distribution the forecast rests on, so the confidence (the
    /// probability of the window around the date) is unchanged.
    public mutating func moveNextPeriodStart(to start: CalendarDay) {
        let shift = nextPeriodStart.distance(to: start)
        guard shift != 0 else { return }
        nextPeriodStart = start
        nextPeriodIntervals = nextPeriodIntervals.map {
            ForecastInterval(level: $0.level, first: $0.first.advanced(by: shift), last: $0.last.advanced(by: shift))
        }
    }
}

/// An ovulation estimate for the current cycle.
public struct OvulationEstimate: Sendable, Equatable {
    /// The estimated (past or future) ovulation day.
    public var date: CalendarDay
    /// Probability that ovulation has already happened as of the forecast day.
    public var passedProbability: Double

    public init(date: CalendarDay, passedProbability: Double) {
        self.date = date
        self.passedProbability = passedProbability
    }
}

/// A 1–10 symptom forecast with its 3-class level.
public struct LevelForecast: Sendable, Equatable {
    /// Expected value on the 1–10 scale.
    public var value: Double
    /// The predicted class.
    public var level: SymptomLevel
    /// Why, when the predictor attributes this forecast (`ForecastAttributing.explainedPrediction`).
    public var reasoning: Reasoning?

    public init(value: Double, level: SymptomLevel, reasoning: Reasoning? = nil) {
        self.value = value
        self.level = level
        self.reasoning = reasoning
    }
}

/// The three classes used for energy and mood: low 1–3, medium 4–7, high 8–10.
public enum SymptomLevel: String, CaseIterable, Sendable, Codable {
    case low, medium, high

    /// The typical 1–10 value of each class, in `allCases` order: low (1–3) 2, medium (4–7) 5.5,
    /// high (8–10) 9. A level forecast is the expectation of these over the class probabilities.
    @usableFromInline package static let typicalValues: [Double] = [2, 5.5, 9]

    /// The class of a 1–10 value (values are rounded first).
    public init(value: Double) {
        let rounded = value.rounded()
        self = rounded <= 3 ? .low : (rounded <= 7 ? .medium : .high)
    }
}
