extension Personalizer {
    /// The fine-tuning strategies known by name (`odml finetune --strategies`, the C API).
    package static let strategyNames = ["residual", "luteal", "gbt"]
    /// The strategies tried when none is named.
    package static let defaultStrategyNames = ["residual", "luteal"]

    /// The tuner of the strategy `name`: `residual` (`ResidualCorrectionTuner`), `luteal`
    /// (`LutealTuner`) or `gbt` (`GBTResidualTuner`, boosted-trees models only); `nil` for
    /// another name.
    public static func tuner(named name: String) -> (any FineTuner)? {
        switch name {
        case "residual": return ResidualCorrectionTuner()
        case "luteal": return LutealTuner()
        case "gbt": return GBTResidualTuner()
        default: return nil
        }
    }
}
