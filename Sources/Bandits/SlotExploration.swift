import Foundation
import TensorCore

/// How one slot of a slate is filled from the candidates' scores, and the propensity of the choice.
///
/// A slate is filled slot by slot; each slot draws from the candidates still `allowed` (earlier
/// picks and the slate's rules removed), so a later slot's propensity is its probability
/// conditioned on the earlier picks, and the slate's probability is the product over its slots.
/// - `strategy`: an `ExplorationStrategy` (softmax, ε-greedy) over the allowed scores: exact.
/// - `thompson`: with probability `ε` a uniform pick among the allowed, otherwise each allowed
///   candidate's score is drawn from `N(score, (v · deviation)²)`, independently, and the highest
///   draw wins (ties to the lowest index). That probability has no closed form: the propensity is
///   a Monte-Carlo estimate from `drawCount` fresh draws (independent of the draw that chose),
///   `p̂ = ε/|allowed| + (1 − ε) k/M` with `k` the wins among `M` draws, and its standard error the
///   binomial `(1 − ε) √(q̂(1 − q̂)/M)`, `q̂ = k/M`. The `ε` floor keeps `p̂ > 0`.
public enum SlotExploration: Sendable, Equatable, Codable {
    /// Exact probabilities from an exploration strategy.
    case strategy(ExplorationStrategy)
    /// Thompson sampling on independent Gaussian scores, with a uniform floor and Monte-Carlo propensities.
    case thompson(posteriorScale: Double, uniformFloor: Double, drawCount: Int)

    /// Checks the parameters.
    /// - Throws: `BanditError.invalidParameter`.
    public func validate() throws {
        switch self {
        case let .strategy(strategy): try strategy.validate()
        case let .thompson(scale, floor, draws):
            guard scale >= 0, floor > 0, floor <= 1, draws >= 1 else {
                throw BanditError.invalidParameter(name: "thompson", value: floor, expected: "v >= 0, ε in (0, 1], at least one draw")
            }
        }
    }

    /// Whether the propensities are Monte-Carlo estimates.
    public var isMonteCarlo: Bool {
        if case .thompson = self { return true }
        return false
    }

    /// The probability of every allowed candidate, in `allowed` order, when exact (`nil` for Thompson).
    public func exactProbabilities(scores: [Double], allowed: [Int]) -> [Double]? {
        guard case let .strategy(strategy) = self else { return nil }
        return strategy.probabilities(for: allowed.map { scores[$0] })
    }

    /// Draws one of `allowed` (indices into `scores`) and returns it with its propensity.
    /// - Parameter deviations: posterior standard deviations per candidate (Thompson only; ignored otherwise).
    public func choose(scores: [Double], deviations: [Double], allowed: [Int],
                       using generator: inout some RandomNumberGenerator) -> (index: Int, propensity: Double, standardError: Double?) {
        precondition(!allowed.isEmpty, "SlotExploration.choose: no allowed candidate")
        switch self {
        case let .strategy(strategy):
            let probabilities = strategy.probabilities(for: allowed.map { scores[$0] })
            let pick = ExplorationStrategy.sample(from: probabilities, using: &generator)
            return (allowed[pick], probabilities[pick], nil)
        case let .thompson(scale, floor, _):
            let index: Int
            if generator.nextUniform() < floor {
                index = allowed[Int(generator.nextUniform() * Double(allowed.count)) % allowed.count]
            } else {
                index = Self.thompsonWinner(scores: scores, deviations: deviations, allowed: allowed, scale: scale, using: &generator)
            }
            let (propensity, error) = self.propensity(of: index, scores: scores, deviations: deviations, allowed: allowed, using: &generator)
            return (index, propensity, error)
        }
    }

    /// The probability that this slot picks `index` among `allowed`: exact (standard error `nil`),
    /// or the Monte-Carlo estimate and its standard error for Thompson sampling.
    public func propensity(of index: Int, scores: [Double], deviations: [Double], allowed: [Int],
                           using generator: inout some RandomNumberGenerator) -> (propensity: Double, standardError: Double?) {
        guard let position = allowed.firstIndex(of: index) else { return (0, nil) }
        let (probabilities, errors) = self.probabilities(scores: scores, deviations: deviations, allowed: allowed, using: &generator)
        return (probabilities[position], errors?[position])
    }

    /// The probability of every allowed candidate, in `allowed` order: exact (standard errors
    /// `nil`), or, for Thompson sampling, the Monte-Carlo estimates of one pass of `drawCount`
    /// draws (each draw has one winner) with their standard errors.
    public func probabilities(scores: [Double], deviations: [Double], allowed: [Int],
                              using generator: inout some RandomNumberGenerator) -> (probabilities: [Double], standardErrors: [Double]?) {
        switch self {
        case .strategy:
            return (exactProbabilities(scores: scores, allowed: allowed)!, nil)
        case let .thompson(scale, floor, draws):
            var wins = [Int: Int]()
            for _ in 0..<draws {
                wins[Self.thompsonWinner(scores: scores, deviations: deviations, allowed: allowed, scale: scale, using: &generator), default: 0] += 1
            }
            var probabilities: [Double] = [], errors: [Double] = []
            probabilities.reserveCapacity(allowed.count)
            errors.reserveCapacity(allowed.count)
            for candidate in allowed {
                let share = Double(wins[candidate] ?? 0) / Double(draws)
                probabilities.append(floor / Double(allowed.count) + (1 - floor) * share)
                errors.append((1 - floor) * (share * (1 - share) / Double(draws)).squareRoot())
            }
            return (probabilities, errors)
        }
    }

    /// The allowed candidate with the highest draw `score + v · deviation · z`.
    static func thompsonWinner(scores: [Double], deviations: [Double], allowed: [Int], scale: Double,
                               using generator: inout some RandomNumberGenerator) -> Int {
        var best = -Double.infinity, winner = allowed[0]
        for candidate in allowed {
            let deviation = candidate < deviations.count ? deviations[candidate] : 0
            let draw = scores[candidate] + scale * deviation * generator.nextNormal()
            if draw > best { best = draw; winner = candidate }
        }
        return winner
    }
}
