/// Early stopping on a validation metric: stop after `patience` epochs without an improvement
/// of at least `minimumDelta` over the best value so far.
public struct EarlyStopping: Sendable {
    /// Whether smaller metric values are better (a loss) or larger ones (an accuracy).
    public enum Direction: Sendable { case minimize, maximize }
    /// What `record` decided.
    public enum Decision: Sendable, Equatable {
        /// A new best: keep this epoch's parameters.
        case improved
        /// No improvement, but patience is left.
        case `continue`
        /// Patience exhausted: stop and restore the best parameters.
        case stop
    }

    /// Epochs without improvement tolerated.
    public let patience: Int
    /// Smallest change that counts as an improvement.
    public let minimumDelta: Double
    /// The metric's direction.
    public let direction: Direction
    /// Best value recorded so far.
    public private(set) var bestValue: Double?
    /// Epoch (as passed to `record`) of the best value.
    public private(set) var bestEpoch: Int?
    private var epochsWithoutImprovement = 0

    public init(patience: Int, minimumDelta: Double = 0, direction: Direction = .minimize) {
        self.patience = patience
        self.minimumDelta = minimumDelta
        self.direction = direction
    }

    /// Records `value` for `epoch` and says whether to keep going.
    public mutating func record(_ value: Double, epoch: Int) -> Decision {
        let improved: Bool
        if let best = bestValue {
            improved = direction == .minimize ? value < best - minimumDelta : value > best + minimumDelta
        } else {
            improved = true
        }
        if improved {
            bestValue = value
            bestEpoch = epoch
            epochsWithoutImprovement = 0
            return .improved
        }
        epochsWithoutImprovement += 1
        return epochsWithoutImprovement >= patience ? .stop : .continue
    }
}
