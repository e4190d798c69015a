/// A training objective: it only turns raw scores into gradients and hessians (and gives the
/// starting score, the output transform and a validation loss).
///
/// Scores are laid out `NK`: row `r`, class `k` at `scores[r * classCount + k]`.
public protocol Objective: Sendable {
    /// Raw scores per row (1, or the class count for multiclass).
    var classCount: Int { get }
    /// Throws when a label is invalid for this objective.
    func validate(labels: [Float]) throws
    /// The constant starting score per class (e.g. the log-odds of the mean label).
    func initialScores(labels: [Float], weights: [Float]?) -> [Double]
    /// Writes the gradient and hessian of the loss with respect to class `k`'s score of every row.
    func gradients(scores: [Double], labels: [Float], classIndex: Int,
                   gradients: inout [Float], hessians: inout [Float])
    /// Mean loss over rows (lower is better), used for early stopping.
    func loss(scores: [Double], labels: [Float]) -> Double
    /// Maps raw scores of one row to outputs (probabilities, means) in place.
    func transform(_ scores: UnsafeMutableBufferPointer<Double>)
    /// The kind, for serialisation.
    var kind: ObjectiveKind { get }
}

/// The objectives the library ships, as a serialisable value.
public enum ObjectiveKind: Sendable, Equatable, Hashable {
    /// Squared error regression.
    case squaredError
    /// Binary classification with labels 0/1, sigmoid link.
    case binaryLogLoss
    /// Multiclass classification with labels `0..<classCount`, softmax link.
    case multiclassSoftmax(classCount: Int)
    /// Poisson regression of non-negative counts, log link.
    case poisson

    /// The objective implementing this kind.
    public var objective: any Objective {
        switch self {
        case .squaredError: return SquaredError()
        case .binaryLogLoss: return BinaryLogLoss()
        case let .multiclassSoftmax(classCount): return MulticlassSoftmax(classCount: classCount)
        case .poisson: return PoissonLoss()
        }
    }

    /// Number of raw scores per row.
    public var classCount: Int {
        if case let .multiclassSoftmax(count) = self { return count }
        return 1
    }
}
