/// Cervical mucus on the symptothermal method's five-step scale (Sensiplan), from the driest to
/// the most fertile quality: what she felt at the vulva during the day and what she saw.
///
/// The `measurements` table stores it under the kind `cervical_mucus_nfp`, `value` = `rawValue`.
/// Files of the older four-level kind `cervical_mucus` (0 none, 1 sticky, 2 creamy, 3 egg-white)
/// keep reading through `init(fourLevelCode:)` (`docs/symptothermal-rules.md`, "Mucus").
public enum CervicalMucus: Int, CaseIterable, Sendable, Codable, Comparable {
    /// t: felt dry, nothing seen.
    case dry = 0
    /// Ø: nothing felt, nothing seen.
    case nothing = 1
    /// f: felt moist, nothing seen.
    case moist = 2
    /// S: seen, creamy or thick (whitish, cloudy, sticky, not stretchy).
    case creamy = 3
    /// S+: seen egg-white (clear, glassy, stretchy) or felt slippery, wet.
    case eggWhite = 4

    /// The method's sign for the quality: `t`, `Ø`, `f`, `S`, `S+`.
    public var symbol: String {
        switch self {
        case .dry: "t"
        case .nothing: "Ø"
        case .moist: "f"
        case .creamy: "S"
        case .eggWhite: "S+"
        }
    }

    /// `true` for a mucus symptom the method counts (f, S, S+): the lowest quality that opens the
    /// fertile window and that a cycle's peak may have.
    public var isMucusSymptom: Bool { self >= .moist }

    /// The quality of a four-level observation (`cervical_mucus` rows): 0 none (nothing seen or
    /// felt) → Ø; 1 sticky and 2 creamy (mucus seen, not stretchy) → S; 3 egg-white → S+.
    /// `nil` for another code.
    public init?(fourLevelCode code: Int) {
        switch code {
        case 0: self = .nothing
        case 1, 2: self = .creamy
        case 3: self = .eggWhite
        default: return nil
        }
    }

    public static func < (lhs: CervicalMucus, rhs: CervicalMucus) -> Bool { lhs.rawValue < rhs.rawValue }
}
