import Cycles

/// A built-in cohort (`CohortConfig.named(_:)`, `odml generate/validate/replay --cohort`).
public enum CohortName: String, CaseIterable, Sendable, Codable {
    /// Regular cycles.
    case regular
    /// Irregular cycles (the go/no-go cohort).
    case irregular
    /// Polycystic ovary syndrome.
    case pcos
    /// Endometriosis.
    case endometriosis
    /// A mix of the phenotypes.
    case mixed
    /// Irregular users who log less (`CohortConfig.weakened(name:)`).
    case weakSignals = "weak-signals"

    /// The cohort's config.
    public var config: CohortConfig {
        switch self {
        case .regular: .regular
        case .irregular: .irregular
        case .pcos: .pcos
        case .endometriosis: .endometriosis
        case .mixed: .mixed
        case .weakSignals: CohortConfig.irregular.weakened(name: rawValue)
        }
    }
}
