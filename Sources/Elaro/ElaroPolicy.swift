import Bandits

/// How the Daily Recommender fills each slot of the day's slate from the candidates' additive
/// scores, with its name and version for the decision log.
///
/// Every slot is drawn from the candidates still allowed (`SlotExploration`), so every pick's
/// propensity is its probability given the earlier picks: exact for softmax and ε-greedy, a
/// Monte-Carlo estimate with its standard error for Thompson sampling (the `SuccessProbability`
/// term drawn from the bandit's posterior: the score's deviation is the bandit's confidence width
/// times `Weights.success`).
public struct ElaroPolicy: Sendable, Equatable, Codable {
    /// Name written in the decision log.
    public var name: String
    /// Version written in the decision log (bumped when the behaviour under `name` changes).
    public var version: Int
    /// How a slot is drawn.
    public var exploration: SlotExploration

    public init(name: String, version: Int, exploration: SlotExploration) {
        self.name = name
        self.version = version
        self.exploration = exploration
    }

    /// Softmax over the scores with temperature 0.05 (the default).
    public static let softmax = ElaroPolicy(name: "softmax", version: 1, exploration: .strategy(.softmax(temperature: 0.05)))
    /// The best score with probability 0.9, else a uniform pick.
    public static let epsilonGreedy = ElaroPolicy(name: "epsilon-greedy", version: 1, exploration: .strategy(.epsilonGreedy(epsilon: 0.1)))
    /// Thompson sampling of the success term (posterior scale 1, 5 % uniform floor, 200 Monte-Carlo draws per propensity).
    public static let thompson = ElaroPolicy(name: "thompson", version: 1,
                                             exploration: .thompson(posteriorScale: 1, uniformFloor: 0.05, drawCount: 200))
    /// The policies the weekly adjuster chooses among.
    public static let builtIn: [ElaroPolicy] = [softmax, epsilonGreedy, thompson]

    /// The name and version as the decision log writes them.
    public var identity: DecisionRecord.Policy { DecisionRecord.Policy(name: name, version: version) }
}
