/// The fertility-signal measurements one user logged on one calendar day (the day's rows of the
/// `measurements` table, merged): at most one of each `MeasurementKind`.
///
/// Kept apart from `DayRecord` (the `cycle_entries` row and the day's `symptom_logs`) because the
/// app stores them apart and because a day with a measurement only (a watch's night, a morning
/// temperature) is not a day the user opened the cycle log: `UserHistory.records` and everything
/// derived from it (period starts, prediction days) stay those of flow and symptoms.
public struct DayMeasurements: Sendable, Equatable, Codable {
    /// The day (for a wearable's night: the morning it ends).
    public var date: CalendarDay
    /// The day's LH test, if one was logged.
    public var lhTest: LHTestResult?
    /// Basal body temperature, °C (two decimals), if logged.
    public var basalBodyTemperature: Double?
    /// A wearable's nightly wrist-temperature deviation from its baseline, °C (two decimals), if any.
    public var wristTemperature: Double?
    /// The day's cervical-mucus observation, if logged.
    public var cervicalMucus: CervicalMucus?
    /// The day's cervix observation, if any part of it was logged.
    public var cervix: CervixObservation?
    /// The kinds whose reading she marked disturbed (illness, alcohol, a short or late night, a
    /// different thermometer): a disturbed temperature is bracketed, neither counted nor among the
    /// six lower readings (`TemperatureShift`), and left out of the ovulation posterior. Stored
    /// as the `measurements.disturbed` column (dataset layout) or the `odml_disturbed_readings`
    /// table (the app's database).
    public var disturbed: Set<MeasurementKind>
    /// Where each logged value came from (`measurements.source`: `manual`, `healthkit`, `oura`, …),
    /// by kind; a kind with a value and no entry here has source `manual`.
    public var sources: [MeasurementKind: String]

    /// Creates a day's measurements.
    public init(date: CalendarDay, lhTest: LHTestResult? = nil, basalBodyTemperature: Double? = nil,
                wristTemperature: Double? = nil, cervicalMucus: CervicalMucus? = nil, cervix: CervixObservation? = nil,
                disturbed: Set<MeasurementKind> = [], sources: [MeasurementKind: String] = [:]) {
        self.date = date
        self.lhTest = lhTest
        self.basalBodyTemperature = basalBodyTemperature
        self.wristTemperature = wristTemperature
        self.cervicalMucus = cervicalMucus
        self.cervix = cervix.flatMap { $0.isEmpty ? nil : $0 }
        self.disturbed = disturbed
        self.sources = sources
    }

    /// The basal temperature the method evaluates: the reading unless she marked it disturbed.
    public var usableBasalTemperature: Double? {
        disturbed.contains(.basalBodyTemperature) ? nil : basalBodyTemperature
    }

    /// The wrist temperature the rules and the posterior read: the value unless marked disturbed.
    public var usableWristTemperature: Double? {
        disturbed.contains(.wristTemperature) ? nil : wristTemperature
    }

    /// The source written for a kind without one in `sources`.
    package static let defaultSource = "manual"

    /// The kinds with a value, in schema order.
    public var kinds: [MeasurementKind] { MeasurementKind.allCases.filter { value(of: $0) != nil } }

    /// `true` when no kind has a value.
    public var isEmpty: Bool { kinds.isEmpty }

    /// The value as stored in `measurements.value`: the category code for LH tests and mucus, °C
    /// for temperatures; `nil` when not logged.
    public func value(of kind: MeasurementKind) -> Double? {
        switch kind {
        case .lhTest: return lhTest.map { Double($0.rawValue) }
        case .basalBodyTemperature: return basalBodyTemperature
        case .wristTemperature: return wristTemperature
        case .cervicalMucus: return cervicalMucus.map { Double($0.rawValue) }
        case .cervixOpening: return cervix?.opening.map { Double($0.rawValue) }
        case .cervixFirmness: return cervix?.firmness.map { Double($0.rawValue) }
        case .cervixPosition: return cervix?.position.map { Double($0.rawValue) }
        }
    }

    /// The source of `kind`'s value (`defaultSource` when unset).
    public func source(of kind: MeasurementKind) -> String { sources[kind] ?? DayMeasurements.defaultSource }

    /// Sets `kind` from a stored value that `MeasurementKind.plausibleRange` already accepted
    /// (temperatures rounded to two decimals), marked `disturbed` or not; `nil` clears it.
    mutating func setValue(_ value: Double?, of kind: MeasurementKind, source: String?, disturbed: Bool = false) {
        let code = value.map { Int($0) }
        switch kind {
        case .lhTest: lhTest = code.flatMap { LHTestResult(rawValue: $0) }
        case .basalBodyTemperature: basalBodyTemperature = value.map(DayMeasurements.rounded)
        case .wristTemperature: wristTemperature = value.map(DayMeasurements.rounded)
        case .cervicalMucus: cervicalMucus = code.flatMap { CervicalMucus(rawValue: $0) }
        case .cervixOpening, .cervixFirmness, .cervixPosition:
            var observation = cervix ?? CervixObservation()
            switch kind {
            case .cervixOpening: observation.opening = code.flatMap { CervixObservation.Opening(rawValue: $0) }
            case .cervixFirmness: observation.firmness = code.flatMap { CervixObservation.Firmness(rawValue: $0) }
            default: observation.position = code.flatMap { CervixObservation.Position(rawValue: $0) }
            }
            cervix = observation.isEmpty ? nil : observation
        }
        sources[kind] = value == nil ? nil : source
        if value != nil && disturbed { self.disturbed.insert(kind) } else { self.disturbed.remove(kind) }
    }

    /// The same day with only the kinds in `kept`.
    public func keeping(_ kept: Set<MeasurementKind>) -> DayMeasurements {
        var copy = self
        for kind in MeasurementKind.allCases where !kept.contains(kind) { copy.setValue(nil, of: kind, source: nil) }
        return copy
    }

    /// A temperature rounded to two decimals (the schema's precision).
    package static func rounded(_ celsius: Double) -> Double { (celsius * 100).rounded() / 100 }
}
