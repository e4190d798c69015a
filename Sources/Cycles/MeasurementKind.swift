/// The kind of a fertility-signal measurement (`measurements.kind`), with the values the schema
/// accepts for it. See `Datasets/README.md` ("measurements") for the table.
public enum MeasurementKind: String, CaseIterable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// A urinary LH (ovulation) test: `value` is an `LHTestResult` (0 negative, 1 positive, 2 peak).
    case lhTest = "lh_test"
    /// Basal body temperature, oral, on waking: `value` in °C, two decimals, in `plausibleRange`.
    case basalBodyTemperature = "bbt"
    /// A wearable's nightly wrist (skin) temperature as a deviation in °C from its own baseline
    /// (HealthKit's sleeping wrist temperature, Oura's temperature deviation), two decimals.
    case wristTemperature = "wrist_temperature"
    /// Cervical mucus as charted: `value` is a `CervicalMucus` (0 none … 3 egg-white).
    case cervicalMucus = "cervical_mucus"

    /// The values `measurements.value` may hold for this kind. Temperatures: oral BBT outside
    /// 34.5–38.5 °C is a typo or a fever, not a basal reading; a wearable's nightly deviation
    /// stays within ±3 °C of its baseline.
    public var plausibleRange: ClosedRange<Double> {
        switch self {
        case .lhTest: return 0...2
        case .basalBodyTemperature: return 34.5...38.5
        case .wristTemperature: return -3...3
        case .cervicalMucus: return 0...3
        }
    }

    /// `true` for the kinds whose value is a category code (an integer), not a temperature.
    public var isCategorical: Bool { self == .lhTest || self == .cervicalMucus }

    /// What a valid value looks like, for error messages.
    public var expectedValue: String {
        switch self {
        case .lhTest: return "0 (negative), 1 (positive) or 2 (peak) for an LH test"
        case .basalBodyTemperature: return "a basal body temperature in °C within 34.5...38.5"
        case .wristTemperature: return "a nightly wrist-temperature deviation in °C within -3...3"
        case .cervicalMucus: return "0 (none), 1 (sticky), 2 (creamy) or 3 (egg-white) for cervical mucus"
        }
    }

    /// A short name for tables (`"LH tests"`).
    public var label: String {
        switch self {
        case .lhTest: return "LH tests"
        case .basalBodyTemperature: return "BBT"
        case .wristTemperature: return "wrist temperature"
        case .cervicalMucus: return "cervical mucus"
        }
    }

    /// The kind's word in perturbation names (`signals:lh`): `lh`, `bbt`, `wrist`, `mucus`.
    public var shortName: String {
        switch self {
        case .lhTest: return "lh"
        case .basalBodyTemperature: return "bbt"
        case .wristTemperature: return "wrist"
        case .cervicalMucus: return "mucus"
        }
    }

    public var description: String { rawValue }

    /// Schema order: `lh_test`, `bbt`, `wrist_temperature`, `cervical_mucus`.
    public static func < (lhs: MeasurementKind, rhs: MeasurementKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
