/// A contextual bandit policy over action-dependent candidate features.
///
/// `decide` returns a `BanditDecision` whose `propensity` is the exact probability of the logged
/// choice, so the log supports off-policy evaluation. `update` learns from the observed reward of
/// the chosen candidate.
public protocol ContextualBandit: Sendable {
    /// Number of shared features `k` each candidate row must have.
    var featureCount: Int { get }
    /// Chooses one candidate and logs its propensity.
    /// - Throws: `BanditError` on empty or mis-shaped candidates.
    mutating func decide(_ candidates: CandidateSet, using generator: inout some RandomNumberGenerator) throws -> BanditDecision
    /// Learns from `reward` observed for `candidates[chosenIndex]`.
    /// - Throws: `BanditError` on a bad index or mis-shaped candidates.
    mutating func update(_ candidates: CandidateSet, chosenIndex: Int, reward: Double) throws
    /// The posterior-mean reward of every candidate (no exploration bonus).
    func expectedRewards(_ candidates: CandidateSet) -> [Double]
}

extension ContextualBandit {
    func checkShape(_ candidates: CandidateSet) throws {
        guard candidates.count > 0 else { throw BanditError.noCandidates }
        guard candidates.featureCount == featureCount else {
            throw BanditError.featureCountMismatch(what: "candidate features", expected: featureCount, found: candidates.featureCount)
        }
    }

    func checkIndex(_ index: Int, in candidates: CandidateSet) throws {
        try checkShape(candidates)
        guard index >= 0, index < candidates.count else {
            throw BanditError.candidateOutOfRange(index: index, candidateCount: candidates.count)
        }
    }
}
