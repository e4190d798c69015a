import Cycles
import CyclesLab
import TensorCore

extension ModelLayout {
    /// Deterministic input of shape `inputShape(rows:)` for parity checks against another runtime.
    ///
    /// - Recurrent: feature `j` is drawn from `N(mean_j, scale_j²)` (from the normalisation, else
    ///   `N(0, 1)`), so the network sees standardised values like in training.
    /// - Trees: per value, 10 % `NaN` (missing), 20 % exactly one of the thresholds the feature
    ///   is split on (the `x <= threshold` boundary), otherwise uniform over
    ///   `[smallest threshold − 1, largest threshold + 1]` (`N(0, 1)` for unused features).
    /// - Built-in predictors: no input.
    public func sampleInput(rows: Int, seed: UInt64) -> (values: [Float], shape: [Int]) {
        var generator = SeededGenerator(seed: seed)
        let shape = inputShape(rows: rows)
        let count = shape.isEmpty ? 0 : shape.reduce(1, *)
        var values = [Float](repeating: 0, count: count)
        switch self {
        case let .recurrent(network):
            let features = network.featureCount
            for index in 0..<count {
                let feature = index % features
                let mean = Double(network.featureMean?[feature] ?? 0), scale = Double(network.featureScale?[feature] ?? 1)
                values[index] = Float(generator.nextNormal(mean: mean, standardDeviation: scale))
            }
        case let .trees(trees):
            var thresholds = [[Float]](repeating: [], count: trees.featureCount)
            for head in trees.heads {
                for (feature, threshold) in zip(head.model.ensemble.feature, head.model.ensemble.threshold) where feature >= 0 {
                    thresholds[Int(feature)].append(threshold)
                }
            }
            for index in 0..<count {
                let splits = thresholds[index % trees.featureCount]
                let draw = generator.nextUniform()
                if draw < 0.1 {
                    values[index] = .nan
                } else if splits.isEmpty {
                    values[index] = Float(generator.nextNormal())
                } else if draw < 0.3 {
                    values[index] = splits[generator.nextInt(below: splits.count)]
                } else {
                    let lower = Double(splits.min()!) - 1, upper = Double(splits.max()!) + 1
                    values[index] = Float(generator.nextUniform(in: lower, upper))
                }
            }
        case .builtIn:
            break
        }
        return (values, shape)
    }
}
