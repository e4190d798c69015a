/// A command's default `--bootstrap` (`BootstrapOptions`): a quick look at one dataset
/// (`evaluate`, `compare`) takes 200 resamples, the gates that judge an interval's lower end
/// (`validate`, `learning-curve`) and off-policy estimates (`bandit ope`, `bandit replay`) 1,000.
protocol BootstrapDefault {
    /// Resamples when `--bootstrap` is not given.
    static var defaultBootstrapResamples: Int { get }
}
