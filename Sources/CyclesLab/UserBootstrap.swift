import Cycles
import TensorCore

/// The project's one bootstrap rule for accuracy intervals, used by `CycleEvaluator` (metrics and
/// paired differences), Personalization's learning curve and the validator.
///
/// Each of `resamples` resamples draws as many users as there are, with replacement (a seeded
/// `SeededGenerator`, so the same seed gives the same intervals), and pools their per-user
/// results; an interval is then the 2.5th and 97.5th percentiles of the resampled statistic
/// (`ConfidenceInterval(percentilesOf:)`, linear interpolation between order statistics).
/// Resampling users, not days or cycles, keeps each woman's correlated cycles together.
public struct UserBootstrap: Sendable, Equatable {
    /// Resamples drawn (0: no intervals).
    public var resamples: Int
    /// Seed of the resampling.
    public var seed: UInt64
    /// The seed every command uses unless told otherwise.
    public static let defaultSeed: UInt64 = 20_190_813

    /// A bootstrap of `resamples` resamples with `seed`.
    public init(resamples: Int, seed: UInt64 = UserBootstrap.defaultSeed) {
        self.resamples = resamples
        self.seed = seed
    }

    /// The pooled result of each resample: `perUser` drawn with replacement and summed with `add`
    /// from `zero`. Empty when `resamples` is 0 or there is no user.
    public func pooledResamples<Pooled>(of perUser: [Pooled], zero: Pooled, add: (inout Pooled, Pooled) -> Void) -> [Pooled] {
        guard resamples > 0, !perUser.isEmpty else { return [] }
        var generator = SeededGenerator(seed: seed)
        var result: [Pooled] = []
        result.reserveCapacity(resamples)
        for _ in 0..<resamples {
            var pooled = zero
            for _ in 0..<perUser.count { add(&pooled, perUser[generator.nextInt(below: perUser.count)]) }
            result.append(pooled)
        }
        return result
    }

    /// The 95 % interval of `statistic` over the resamples of `perUser`; `nil` without resamples
    /// or when no resample gives a finite value.
    public func interval<Pooled>(of perUser: [Pooled], zero: Pooled, add: (inout Pooled, Pooled) -> Void,
                                 statistic: (Pooled) -> Double?) -> ConfidenceInterval? {
        ConfidenceInterval(percentilesOf: pooledResamples(of: perUser, zero: zero, add: add).compactMap(statistic))
    }
}
