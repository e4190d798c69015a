import Dispatch
import Foundation
import TensorCore

/// A trained boosted-trees model: a tree ensemble, its objective and its starting scores.
///
/// The raw score of class `k` is `baseScores[k]` plus the leaf values of the trees
/// `t ≡ k (mod classCount)`; outputs are the objective's transform of the raw scores
/// (probability for binary, class probabilities for multiclass, mean for Poisson).
public struct GradientBoostedModel: Sendable, Equatable {
    /// The trees.
    public var ensemble: TreeEnsemble
    /// The objective the model was trained with.
    public var objective: ObjectiveKind
    /// Starting raw score per class.
    public var baseScores: [Double]
    /// Feature names, `featureCount` of them.
    public var featureNames: [String]
    /// Per feature `[minimum, maximum]` of the training values (`NaN` when all missing).
    public var featureRanges: [[Float]]

    /// Wraps trained parts into a model.
    public init(ensemble: TreeEnsemble, objective: ObjectiveKind, baseScores: [Double], featureNames: [String],
                featureRanges: [[Float]]? = nil) {
        self.ensemble = ensemble
        self.objective = objective
        self.baseScores = baseScores
        self.featureNames = featureNames
        self.featureRanges = featureRanges ?? featureNames.map { _ in [Float.nan, Float.nan] }
    }

    public static func == (lhs: GradientBoostedModel, rhs: GradientBoostedModel) -> Bool {
        lhs.ensemble == rhs.ensemble && lhs.objective == rhs.objective && lhs.baseScores == rhs.baseScores
            && lhs.featureNames == rhs.featureNames
    }

    /// Number of input features.
    public var featureCount: Int { featureNames.count }
    /// Raw scores per row.
    public var classCount: Int { objective.classCount }
    /// Boosting iterations kept.
    public var iterationCount: Int { ensemble.treeCount / max(1, classCount) }

    /// Raw scores of one row into `scores` (`classCount` values). Allocates nothing.
    @inlinable
    public func predictRaw(row: UnsafeBufferPointer<Float>, into scores: UnsafeMutableBufferPointer<Double>) {
        for k in 0..<baseScores.count { scores[k] = baseScores[k] }
        ensemble.accumulate(row: row.baseAddress!, into: scores.baseAddress!, classCount: baseScores.count)
    }

    /// Outputs (probabilities or means) of one row into `outputs`. Allocates nothing.
    public func predict(row: UnsafeBufferPointer<Float>, into outputs: UnsafeMutableBufferPointer<Double>) {
        predictRaw(row: row, into: outputs)
        objective.transform(outputs)
    }

    /// Raw scores of one row (`classCount` values).
    public func predictRaw(_ row: [Float]) -> [Double] {
        var scores = [Double](repeating: 0, count: classCount)
        row.withUnsafeBufferPointer { r in scores.withUnsafeMutableBufferPointer { predictRaw(row: r, into: $0) } }
        return scores
    }

    /// Outputs of one row (`classCount` values).
    public func predict(_ row: [Float]) -> [Double] {
        var scores = predictRaw(row)
        scores.withUnsafeMutableBufferPointer { objective.transform($0) }
        return scores
    }

    /// Raw scores of every row, shape `NK`, computed by `threadCount` threads over row blocks.
    public func predictRaw(_ matrix: FeatureMatrix, threadCount: Int = 1) -> [Double] {
        let classes = classCount, width = matrix.featureCount, rows = matrix.rowCount
        var scores = [Double](repeating: 0, count: rows * classes)
        scores.withUnsafeMutableBufferPointer { out in
            matrix.values.withUnsafeBufferPointer { values in
                let output = _SendablePointer(out.baseAddress!)
                let input = _SendablePointer(UnsafeMutablePointer(mutating: values.baseAddress!))
                let work: @Sendable (Int, Int) -> Void = { (lower: Int, upper: Int) in
                    for row in lower..<upper {
                        let target = output.pointer + row * classes
                        for k in 0..<classes { target[k] = self.baseScores[k] }
                        self.ensemble.accumulate(row: input.pointer + row * width, into: target, classCount: classes)
                    }
                }
                let tasks = max(1, min(threadCount, rows / 256))
                if tasks > 1 {
                    DispatchQueue.concurrentPerform(iterations: tasks) { task in work(rows * task / tasks, rows * (task + 1) / tasks) }
                } else {
                    work(0, rows)
                }
            }
        }
        return scores
    }

    /// Outputs of every row, shape `NK`.
    public func predict(_ matrix: FeatureMatrix, threadCount: Int = 1) -> [Double] {
        var scores = predictRaw(matrix, threadCount: threadCount)
        let classes = classCount
        scores.withUnsafeMutableBufferPointer { all in
            for row in 0..<matrix.rowCount {
                objective.transform(UnsafeMutableBufferPointer(rebasing: all[(row * classes)..<((row + 1) * classes)]))
            }
        }
        return scores
    }
}

extension ObjectiveKind {
    /// Maps one row's raw scores to outputs in place (no allocation).
    @inlinable
    public func transform(_ scores: UnsafeMutableBufferPointer<Double>) {
        switch self {
        case .squaredError:
            return
        case .binaryLogLoss:
            for i in scores.indices { scores[i] = 1 / (1 + exp(-scores[i])) }
        case .poisson:
            for i in scores.indices { scores[i] = exp(scores[i]) }
        case .multiclassSoftmax:
            Softmax.normalize(scores)
        }
    }
}
