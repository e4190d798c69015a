import Foundation

/// The `confidence` (0…1) written with each prediction and insight: the probability that the
/// forecast will be scored right (`accuracy_score` 1).
///
/// - Dates (period start, ovulation): P(|error| ≤ 2 days) for a normal error with the model's
///   uncertainty σ (`CyclePrediction.nextPeriodUncertaintyDays`, ≥ 0.5 d) and the ±2-day hit
///   window widened by half a day for whole days: `erf(2.5 / (σ √2))`. The ovulation date uses
///   the period's σ (it is dated from the same cycle-length estimate, so it is at least that uncertain).
/// - Levels (energy, mood): her own record of the model's 3-class hits on the last reconciled
///   forecasts of that kind, smoothed towards chance: `(hits + 1) / (scored + 3)` (1/3 with none).
public enum ForecastConfidence {
    /// How many reconciled forecasts the level confidence looks back on.
    package static let levelLookback = 30

    /// Confidence of a date forecast with uncertainty `sigmaDays`.
    public static func date(uncertaintyDays sigmaDays: Double) -> Double {
        let sigma = max(sigmaDays.isFinite ? sigmaDays : 30, 0.5)
        return min(max(erf(2.5 / (sigma * 2.0.squareRoot())), 0), 1)
    }

    /// Confidence of a level forecast after `hits` right out of `scored` reconciled ones.
    public static func level(hits: Int, scored: Int) -> Double {
        Double(hits + 1) / Double(scored + 3)
    }
}
