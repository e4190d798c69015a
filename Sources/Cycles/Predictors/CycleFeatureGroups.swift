/// The cycle predictors' feature groups, as the reasoning generator's templates name them.
enum CycleFeatureGroups {
    /// The template group for a predictor's feature group: the daily features' `cycle_history`,
    /// `pain_zone` and `day_of_week` are phrased as `history`, `pain` and `weekday`; every other
    /// group keeps its name.
    static func reasoningGroup(_ group: String) -> String {
        switch group {
        case "cycle_history": "history"
        case "pain_zone": "pain"
        case "day_of_week": "weekday"
        default: group
        }
    }
}
