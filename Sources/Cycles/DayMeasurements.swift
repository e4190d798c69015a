/// The fertility-signal measurements one user logged on one calendar day (the day's rows of the
/// `measurements` table, merged): at most one of each `MeasurementKind`.
///
/// Kept apart from `DayRecord` (the `cycle_entries` row and the day's `symptom_logs`) because the
/// app stores them apart and because a day with a measurement only (a watch's night, a morning
/// temperature) is not a day the user opened the cycle log: `UserHistory.records` and everything
/// derived from it (period starts, prediction days) stay those of flow and symptoms.
public struct DayMeasurements: Sendable, Equatable {
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
    /// Where each logged value came from (`measurements.source`: `manual`, `healthkit`, `oura`, …),
    /// by kind; a kind with a value and no entry here has source `manual`.
    public var sources: [MeasurementKind: String]

    /// Creates a day's measurements.
    public init(date: CalendarDay, lhTest: LHTestResult? = nil, basalBodyTemperature: Double? = nil,
                wristTemperature: Double? = nil, cervicalMucus: CervicalMucus? = nil, sources: [MeasurementKind: String] = [:]) {
        self.date = date
        self.lhTest = lhTest
        self.basalBodyTemperature = basalBodyTemperature
        self.wristTemperature = wristTemperature
        self.cervicalMucus = cervicalMucus
        self.sources = sources
    }

    /// The source written for a kind without one in `sources`.
    public static let defaultSource = "manual"

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
        }
    }

    /// The source of `kind`'s value (`defaultSource` when unset).
    public func source(of kind: MeasurementKind) -> String { sources[kind] ?? DayMeasurements.defaultSource }

    /// Sets `kind` from a stored value that `MeasurementKind.plausibleRange` already accepted
    /// (temperatures rounded to two decimals); `nil` clears it.
    mutating func setValue(_ value: Double?, of kind: MeasurementKind, source: String?) {
        switch kind {
        case .lhTest: lhTest = value.flatMap { LHTestResult(rawValue: Int($0)) }
        case .basalBodyTemperature: basalBodyTemperature = value.map(DayMeasurements.rounded)
        case .wristTemperature: wristTemperature = value.map(DayMeasurements.rounded)
        case .cervicalMucus: cervicalMucus = value.flatMap { CervicalMucus(rawValue: Int($0)) }
        }
        sources[kind] = value == nil ? nil : source
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
