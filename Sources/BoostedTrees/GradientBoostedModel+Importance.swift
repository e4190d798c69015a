/// How much each feature is used by a model.
public struct FeatureImportance: Sendable, Equatable {
    /// Number of splits on each feature.
    public var splitCount: [Int]
    /// Total split gain of each feature.
    public var totalGain: [Double]
}

extension GradientBoostedModel {
    /// Split count and total gain per feature, over all trees.
    public var featureImportance: FeatureImportance {
        var counts = [Int](repeating: 0, count: featureCount)
        var gains = [Double](repeating: 0, count: featureCount)
        for node in 0..<ensemble.feature.count where ensemble.feature[node] >= 0 {
            let feature = Int(ensemble.feature[node])
            counts[feature] += 1
            gains[feature] += ensemble.gain[node]
        }
        return FeatureImportance(splitCount: counts, totalGain: gains)
    }
}
