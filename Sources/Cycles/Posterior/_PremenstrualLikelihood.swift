import Foundation

/// What her well-being of the last days says about the next start being 1 …
/// `CycleDayState.premenstrualDays` days away: a log-likelihood ratio per day ahead, multiplied
/// into `OvulationPosterior`'s start masses. Many women log lower energy, mood and sleep in the
/// days before a period; this reads her own dip, not a population's.
///
/// A start in k days puts the last `premenstrualDays` + 1 − k days of this cycle inside its
/// premenstrual window. Each such day's well-being, against her usual level
/// (`CycleDayState.wellbeingReference`), is weighed by N(her premenstrual gap, her SD) against
/// N(0, her SD); her gap is the mean of her completed cycles' gaps shrunk towards 0 with one
/// pseudo-cycle (`CycleDayState.premenstrualGap`). Consecutive days are correlated, so each day
/// counts `dayWeight`, and a start's sum is held within ±`logLimit`. Empty without a usual level
/// or a completed cycle with well-being before its end.
struct _PremenstrualLikelihood {
    /// Weight of one day's log ratio (0.3 and 0.7 within 0.4 point of alert accuracy on
    /// generated seed-31337 users; docs/research-log/2026-11-27.md).
    static let dayWeight = 0.5
    /// Bound on one start's summed log ratio.
    static let logLimit = 6.0
    /// Least SD of her well-being the ratio divides by (scores are integers 1–10).
    static let deviationFloor: Float = 0.5

    /// Log-likelihood ratio of a start in k days at index k − 1, k = 1 …
    /// `CycleDayState.premenstrualDays`; empty when her well-being says nothing.
    let startLogLikelihoods: [Double]

    init(_ state: CycleDayState) {
        guard let start = state.cycle.lastStart, let reference = state.wellbeingReference(),
              let premenstrual = state.premenstrualGap(level: reference.level) else {
            startLogLikelihoods = []
            return
        }
        let cycles = Float(premenstrual.cycles)
        let dip = Double(premenstrual.gap * cycles / (cycles + 1))
        let deviation = Double(max(reference.deviation, Self.deviationFloor))
        let today = state.todayIndex, cycleOffset = state.index(of: start)
        var logs: [Double] = []
        for ahead in 1...CycleDayState.premenstrualDays {
            // Observed days inside the window of a start `ahead` days after today.
            var total = 0.0
            for index in max(0, cycleOffset, today + ahead - CycleDayState.premenstrualDays)...today {
                let value = state.wellbeing[index]
                guard !value.isNaN else { continue }
                let deviationFromLevel = Double(value - reference.level)
                total += Self.dayWeight * (2 * dip * deviationFromLevel - dip * dip) / (2 * deviation * deviation)
            }
            logs.append(min(Self.logLimit, max(-Self.logLimit, total)))
        }
        startLogLikelihoods = logs
    }
}
