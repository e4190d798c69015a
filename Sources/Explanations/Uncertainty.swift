/// A model's uncertainty about one prediction, phrased as a confidence suffix ("±2 j", "±2 d").
package enum Uncertainty: Hashable, Sendable {
    /// About one standard deviation (or the half-width of the central 68 %) in days; rounded to
    /// whole days, at least 1.
    case days(Double)
    /// Half-width on a 1–10 symptom scale, one decimal.
    case points(Double)
    /// The probability of the predicted class or event, in `[0, 1]`.
    case probability(Double)
    /// An interval of dates (`PredictedValue.date` bounds) holding `probability` of the forecast
    /// ("entre le 12 et le 16 mai, 80 %", "between May 12 and 16, 80%").
    case interval(from: PredictedValue, through: PredictedValue, probability: Double)
}
