/// What the symptothermal method (Sensiplan) finds in the current cycle's charts at the end of a
/// day, beside what the ovulation posterior says in probabilities: the temperature rise and the
/// rule that confirmed it, the mucus and cervix peaks, the double check, and the fertile window as
/// the method opens and closes it (`docs/symptothermal-rules.md`).
///
/// These are the method's findings, reported as such: never a statement that a day is safe. A
/// forecast is not contraception.
public struct FertilityFindings: Sendable, Equatable {
    /// The double check: the post-ovulatory phase starts on the evening of the day both the
    /// temperature evaluation and the mucus (or, without mucus observations, cervix) evaluation
    /// are complete.
    public struct DoubleCheck: Sendable, Equatable, Codable {
        /// The symptom checked with the temperature.
        public enum Symptom: String, Sendable, Codable {
            case mucus, cervix
        }

        /// The day both evaluations were complete: the post-ovulatory phase starts that evening.
        public var completed: CalendarDay
        /// The symptom read with the temperature.
        public var symptom: Symptom

        /// A completed double check.
        public init(completed: CalendarDay, symptom: Symptom) {
            self.completed = completed
            self.symptom = symptom
        }
    }

    /// The fertile window as the method opens and closes it.
    public struct FertileWindow: Sendable, Equatable {
        /// What opened it (the earliest of the calendar rule and the first symptom).
        public enum Opening: String, Sendable, Codable {
            /// No temperature rise was found in the cycle before (or none was charted): no day
            /// of the cycle can be assumed before the fertile window; it opens on cycle day 1.
            case noEarlierRise = "no_earlier_rise"
            /// The 5-day rule: the first five cycle days precede it.
            case fiveDayRule = "five_day_rule"
            /// The minus-8 rule: her earliest first higher reading (cycle day) − 8 is its last day before.
            case minusEightRule = "minus_eight_rule"
            /// The first mucus symptom (f, S or S+) of the cycle, before the calendar rule's day.
            case mucus
            /// The first fertile cervix sign of the cycle, before the calendar rule's day.
            case cervix
        }

        /// The first day of the window (possibly ahead of today, by the calendar rule).
        public var opens: CalendarDay
        /// What opened it.
        public var openedBy: Opening
        /// The day the double check completed: the window closes that evening; `nil` while open.
        public var closes: CalendarDay?

        /// A window.
        public init(opens: CalendarDay, openedBy: Opening, closes: CalendarDay? = nil) {
            self.opens = opens
            self.openedBy = openedBy
            self.closes = closes
        }
    }

    /// Probability mass of `ovulationInterval`.
    package static let ovulationIntervalMass = 0.8

    /// The current cycle's first day.
    public var cycleStart: CalendarDay
    /// The temperature rise the rules confirmed this cycle, if any.
    public var temperatureShift: TemperatureShift?
    /// This cycle's mucus peak (confirmed or a candidate), if any.
    public var mucusPeak: MucusPeak?
    /// This cycle's cervix peak (confirmed or a candidate), if any.
    public var cervixPeak: CervixPeak?
    /// The double check, once complete.
    public var doubleCheck: DoubleCheck?
    /// The fertile window as the method opens and closes it.
    public var fertileWindow: FertileWindow
    /// The posterior's P(ovulation on or before this day), `nil` without a posterior.
    public var ovulationPassedProbability: Double?
    /// The posterior's central `ovulationIntervalMass` interval for the ovulation day (given an
    /// ovulatory cycle), `nil` without a posterior.
    public var ovulationInterval: ClosedRange<CalendarDay>?

    /// The findings of `state`'s current cycle with its ovulation posterior's probabilities
    /// (`posterior` when already computed); `nil` before any period start or when the method does
    /// not apply (see `init(signals:posterior:)`).
    package init?(state: CycleDayState, posterior: OvulationPosterior? = nil) {
        guard state.signals.hasSymptothermalChart else { return nil }
        self.init(signals: state.signals, posterior: posterior ?? state.ovulationPosterior)
    }

    /// The findings of `signals`' current cycle, with `posterior`'s probabilities when given;
    /// `nil` before any period start and in a cycle the method does not apply to (no BBT, mucus or
    /// cervix observation, no rise in the cycle before: `CycleSignalState.hasSymptothermalChart`).
    package init?(signals: CycleSignalState, posterior: OvulationPosterior?) {
        guard signals.hasSymptothermalChart, let cycleStart = signals.cycleStart, let window = signals.fertileWindow else { return nil }
        self.cycleStart = cycleStart
        temperatureShift = signals.temperatureShift
        mucusPeak = signals.mucusPeak
        cervixPeak = signals.cervixPeak
        doubleCheck = signals.doubleCheck
        fertileWindow = window
        ovulationPassedProbability = posterior?.ovulationPassedProbability
        ovulationInterval = posterior?.ovulationInterval(mass: FertilityFindings.ovulationIntervalMass).map { range in
            cycleStart.advanced(by: range.lowerBound - 1)...cycleStart.advanced(by: range.upperBound - 1)
        }
    }
}
