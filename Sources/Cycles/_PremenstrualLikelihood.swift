import Foundation

/// Her recent well-being as evidence about the next start, for `OvulationPosterior`: how much more
/// likely her logged energy, mood and sleep of this cycle are if the start is `k` days away (so that
/// the days before it are premenstrual) than if it is not, for k = 1 … `premenstrualDays`.
///
/// Each day of this cycle inside the premenstrual window of a start in `k` days (the
/// `premenstrualDays` days before it) compares N(her usual level + her gap, her SD) with N(her usual
/// level, her SD) (`CycleDayState.wellbeingReference`, `premenstrualGap`: her own figures from her
/// completed cycles, the gap shrunk towards 0 with one pseudo-cycle). A premenstrual decline of
/// mood and energy is the best-documented cycle-related symptom change (Bäckström 2003; Romans
/// 2012 finds it weak and variable across women, hence her own gap, not a population one). The
/// days' terms are summed with `dayWeight` because consecutive days' well-being is correlated, and
/// the sum is held within ±`limit` so that a run of bad days never rules a start in or out.
/// Later starts get no term: the days before them are not logged yet.
enum _PremenstrualLikelihood {
    /// Days before a start whose well-being is premenstrual (as `CompletedCycle.wellbeingBeforeNextStart`).
    static let premenstrualDays = 5
    /// Weight of one day's log-likelihood ratio (correlated days count less than independent ones).
    static let dayWeight = 0.5
    /// Largest log-likelihood ratio either way.
    static let limit = 6.0
    /// Smallest SD of her usual well-being used (a very steady logger's 0 would make each day decisive).
    static let minimumDeviation = 0.5

    /// The log-likelihood ratio of a start in k days at index k − 1 (`premenstrualDays` values), or
    /// empty before her well-being reference and gap are known.
    static func startLogLikelihood(_ state: CycleDayState) -> [Double] {
        guard let cycleStart = state.cycle.lastStart, let reference = state.wellbeingReference(),
              let (gap, cycles) = state.premenstrualGap(level: reference.level) else { return [] }
        let dip = Double(gap) * Double(cycles) / Double(cycles + 1)
        let deviation = max(Double(reference.deviation), minimumDeviation)
        let today = state.todayIndex, firstCycleIndex = state.index(of: cycleStart) + 1
        return (1...premenstrualDays).map { days in
            let first = max(today + days - premenstrualDays, firstCycleIndex)
            guard first <= today else { return 0 }
            var sum = 0.0
            for index in first...today where !state.wellbeing[index].isNaN {
                let residual = Double(state.wellbeing[index] - reference.level)
                sum += (2 * dip * residual - dip * dip) / (2 * deviation * deviation)
            }
            return min(max(dayWeight * sum, -limit), limit)
        }
    }
}
