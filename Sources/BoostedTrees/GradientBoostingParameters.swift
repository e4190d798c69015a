/// Hyper-parameters of `GradientBoosting.train`. Defaults match LightGBM's where they share a meaning.
public struct GradientBoostingParameters: Sendable, Equatable {
    /// The loss to minimise.
    public var objective: ObjectiveKind = .squaredError
    /// Boosting iterations (trees per class).
    public var iterationCount: Int = 100
    /// Leaves per tree (LightGBM `num_leaves`).
    public var maximumLeafCount: Int = 31
    /// Depth limit, root at depth 0; `<= 0` means none (LightGBM `max_depth`).
    public var maximumDepth: Int = -1
    /// Minimum training rows per leaf (LightGBM `min_data_in_leaf`).
    public var minimumDataInLeaf: Int = 20
    /// Minimum hessian sum per leaf (LightGBM `min_sum_hessian_in_leaf`).
    public var minimumSumHessian: Double = 1e-3
    /// L1 regularisation of leaf outputs (LightGBM `lambda_l1`).
    public var l1: Double = 0
    /// L2 regularisation of leaf outputs (LightGBM `lambda_l2`).
    public var l2: Double = 0
    /// Minimum gain to split (LightGBM `min_gain_to_split`).
    public var minimumGainToSplit: Double = 0
    /// Shrinkage applied to every tree (LightGBM `learning_rate`).
    public var learningRate: Double = 0.1
    /// Fraction of rows drawn (without replacement) for each tree, `(0, 1]`.
    public var rowSubsample: Double = 1
    /// Fraction of features drawn for each tree, `(0, 1]`.
    public var columnSubsample: Double = 1
    /// Bins per feature including the missing-value bin, 3...256 (LightGBM `max_bin` + 1).
    public var maximumBinCount: Int = 256
    /// Stop when the validation loss has not improved for this many iterations; 0 disables.
    public var earlyStoppingRounds: Int = 0
    /// Threads for binning and histogram building; results are identical for a given seed and count.
    public var threadCount: Int = 1
    /// Seed of the row and column subsampling.
    public var seed: UInt64 = 0
    /// Features whose values are category codes (non-negative integers, `NaN` = missing): split
    /// one category against the rest (LightGBM `categorical_feature`). Every category gets a bin,
    /// so a feature may have at most `maximumBinCount - 1` of them.
    public var categoricalFeatures: [Int] = []

    /// Default parameters.
    public init() {}

    /// Throws the first parameter outside its range.
    public func validate() throws {
        func check(_ ok: Bool, _ name: String, _ value: Any, _ expected: String) throws {
            if !ok { throw BoostedTreesError.invalidParameter(name: name, value: "\(value)", expected: expected) }
        }
        try check(iterationCount >= 1, "iterationCount", iterationCount, ">= 1")
        try check(maximumLeafCount >= 2, "maximumLeafCount", maximumLeafCount, ">= 2")
        try check(minimumDataInLeaf >= 1, "minimumDataInLeaf", minimumDataInLeaf, ">= 1")
        try check(minimumSumHessian >= 0, "minimumSumHessian", minimumSumHessian, ">= 0")
        try check(l1 >= 0, "l1", l1, ">= 0")
        try check(l2 >= 0, "l2", l2, ">= 0")
        try check(learningRate > 0, "learningRate", learningRate, "> 0")
        try check(rowSubsample > 0 && rowSubsample <= 1, "rowSubsample", rowSubsample, "in (0, 1]")
        try check(columnSubsample > 0 && columnSubsample <= 1, "columnSubsample", columnSubsample, "in (0, 1]")
        try check((3...256).contains(maximumBinCount), "maximumBinCount", maximumBinCount, "3...256")
        try check(earlyStoppingRounds >= 0, "earlyStoppingRounds", earlyStoppingRounds, ">= 0")
        try check(threadCount >= 1, "threadCount", threadCount, ">= 1")
        try check(categoricalFeatures.allSatisfy { $0 >= 0 } && Set(categoricalFeatures).count == categoricalFeatures.count,
                  "categoricalFeatures", categoricalFeatures, "distinct feature indices >= 0")
        if case let .multiclassSoftmax(count) = objective {
            try check(count >= 2, "objective.classCount", count, ">= 2")
        }
    }
}
