import Foundation

/// Poisson deviance with a log link: mean `μ = exp(s)`, gradient `μ − y`, hessian
/// `exp(s + 0.7)` (a damped Newton step, LightGBM's `poisson_max_delta_step` safeguard);
/// starts from the log of the mean label.
public struct PoissonLoss: Objective {
    /// The hessian's damping shift.
    public static let maximumDeltaStep = 0.7
    public init() {}
    public var classCount: Int { 1 }
    public var kind: ObjectiveKind { .poisson }

    public func validate(labels: [Float]) throws {
        if let row = labels.firstIndex(where: { !($0 >= 0) || !$0.isFinite }) {
            throw BoostedTreesError.invalidLabel(row: row, value: labels[row], expected: "a finite count >= 0")
        }
        if labels.allSatisfy({ $0 == 0 }) {
            throw BoostedTreesError.invalidLabel(row: 0, value: 0, expected: "at least one positive count")
        }
    }

    public func initialScores(labels: [Float], weights: [Float]?) -> [Double] {
        let mean = labels.reduce(0.0) { $0 + Double($1) } / Double(max(1, labels.count))
        return [log(max(mean, 1e-12))]
    }

    public func gradients(scores: [Double], labels: [Float], classIndex: Int, gradients: inout [Float], hessians: inout [Float]) {
        for row in 0..<labels.count {
            gradients[row] = Float(exp(scores[row]) - Double(labels[row]))
            hessians[row] = Float(exp(scores[row] + PoissonLoss.maximumDeltaStep))
        }
    }

    public func loss(scores: [Double], labels: [Float]) -> Double {
        var total = 0.0
        for row in 0..<labels.count { total += exp(scores[row]) - Double(labels[row]) * scores[row] }
        return total / Double(max(1, labels.count))
    }

    public func transform(_ scores: UnsafeMutableBufferPointer<Double>) {
        for i in scores.indices { scores[i] = exp(scores[i]) }
    }
}
