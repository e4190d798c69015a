/// The kind of a fertility-signal measurement (`measurements.kind`), with the values the schema
/// accepts for it. See `docs/data-formats.md` ("the measurements table") for the table.
public enum MeasurementKind: String, CaseIterable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// A urinary LH (ovulation) test: `value` is an `LHTestResult` (0 negative, 1 positive, 2 peak).
    case lhTest = "lh_test"
    /// Basal body temperature, oral, on waking: `value` in °C, two decimals, in `plausibleRange`.
    case basalBodyTemperature = "bbt"
    /// A wearable's nightly wrist (skin) temperature as a deviation in °C from its own baseline
    /// (HealthKit's sleeping wrist temperature, Oura's temperature deviation), two decimals.
    case wristTemperature = "wrist_temperature"
    /// Cervical mucus on the method's five-step scale: `value` is a `CervicalMucus` (0 t, 1 Ø,
    /// 2 f, 3 S, 4 S+). Rows of the four-level kind `fourLevelMucusKind` read into it too.
    case cervicalMucus = "cervical_mucus_nfp"
    /// How open the cervix felt: `value` is a `CervixObservation.Opening` (0 closed, 1 partly open, 2 open).
    case cervixOpening = "cervix_opening"
    /// How firm the cervix felt: `value` is a `CervixObservation.Firmness` (0 firm, 1 soft).
    case cervixFirmness = "cervix_firmness"
    /// How high the cervix sat: `value` is a `CervixObservation.Position` (0 low, 1 middle, 2 high).
    case cervixPosition = "cervix_position"

    /// The kind name of four-level mucus rows (0 none, 1 sticky, 2 creamy, 3 egg-white), still
    /// read as `cervicalMucus` (`CervicalMucus(fourLevelCode:)`), never written.
    package static let fourLevelMucusKind = "cervical_mucus"

    /// What a valid four-level mucus value looks like, for error messages.
    package static let fourLevelExpectedValue = "0 (none), 1 (sticky), 2 (creamy) or 3 (egg-white) for four-level cervical mucus"

    /// The kind a stored `kind` names, and whether it is the four-level mucus one; `nil` when unknown.
    package static func stored(_ name: String) -> (kind: MeasurementKind, fourLevel: Bool)? {
        if name == fourLevelMucusKind { return (.cervicalMucus, true) }
        return MeasurementKind(rawValue: name).map { ($0, false) }
    }

    /// The values `measurements.value` may hold for this kind. Temperatures: oral BBT outside
    /// 34.5–38.5 °C is a typo or a fever, not a basal reading; a wearable's nightly deviation
    /// stays within ±3 °C of its baseline.
    public var plausibleRange: ClosedRange<Double> {
        switch self {
        case .lhTest: return 0...2
        case .basalBodyTemperature: return 34.5...38.5
        case .wristTemperature: return -3...3
        case .cervicalMucus: return 0...4
        case .cervixOpening, .cervixPosition: return 0...2
        case .cervixFirmness: return 0...1
        }
    }

    /// `true` for the kinds whose value is a category code (an integer), not a temperature.
    package var isCategorical: Bool { !isTemperature }

    /// `true` for the temperature kinds (BBT, wrist), whose readings she may mark disturbed.
    package var isTemperature: Bool { self == .basalBodyTemperature || self == .wristTemperature }

    /// What a valid value looks like, for error messages.
    package var expectedValue: String {
        switch self {
        case .lhTest: return "0 (negative), 1 (positive) or 2 (peak) for an LH test"
        case .basalBodyTemperature: return "a basal body temperature in °C within 34.5...38.5"
        case .wristTemperature: return "a nightly wrist-temperature deviation in °C within -3...3"
        case .cervicalMucus: return "0 (t), 1 (Ø), 2 (f), 3 (S) or 4 (S+) for cervical mucus"
        case .cervixOpening: return "0 (closed), 1 (partly open) or 2 (open) for the cervix opening"
        case .cervixFirmness: return "0 (firm) or 1 (soft) for the cervix firmness"
        case .cervixPosition: return "0 (low), 1 (middle) or 2 (high) for the cervix position"
        }
    }

    /// A short name for tables (`"LH tests"`).
    public var label: String {
        switch self {
        case .lhTest: return "LH tests"
        case .basalBodyTemperature: return "BBT"
        case .wristTemperature: return "wrist temperature"
        case .cervicalMucus: return "cervical mucus"
        case .cervixOpening: return "cervix opening"
        case .cervixFirmness: return "cervix firmness"
        case .cervixPosition: return "cervix position"
        }
    }

    /// The kind's word in perturbation names (`signals:lh`): `lh`, `bbt`, `wrist`, `mucus`,
    /// `cervix_opening`, `cervix_firmness`, `cervix_position`.
    public var shortName: String {
        switch self {
        case .lhTest: return "lh"
        case .basalBodyTemperature: return "bbt"
        case .wristTemperature: return "wrist"
        case .cervicalMucus: return "mucus"
        case .cervixOpening, .cervixFirmness, .cervixPosition: return rawValue
        }
    }

    public var description: String { rawValue }

    /// Schema order: `lh_test`, `bbt`, `wrist_temperature`, `cervical_mucus_nfp`, `cervix_opening`,
    /// `cervix_firmness`, `cervix_position`.
    public static func < (lhs: MeasurementKind, rhs: MeasurementKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
