import Bandits
import TensorCore
import Testing
@testable import Elaro
@testable import ElaroLab

@Suite struct WeeklyAdjusterTests {
    func week(done: Int, skipped: Int, minutes: Int = 10) -> [ActionInstance] {
        (0..<(done + skipped)).map { ActionInstance(actionID: "x", day: 7 + $0 % 7, timeOfDay: .evening, variantMinutes: minutes,
                                                    outcome: $0 < done ? .completed : .skipped) }
    }

    @Test func emitsExactlyOneSuggestionWithRationale() {
        let adjuster = WeeklyAdjuster()
        let up = adjuster.summarize(week(done: 7, skipped: 0), endDay: 13, frictionIndex: 0.1, language: .en)
        #expect(up.suggestion == .scaleUp && up.completionRate == 1)
        let down = adjuster.summarize(week(done: 1, skipped: 6), endDay: 13, frictionIndex: 0.5, language: .fr)
        #expect(down.suggestion == .scaleDown && down.rationale.contains("14 %"))
        let keep = adjuster.summarize(week(done: 4, skipped: 3), endDay: 13, frictionIndex: 0.4, language: .en)
        #expect(keep.suggestion == .keep)
        let sparse = adjuster.summarize(week(done: 1, skipped: 0), endDay: 13, frictionIndex: 0.1, language: .en)
        #expect(sparse.suggestion == .keep && sparse.offered == 1)
        #expect(!up.rationale.contains("\n") && up.rationale.count < 120)
    }
}

/// The weekly adjuster switches policy only when the DR lower bound of the gain is above zero.
@Suite struct PolicyReviewTests {
    /// Decisions over two candidates where candidate 0 has the higher score but candidate 1 the
    /// higher reward: softmax on the scores (current) loses to ε-greedy only if ε-greedy picks 1.
    func records(count: Int, goodCandidateRewarded: Bool) -> [DecisionRecord] {
        var generator = SeededGenerator(seed: 8)
        return (0..<count).map { index in
            let action = generator.nextBernoulli(0.5) ? "a/5" : "b/5"
            let reward: Double = action == "b/5" ? (generator.nextBernoulli(goodCandidateRewarded ? 0.9 : 0.1) ? 1 : 0)
                                                 : (generator.nextBernoulli(0.5) ? 1 : 0)
            return DecisionRecord(decisionID: "\(index)", position: 0, day: index, policy: ElaroPolicy.softmax.identity,
                                  context: ["weekend": 0], candidates: ["a/5", "b/5"], action: action, propensity: 0.5,
                                  scores: [0, 1], estimatedRewards: [0.5, 0.5], reward: reward)
        }
    }

    @Test func switchesWhenTheLowerBoundSaysSoAndSaysWhy() throws {
        let adjuster = WeeklyAdjuster()
        // Current: uniform over the two (ε-greedy with ε = 1); the alternative puts 0.95 on "b/5".
        let current = ElaroPolicy(name: "uniform", version: 1, exploration: .strategy(.epsilonGreedy(epsilon: 1)))
        let greedy = ElaroPolicy(name: "greedy", version: 1, exploration: .strategy(.epsilonGreedy(epsilon: 0.1)))
        let good = try #require(adjuster.reviewPolicy(records(count: 200, goodCandidateRewarded: true), current: current, alternatives: [greedy]))
        #expect(good.switches && good.alternative.name == "greedy" && good.gain!.lower > 0)
        let summary = adjuster.summarize([], endDay: 13, frictionIndex: 0.1, language: .en, policyReview: good)
        #expect(summary.whySummary?.hasPrefix("New way of choosing: greedy instead of uniform") == true)
        #expect(summary.whySummary!.count <= 120)
        let bad = try #require(adjuster.reviewPolicy(records(count: 200, goodCandidateRewarded: false), current: current, alternatives: [greedy]))
        #expect(!bad.switches && bad.gain!.upper < 0)
        #expect(adjuster.summarize([], endDay: 13, frictionIndex: 0.1, language: .fr, policyReview: bad).whySummary?.hasPrefix("On garde uniform") == true)
        let few = try #require(adjuster.reviewPolicy(records(count: 10, goodCandidateRewarded: true), current: current, alternatives: [greedy]))
        #expect(!few.switches && few.gain == nil && few.decisions == 10)
        #expect(adjuster.summarize([], endDay: 13, frictionIndex: 0.1, language: .en, policyReview: few).whySummary
                == "Keeping uniform: 10 answers are too few to compare.")
    }
}
