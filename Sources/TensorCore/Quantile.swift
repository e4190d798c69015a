/// The package's percentile rules. The interpolated one (bootstrap intervals, statistics):
/// linear interpolation between the closest ranks (Hyndman–Fan type 7, NumPy's default);
/// `ConfidenceInterval.quantile` and the off-policy intervals of `Bandits` read it. The
/// nearest-rank one (timings, where a percentile must be a measured value): `LatencyProfile`
/// and the loop replay's timings read it.
public enum Quantile {
    /// The `q`-quantile (0–1) of `sorted` (increasing order); `nil` when empty.
    public static func interpolated(sorted: [Double], _ q: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down)), upper = Int(position.rounded(.up))
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }

    /// The nearest-rank `q`-quantile (0–1) of `sorted` (increasing order): the value at rank
    /// `⌈q·n⌉`, clamped to `1…n`, so the 0.99-quantile of 1,000 timings is the 990th smallest;
    /// `nil` when empty.
    package static func nearestRank(sorted: [Double], _ q: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let rank = Int((q * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }

    /// The `q`-quantile (0–1) of a distribution over the values 1, 2, …, `masses.count` whose
    /// mass `masses[i]` is spread evenly over [i + 0.5, i + 1.5): the value where the cumulative
    /// mass reaches `q`. `masses.count` when `q` exceeds the total mass.
    public static func interpolated(masses: [Double], _ q: Double) -> Double {
        var cumulative = 0.0
        for (index, mass) in masses.enumerated() {
            if cumulative + mass >= q { return Double(index + 1) - 0.5 + (q - cumulative) / max(mass, 1e-300) }
            cumulative += mass
        }
        return Double(masses.count)
    }
}
