extension Personalizer {
    /// The fine-tuning strategies known by name (`odml finetune --strategies`, the C API).
    /// (The boosted-trees strategy is asked for as `gbt`; personal model files record it as
    /// `GBTResidualTuner.strategy`.)
    package static let strategyNames = [ResidualCorrectionTuner.strategy, LutealTuner.strategy, gbtStrategyName]
    /// The strategies tried when none is named.
    package static let defaultStrategyNames = [ResidualCorrectionTuner.strategy, LutealTuner.strategy]
    /// The name `odml finetune --strategies` and the C API give the boosted-trees strategy.
    static let gbtStrategyName = "gbt"

    /// The tuner of the strategy `name`: `residual` (`ResidualCorrectionTuner`), `luteal`
    /// (`LutealTuner`) or `gbt` (`GBTResidualTuner`, boosted-trees models only); `nil` for
    /// another name.
    public static func tuner(named name: String) -> (any FineTuner)? {
        switch name {
        case ResidualCorrectionTuner.strategy: return ResidualCorrectionTuner()
        case LutealTuner.strategy: return LutealTuner()
        case gbtStrategyName: return GBTResidualTuner()
        default: return nil
        }
    }
}
