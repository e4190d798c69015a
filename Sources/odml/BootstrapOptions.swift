import ArgumentParser

/// `--bootstrap N`: how many times the users (or, for `bandit`, the logged decisions) are resampled
/// for the 95 % intervals (one percentile rule, `Quantile.interpolated`); 0 leaves the intervals out. Declared once; each command keeps its
/// own default (`Default.defaultBootstrapResamples`, shown by its help).
struct BootstrapOptions<Default: BootstrapDefault>: ParsableArguments {
    @Option(name: .customLong("bootstrap"), help: "Bootstrap resamples for the 95 % intervals (0: no intervals).")
    var resamples: Int = Default.defaultBootstrapResamples

    func validate() throws {
        guard resamples >= 0 else { throw ValidationError("--bootstrap: expected 0 or more resamples, found \(resamples)") }
    }
}
