import Foundation
import TensorCore

/// Multiclass log-loss with a softmax link over `classCount` scores per row: for class `k`,
/// gradient `p_k − [y = k]` and hessian `K/(K−1) · p_k (1 − p_k)` (the diagonal Newton step
/// LightGBM also uses); starts from the log class priors.
public struct MulticlassSoftmax: Objective {
    /// Number of classes `K` (≥ 2).
    public let classCount: Int
    public init(classCount: Int) { self.classCount = classCount }
    public var kind: ObjectiveKind { .multiclassSoftmax(classCount: classCount) }

    public func validate(labels: [Float]) throws {
        guard classCount >= 2 else {
            throw BoostedTreesError.invalidParameter(name: "classCount", value: "\(classCount)", expected: ">= 2")
        }
        if let row = labels.firstIndex(where: { $0 < 0 || $0 >= Float(classCount) || $0 != $0.rounded() }) {
            throw BoostedTreesError.invalidLabel(row: row, value: labels[row], expected: "a class index in 0..<\(classCount)")
        }
    }

    public func initialScores(labels: [Float], weights: [Float]?) -> [Double] {
        var counts = [Double](repeating: 0, count: classCount)
        for label in labels { counts[Int(label)] += 1 }
        return counts.map { log(max($0, 1) / Double(max(1, labels.count))) }
    }

    public func gradients(scores: [Double], labels: [Float], classIndex: Int, gradients: inout [Float], hessians: inout [Float]) {
        let factor = Double(classCount) / Double(classCount - 1)
        scores.withUnsafeBufferPointer { all in
            for row in 0..<labels.count {
                let base = row * classCount
                let (largest, total) = Softmax.normalizer(all.baseAddress! + base, count: classCount)
                let p = exp(all[base + classIndex] - largest) / total
                gradients[row] = Float(p - (Int(labels[row]) == classIndex ? 1 : 0))
                hessians[row] = Float(max(factor * p * (1 - p), 1e-16))
            }
        }
    }

    public func loss(scores: [Double], labels: [Float]) -> Double {
        var total = 0.0
        scores.withUnsafeBufferPointer { all in
            for row in 0..<labels.count {
                let base = row * classCount
                let (largest, sum) = Softmax.normalizer(all.baseAddress! + base, count: classCount)
                total -= all[base + Int(labels[row])] - largest - log(sum)
            }
        }
        return total / Double(max(1, labels.count))
    }

    public func transform(_ scores: UnsafeMutableBufferPointer<Double>) {
        Softmax.normalize(scores)
    }
}
