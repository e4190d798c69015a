/// The one interpolated-percentile rule of the package (bootstrap intervals, statistics):
/// linear interpolation between the closest ranks (Hyndman–Fan type 7, NumPy's default).
/// `ConfidenceInterval.quantile` and the off-policy intervals of `Bandits` read it.
public enum Quantile {
    /// The `q`-quantile (0–1) of `sorted` (increasing order); `nil` when empty.
    public static func interpolated(sorted: [Double], _ q: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down)), upper = Int(position.rounded(.up))
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }
}
