import Explanations

extension Reason {
    /// The feature group whose phrases (Elaro's phrase book, `factors`) phrase this reason.
    var explanationGroup: FeatureGroup {
        switch self {
        case .focusMatch: return FeatureGroup("focus_match")
        case .successProbability: return FeatureGroup("success_probability")
        case .bandwidthFit: return FeatureGroup("bandwidth_fit")
        case .timeOfDayFit: return FeatureGroup("time_of_day_fit")
        case .noveltyBoost: return FeatureGroup("novelty_boost")
        case .streakMomentum: return FeatureGroup("streak_momentum")
        case .frictionRisk: return FeatureGroup("friction_risk")
        }
    }
}
