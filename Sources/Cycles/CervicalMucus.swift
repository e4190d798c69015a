/// Cervical mucus as a user charts it (`measurements.value` of kind `cervical_mucus`), from the
/// least to the most fertile type (Billings / Creighton categories).
///
/// The *peak day* of a cycle is the last day of egg-white mucus; ovulation falls within ±2 days
/// of it in 95 % of cycles (Hilgers et al. 1978).
public enum CervicalMucus: Int, CaseIterable, Sendable, Codable, Comparable {
    /// Nothing seen or felt ("none" in the schema; named `dry` in Swift to keep `.none` for `Optional`).
    case dry = 0
    /// Sticky, tacky, crumbly.
    case sticky = 1
    /// Creamy, lotion-like, white: fertile-type, rising oestrogen.
    case creamy = 2
    /// Clear, stretchy, slippery: the most fertile type, around ovulation.
    case eggWhite = 3

    public static func < (lhs: CervicalMucus, rhs: CervicalMucus) -> Bool { lhs.rawValue < rhs.rawValue }
}
