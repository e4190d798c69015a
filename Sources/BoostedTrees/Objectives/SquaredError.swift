/// Squared error `½ (s − y)²`: gradient `s − y`, hessian 1; starts from the mean label.
public struct SquaredError: Objective {
    public init() {}
    public var classCount: Int { 1 }
    public var kind: ObjectiveKind { .squaredError }

    public func validate(labels: [Float]) throws {
        if let row = labels.firstIndex(where: { !$0.isFinite }) {
            throw BoostedTreesError.invalidLabel(row: row, value: labels[row], expected: "a finite number")
        }
    }

    public func initialScores(labels: [Float], weights: [Float]?) -> [Double] {
        [labels.reduce(0.0) { $0 + Double($1) } / Double(max(1, labels.count))]
    }

    public func gradients(scores: [Double], labels: [Float], classIndex: Int, gradients: inout [Float], hessians: inout [Float]) {
        for row in 0..<labels.count {
            gradients[row] = Float(scores[row] - Double(labels[row]))
            hessians[row] = 1
        }
    }

    public func loss(scores: [Double], labels: [Float]) -> Double {
        var total = 0.0
        for row in 0..<labels.count { let d = scores[row] - Double(labels[row]); total += d * d }
        return (total / Double(max(1, labels.count))).squareRoot()
    }

    public func transform(_ scores: UnsafeMutableBufferPointer<Double>) {}
}
