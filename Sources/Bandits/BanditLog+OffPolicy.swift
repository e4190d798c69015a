import TensorCore

extension BanditLog {
    /// The log as rows for `OffPolicyEvaluation`.
    ///
    /// When every decision carries `estimated_reward` and `target_expected_reward` (or JSON Lines'
    /// `estimated_rewards` with `target_probabilities`), those are used and nothing is fitted.
    /// Otherwise `rewardModel` is fitted with `folds`-fold cross-fitting: the decisions are shuffled
    /// (`SeededGenerator(seed:)`) into folds, and each fold's `q̂` comes from a model fitted on the
    /// other folds, so that no row's estimate has seen its own reward. Averaging `q̂` over the
    /// target policy needs its probabilities over every candidate (JSON Lines' `target_probabilities`).
    /// - Throws: `BanditError.unsuitableLog` when the log lacks what the estimators need,
    ///   `.malformedLog` when only some lines carry reward estimates.
    public func offPolicyRows(rewardModel: RewardModel = .ridge, folds: Int = 3, seed: UInt64 = 1) throws -> [OffPolicyRow] {
        for decision in decisions where decision.targetPropensity == nil {
            throw BanditError.unsuitableLog(source: source, detail: "line \(decision.line) has no target propensity: add the column target_propensity (CSV) or target_probabilities (JSON Lines)")
        }
        let given = decisions.map { $0.estimatedReward != nil && $0.targetExpectedReward != nil }
        if given.allSatisfy({ $0 }) {
            return decisions.map {
                OffPolicyRow(reward: $0.reward, loggingPropensity: $0.propensity, targetPropensity: $0.targetPropensity!,
                             estimatedReward: $0.estimatedReward, targetExpectedReward: $0.targetExpectedReward)
            }
        }
        if let partial = given.firstIndex(of: true), let missing = given.firstIndex(of: false) {
            throw BanditError.malformedLog(source: source, line: decisions[missing].line, field: "estimated_reward",
                                           detail: "missing, while line \(decisions[partial].line) has one: give reward estimates on every line or on none")
        }
        for decision in decisions where decision.targetProbabilities == nil {
            throw BanditError.unsuitableLog(source: source, detail: "line \(decision.line) has no reward estimates and no target probabilities over its candidates, so a fitted reward model cannot be averaged over the target policy: add estimated_reward and target_expected_reward, or write JSON Lines with target_probabilities")
        }
        guard folds >= 2, folds <= decisions.count else {
            throw BanditError.invalidParameter(name: "folds", value: Double(folds), expected: "2 ... \(decisions.count) (the number of decisions)")
        }
        var order = Array(decisions.indices)
        var generator = SeededGenerator(seed: seed)
        for index in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(index, generator.nextInt(below: index + 1)) }
        var fold = [Int](repeating: 0, count: decisions.count)
        for (rank, index) in order.enumerated() { fold[index] = rank % folds }
        let positions = Array(Set(decisions.map(\.position))).sorted()
        var rows = [OffPolicyRow?](repeating: nil, count: decisions.count)
        for held in 0..<folds {
            let training = decisions.indices.filter { fold[$0] != held }.map { decisions[$0] }
            let model = try _FittedRewardModel(kind: rewardModel, decisions: training, positions: positions)
            for index in decisions.indices where fold[index] == held {
                let decision = decisions[index]
                let candidates = decision.candidates ?? [decision.action]
                let probabilities = decision.targetProbabilities!
                var direct = 0.0, factual = 0.0
                for (candidate, probability) in zip(candidates, probabilities) {
                    let estimate = model.estimate(action: candidate, context: decision.context, position: decision.position)
                    direct += probability * estimate
                    if candidate == decision.action { factual = estimate }
                }
                rows[index] = OffPolicyRow(reward: decision.reward, loggingPropensity: decision.propensity,
                                           targetPropensity: decision.targetPropensity!, estimatedReward: factual,
                                           targetExpectedReward: direct)
            }
        }
        return rows.map { $0! }
    }
}

/// A reward model fitted on some decisions of a log (`RewardModel`).
struct _FittedRewardModel {
    private let kind: RewardModel
    private let positions: [Int]
    private let overallMean: Double
    private var ridges: [String: RidgeEstimator] = [:]
    private var sums: [String: (total: Double, count: Double)] = [:]

    init(kind: RewardModel, decisions: [LoggedDecision], positions: [Int]) throws {
        self.kind = kind
        self.positions = positions
        overallMean = decisions.isEmpty ? 0 : decisions.map(\.reward).reduce(0, +) / Double(decisions.count)
        for decision in decisions {
            switch kind {
            case .mean:
                let previous = sums[decision.action] ?? (0, 0)
                sums[decision.action] = (previous.total + decision.reward, previous.count + 1)
            case .ridge:
                let features = Self.features(decision.context, position: decision.position, positions: positions)
                var model = try ridges[decision.action] ?? RidgeEstimator(featureCount: features.count, regularization: 1)
                try model.update(features: features, reward: Float(decision.reward))
                ridges[decision.action] = model
            }
        }
    }

    /// `[1, x, one-hot position]` in single precision.
    private static func features(_ context: [Double], position: Int, positions: [Int]) -> [Float] {
        var result: [Float] = [1]
        result.reserveCapacity(1 + context.count + positions.count)
        for value in context { result.append(Float(value)) }
        for candidate in positions { result.append(candidate == position ? 1 : 0) }
        return result
    }

    /// `q̂(x, action)` (the overall mean for an action the fold never saw).
    func estimate(action: String, context: [Double], position: Int) -> Double {
        switch kind {
        case .mean:
            guard let sum = sums[action] else { return overallMean }
            return (sum.total + overallMean) / (sum.count + 1)
        case .ridge:
            guard let model = ridges[action] else { return overallMean }
            let features = Self.features(context, position: position, positions: positions)
            return Double(features.withUnsafeBufferPointer { model.mean(of: $0) })
        }
    }
}
