import Foundation

/// Binary log-loss with a sigmoid link: `p = σ(s)`, gradient `p − y`, hessian `p (1 − p)`;
/// starts from the log-odds of the mean label.
public struct BinaryLogLoss: Objective {
    public init() {}
    public var classCount: Int { 1 }
    public var kind: ObjectiveKind { .binaryLogLoss }

    public func validate(labels: [Float]) throws {
        if let row = labels.firstIndex(where: { $0 != 0 && $0 != 1 }) {
            throw BoostedTreesError.invalidLabel(row: row, value: labels[row], expected: "0 or 1")
        }
    }

    public func initialScores(labels: [Float], weights: [Float]?) -> [Double] {
        let mean = labels.reduce(0.0) { $0 + Double($1) } / Double(max(1, labels.count))
        let clipped = min(max(mean, 1e-15), 1 - 1e-15)
        return [log(clipped / (1 - clipped))]
    }

    public func gradients(scores: [Double], labels: [Float], classIndex: Int, gradients: inout [Float], hessians: inout [Float]) {
        for row in 0..<labels.count {
            let p = 1 / (1 + exp(-scores[row]))
            gradients[row] = Float(p - Double(labels[row]))
            hessians[row] = Float(max(p * (1 - p), 1e-16))
        }
    }

    public func loss(scores: [Double], labels: [Float]) -> Double {
        var total = 0.0
        for row in 0..<labels.count {
            let p = min(max(1 / (1 + exp(-scores[row])), 1e-15), 1 - 1e-15)
            total -= labels[row] > 0.5 ? log(p) : log(1 - p)
        }
        return total / Double(max(1, labels.count))
    }

    public func transform(_ scores: UnsafeMutableBufferPointer<Double>) {
        for i in scores.indices { scores[i] = 1 / (1 + exp(-scores[i])) }
    }
}
