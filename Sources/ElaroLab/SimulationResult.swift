import Elaro

/// Aggregate figures of one simulation run.
public struct SimulationResult: Sendable, Codable, Equatable {
    /// Figures of one week (days `7·week ..< 7·week + 7`).
    public struct Week: Sendable, Codable, Equatable {
        public var week: Int
        /// Done / offered over all parents that week.
        public var completionRate: Double
        /// Mean expected regret per parent accumulated up to the end of the week.
        public var cumulativeRegret: Double
    }

    public var policy: SimulationPolicy
    public var parents: Int
    public var days: Int
    public var seed: UInt64
    /// Done / offered over the whole run.
    public var completionRate: Double
    /// Expected completion of the simulator's best policy (per-day argmax of the true probability).
    public var oracleCompletionRate: Double
    /// Mean over parents of `Σ_t (max_a p_t(a) − p_t(chosen))`.
    public var meanCumulativeRegret: Double
    /// 95 % interval half-width of `completionRate` across parents.
    public var completionRateHalfWidth95: Double
    public var weeks: [Week]
    /// The target policy whose probabilities the decision log carries, and its true value on the
    /// logged contexts (`(1/n) Σ_t Σ_a π_t(a) E[r | a]`), when one was asked for.
    public var target: TargetValue?

    /// A target policy's true value on a simulated log.
    public struct TargetValue: Sendable, Codable, Equatable {
        public var policy: SimulationPolicy
        public var trueValue: Double

        public init(policy: SimulationPolicy, trueValue: Double) {
            self.policy = policy
            self.trueValue = trueValue
        }
    }
}
