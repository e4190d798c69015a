import Explanations

extension PredictionKind {
    /// An Elaro recommendation (value: the action title, or none).
    package static let recommendation = PredictionKind("recommendation")
    /// A recommendation to a parent without history (value: the action title).
    package static let recommendationColdStart = PredictionKind("recommendation_cold_start")
    /// A recommendation from the coping kit in a high-friction week (value: the action title).
    package static let recommendationCopingKit = PredictionKind("recommendation_coping_kit")
}
