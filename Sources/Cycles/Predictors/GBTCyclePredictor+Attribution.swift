import BoostedTrees
import Explanations
import Foundation

extension GBTCyclePredictor: PeriodAttributing {
    /// Why the period model predicts what it does for `history`'s user on `day`: exact TreeSHAP of
    /// its remaining-days model, one contribution per feature, in days until the next start.
    ///
    /// TreeSHAP is exact on the model's raw score; with a log link (Poisson objective) the raw
    /// score is log-days, and the contributions are rescaled by one common factor
    /// `(days − baseline days) / (raw − expected raw)` so that they add up to the forecast in days
    /// while keeping each factor's sign and share. The baseline is the model's expected raw score
    /// through the link: the forecast for an average training day. The alert-timing decision that
    /// may bring the shown date forward is not part of the attribution.
    public func periodAttribution(for history: UserHistory, on day: CalendarDay) throws -> Attribution {
        let explanation = periodExplanation(for: history, on: day)
        let link: (Double) -> Double = remaining.objective == .poisson ? { Foundation.exp($0) } : { $0 }
        let baselineDays = link(explanation.expectedValue)
        let rawDifference = explanation.rawScore - explanation.expectedValue
        let scale = abs(rawDifference) > 1e-12 ? (explanation.remainingDays - baselineDays) / rawDifference : 1
        let features = explanation.features.map {
            FeatureDescriptor(key: $0.name, group: FeatureGroup(CycleFeatureGroups.reasoningGroup($0.group)))
        }
        // No reference row is stored with the model, so factors carry no high/low direction:
        // the sentence phrases them by their contribution's sign.
        return try Attribution(shapValues: explanation.contributions.map { $0 * scale }, expectedValue: baselineDays,
                               features: features, values: explanation.values.map { Double($0) })
    }
}
