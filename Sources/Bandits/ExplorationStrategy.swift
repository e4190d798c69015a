import TensorCore

/// Turns candidate scores into a probability distribution, so that every logged choice has an
/// honest propensity (a deterministic argmax would log propensity 1 and make inverse-propensity
/// estimates of other policies undefined).
public enum ExplorationStrategy: Sendable, Equatable, Codable {
    /// `p(a) = ε / K + (1 − ε) · 1[a ∈ argmax] / |argmax|` (ties share the greedy mass).
    case epsilonGreedy(epsilon: Double)
    /// `p(a) = exp(s_a / τ) / Σ_b exp(s_b / τ)` with temperature `τ > 0`.
    case softmax(temperature: Double)

    /// Checks the parameter range.
    /// - Throws: `BanditError.invalidParameter`.
    public func validate() throws {
        switch self {
        case let .epsilonGreedy(epsilon):
            guard epsilon >= 0, epsilon <= 1 else {
                throw BanditError.invalidParameter(name: "epsilon", value: epsilon, expected: "a value in [0, 1]")
            }
        case let .softmax(temperature):
            guard temperature > 0, temperature.isFinite else {
                throw BanditError.invalidParameter(name: "temperature", value: temperature, expected: "a finite value > 0")
            }
        }
    }

    /// The action distribution for `scores`, written into `probabilities` (resized to match).
    public func probabilities(for scores: [Double], into probabilities: inout [Double]) {
        let count = scores.count
        if probabilities.count != count { probabilities = [Double](repeating: 0, count: count) }
        guard count > 0 else { return }
        switch self {
        case let .epsilonGreedy(epsilon):
            var best = -Double.infinity
            for score in scores where score > best { best = score }
            var ties = 0
            for score in scores where score == best { ties += 1 }
            let uniform = epsilon / Double(count)
            let greedy = (1 - epsilon) / Double(max(ties, 1))
            for index in 0..<count {
                probabilities[index] = uniform + (scores[index] == best ? greedy : 0)
            }
        case let .softmax(temperature):
            scores.withUnsafeBufferPointer { input in
                probabilities.withUnsafeMutableBufferPointer { output in
                    _ = Softmax.normalize(input.baseAddress!, into: output.baseAddress!, count: count, temperature: temperature)
                }
            }
        }
    }

    /// The action distribution for `scores`.
    public func probabilities(for scores: [Double]) -> [Double] {
        var result: [Double] = []
        probabilities(for: scores, into: &result)
        return result
    }

    /// Draws an index from `probabilities` (inverse CDF on one uniform draw).
    public static func sample(from probabilities: [Double], using generator: inout some RandomNumberGenerator) -> Int {
        let u = generator.nextUniform()
        var cumulative = 0.0
        for (index, probability) in probabilities.enumerated() {
            cumulative += probability
            if u < cumulative { return index }
        }
        return probabilities.lastIndex { $0 > 0 } ?? 0
    }

    /// Builds the logged decision for `scores`: distribution, sampled index and its propensity.
    public func decide(scores: [Double], using generator: inout some RandomNumberGenerator) -> BanditDecision {
        let distribution = probabilities(for: scores)
        let index = ExplorationStrategy.sample(from: distribution, using: &generator)
        return BanditDecision(chosenIndex: index, propensity: distribution[index],
                              probabilities: distribution, scores: scores)
    }
}
