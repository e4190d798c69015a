/// "Ovulation evidenced on day X by Y": an ovulation date read from the fertility signals of the
/// current cycle by one of `CycleSignalState`'s rules, known from the end of the day the rule was
/// satisfied (`confirmed`) on.
package struct OvulationEvidence: Sendable, Equatable, Codable {
    /// The signal and reading a date was read from, by precedence (the most precise first).
    package enum Source: Int, Sendable, CaseIterable, Comparable, Codable {
        /// A `peak` LH reading (a monitor's "Peak", a quantitative reader's highest): ovulation on
        /// that day.
        case lhPeak = 1
        /// A `positive` LH test opening a surge: ovulation the next day.
        case lhPositive = 2
        /// The method's mucus peak (`MucusPeak`: the last day of the cycle's best quality, confirmed
        /// by three lower observations after it).
        case mucusPeak = 3
        /// A basal-body-temperature rise confirmed by the symptothermal method's rules (`TemperatureShift`).
        case basalTemperatureShift = 4
        /// A sustained rise of a wearable's nightly wrist temperature.
        case wristTemperatureShift = 5

        /// The measurement the source reads.
        package var kind: MeasurementKind {
            switch self {
            case .lhPeak, .lhPositive: .lhTest
            case .mucusPeak: .cervicalMucus
            case .basalTemperatureShift: .basalBodyTemperature
            case .wristTemperatureShift: .wristTemperature
            }
        }

        /// The key of the source's phrase in the cycle phrase book (`signals.<key>` under `texts`).
        package var key: String {
            switch self {
            case .lhPeak: "lh_peak"
            case .lhPositive: "lh_positive"
            case .mucusPeak: "mucus_peak"
            case .basalTemperatureShift: "bbt_shift"
            case .wristTemperatureShift: "wrist_shift"
            }
        }

        package static func < (lhs: Source, rhs: Source) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The estimated ovulation day.
    package var ovulation: CalendarDay
    /// What it was read from.
    package var source: Source
    /// The reading named in a sentence: the first surge reading, the mucus peak day, the first
    /// high temperature.
    package var observed: CalendarDay
    /// The day the rule was satisfied: the evidence is known from the end of that day on.
    package var confirmed: CalendarDay
    /// For a BBT rise, the temperature rule that confirmed it (named in the sentence).
    package var temperatureRule: TemperatureShift.Rule?

    /// Evidence of ovulation on `ovulation` by `source`, read on `observed`, known from `confirmed`
    /// (for a BBT rise, by `temperatureRule`).
    package init(ovulation: CalendarDay, source: Source, observed: CalendarDay, confirmed: CalendarDay,
                temperatureRule: TemperatureShift.Rule? = nil) {
        self.ovulation = ovulation
        self.source = source
        self.observed = observed
        self.confirmed = confirmed
        self.temperatureRule = temperatureRule
    }
}
