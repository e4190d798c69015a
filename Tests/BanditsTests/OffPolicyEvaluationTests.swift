import Testing
import TensorCore
@testable import Bandits

@Suite struct OffPolicyEvaluationTests {
    /// Uniform logging over 3 arms with known Bernoulli means; the target always picks arm 2.
    func log(count: Int, seed: UInt64) -> [LoggedInteraction] {
        var generator = SeededGenerator(seed: seed)
        let means = [0.2, 0.5, 0.7]
        return (0..<count).map { _ in
            let arm = generator.nextInt(below: 3)
            let reward: Double = generator.nextBernoulli(means[arm]) ? 1 : 0
            return LoggedInteraction(chosenIndex: arm, loggingPropensity: 1.0 / 3, reward: reward,
                                     targetProbabilities: [0, 0, 1], rewardEstimates: [0.25, 0.45, 0.6])
        }
    }

    @Test func ipsAndDoublyRobustCoverTheTrueValue() throws {
        let records = log(count: 3000, seed: 4)
        let ips = try OffPolicyEvaluation.inversePropensityScore(records)
        let doublyRobust = try OffPolicyEvaluation.doublyRobust(records)
        #expect(ips.covers(0.7))
        #expect(doublyRobust.covers(0.7))
        #expect(doublyRobust.standardError < ips.standardError)
    }

    @Test func rejectsZeroPropensityNamingTheRecord() {
        let bad = [LoggedInteraction(chosenIndex: 0, loggingPropensity: 0, reward: 1, targetProbabilities: [1])]
        #expect(throws: BanditError.invalidLogRecord(index: 0, reason: "propensity 0.0 must be in (0, 1]")) {
            try OffPolicyEvaluation.inversePropensityScore(bad)
        }
    }
}
