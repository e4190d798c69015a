import Explanations

extension Reason {
    /// The Explanations feature group whose templates phrase this reason.
    var explanationGroup: FeatureGroup {
        switch self {
        case .focusMatch: return .focusMatch
        case .successProbability: return .successProbability
        case .bandwidthFit: return .bandwidthFit
        case .timeOfDayFit: return .timeOfDayFit
        case .noveltyBoost: return .noveltyBoost
        case .streakMomentum: return .streakMomentum
        case .frictionRisk: return .frictionRisk
        }
    }
}
