import BoostedTrees

/// The boosting settings `GBTCyclePredictor.train` gives its five models, besides the trees,
/// leaves, learning rate, threads and seed of `GBTTrainingOptions`. The defaults are the
/// settings `make models` trains the shipped `Models/cycle-gbt.odml` with.
///
/// The period and alert models grow `GBTTrainingOptions.trees` trees of `leaves` leaves; the
/// ovulation model `max(minimumTrees, trees / ovulationTreeDivisor)` trees of at most
/// `ovulationLeafLimit` leaves; the energy and mood models `max(minimumTrees, trees /
/// levelTreeDivisor)` trees of at most `levelLeafLimit` leaves.
public struct GBTBoostingSettings: Sendable, Equatable {
    /// Fewest training rows in a leaf (40).
    public var minimumDataInLeaf: Int = 40
    /// L2 penalty on the leaf values (1).
    public var l2: Double = 1
    /// Share of the rows each tree is grown on (0.8).
    public var rowSubsample: Double = 0.8
    /// Share of the features each tree may split on (0.8).
    public var columnSubsample: Double = 0.8
    /// Rounds without improvement on the held-out users before a model stops (20); no early
    /// stopping when no user is held out.
    public var earlyStoppingRounds: Int = 20
    /// Fewest trees of the ovulation, energy and mood models (10).
    public var minimumTrees: Int = 10
    /// The ovulation model grows `trees / ovulationTreeDivisor` trees (2: half).
    public var ovulationTreeDivisor: Int = 2
    /// Most leaves per tree of the ovulation model (15).
    public var ovulationLeafLimit: Int = 15
    /// The energy and mood models grow `trees / levelTreeDivisor` trees (4: a quarter).
    public var levelTreeDivisor: Int = 4
    /// Most leaves per tree of the energy and mood models (7).
    public var levelLeafLimit: Int = 7

    /// The defaults.
    public init() {}

    /// Trees and leaves of the ovulation model for the period model's `trees` and `leaves`.
    func ovulationSize(trees: Int, leaves: Int) -> (trees: Int, leaves: Int) {
        (max(minimumTrees, trees / max(ovulationTreeDivisor, 1)), min(ovulationLeafLimit, leaves))
    }

    /// Trees and leaves of the energy and mood models for the period model's `trees` and `leaves`.
    func levelSize(trees: Int, leaves: Int) -> (trees: Int, leaves: Int) {
        (max(minimumTrees, trees / max(levelTreeDivisor, 1)), min(levelLeafLimit, leaves))
    }

    /// The parameters of one model: these settings with `options`' learning rate, threads and seed.
    func parameters(_ objective: ObjectiveKind, size: (trees: Int, leaves: Int), options: GBTTrainingOptions,
                    earlyStopping: Bool) -> GradientBoostingParameters {
        var parameters = GradientBoostingParameters()
        parameters.objective = objective
        parameters.iterationCount = size.trees
        parameters.maximumLeafCount = size.leaves
        parameters.learningRate = options.learningRate
        parameters.minimumDataInLeaf = minimumDataInLeaf
        parameters.l2 = l2
        parameters.rowSubsample = rowSubsample
        parameters.columnSubsample = columnSubsample
        parameters.earlyStoppingRounds = earlyStopping ? earlyStoppingRounds : 0
        parameters.threadCount = options.threadCount
        parameters.seed = options.seed
        return parameters
    }
}
