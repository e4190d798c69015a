import Bandits
import Foundation
import Testing
import TensorCore
@testable import Elaro

/// Every pick's propensity is its exact probability given the earlier picks, the decision log
/// records what was shown and chosen, and the outcome is joined atomically.
@Suite struct DecisionLogTests {
    let library = try! ActionLibrary.bundled()

    func state(days: Int) -> ParentState {
        ParentState(childAge: 6, activeFocus: .emotions, today: days, timeOfDay: .evening,
                    history: (0..<days).map { ActionInstance(actionID: library.actions[($0 * 7) % library.actions.count].id, day: $0,
                                                             timeOfDay: .evening, variantMinutes: 10, outcome: $0 % 3 == 0 ? .skipped : .completed) })
    }

    /// ε-greedy slates: slot s has ε/|allowed| + (1 − ε)·[best of the allowed], with the allowed
    /// candidates those of an unused focus area; the log's records say the same.
    @Test func epsilonGreedySlatePropensitiesAreExactForEverySlot() throws {
        var recommender = DailyRecommender(library: library)
        recommender.policy = .epsilonGreedy
        let parent = state(days: 12)
        let (signals, learner) = try parent.replay(library: library)
        let ranking = recommender.rank(context: parent.context, signals: signals, learner: learner)
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<20 {
            let result = recommender.recommend(context: parent.context, signals: signals, learner: learner, language: .en, using: &generator)
            #expect(result.picks.count == 3 && result.decisions.count == 3)
            var chosen: [Int] = []
            for (slot, (pick, record)) in zip(result.picks, result.decisions).enumerated() {
                let allowed = library.actions.withUnsafeBufferPointer {
                    DailyRecommender.allowedCandidates(after: chosen, ranking: ranking, actions: $0)
                }
                let candidate = try #require(allowed.first {
                    library.actions[ranking.actionIndices[$0]].id == pick.actionID && ranking.minutes[$0] == pick.variantMinutes
                })
                let best = allowed.max { ranking.scores[$0] < ranking.scores[$1] }!
                let expected = 0.1 / Double(allowed.count) + (candidate == best ? 0.9 : 0)
                #expect(abs(pick.propensity - expected) < 1e-15, "slot \(slot)")
                #expect(pick.propensityStandardError == nil)
                #expect(record.position == slot && record.propensity == pick.propensity)
                #expect(record.candidates.count == allowed.count && record.action == "\(pick.actionID)/\(pick.variantMinutes)")
                #expect(record.policy == DecisionRecord.Policy(name: "epsilon-greedy", version: 1))
                #expect(record.scores?.count == allowed.count && record.estimatedRewards?.count == allowed.count)
                #expect(record.context["focus_emotions"] == 1 && record.context["child_age"] == 6)
                chosen.append(candidate)
            }
        }
    }

    @Test func softmaxLaterSlotsCarryTheirOwnProbability() throws {
        let recommender = DailyRecommender(library: library)
        let parent = state(days: 5)
        let (signals, learner) = try parent.replay(library: library)
        var generator = SeededGenerator(seed: 2)
        let result = recommender.recommend(context: parent.context, signals: signals, learner: learner, language: .en, using: &generator)
        for record in result.decisions {
            let probabilities = ExplorationStrategy.softmax(temperature: 0.05).probabilities(for: record.scores!)
            #expect(abs(probabilities[record.candidates.firstIndex(of: record.action)!] - record.propensity) < 1e-12)
        }
        // The later slots draw from fewer candidates (one focus area each is gone).
        #expect(result.decisions[1].candidates.count < result.decisions[0].candidates.count)
    }

    @Test func thompsonPicksCarryAMonteCarloStandardError() throws {
        var recommender = DailyRecommender(library: library)
        recommender.policy = .thompson
        let parent = state(days: 8)
        let (signals, learner) = try parent.replay(library: library)
        var generator = SeededGenerator(seed: 4)
        let result = recommender.recommend(context: parent.context, signals: signals, learner: learner, language: .en, using: &generator)
        for (pick, record) in zip(result.picks, result.decisions) {
            let error = try #require(pick.propensityStandardError)
            #expect(pick.propensity >= 0.05 / Double(record.candidates.count) && pick.propensity <= 1 && error < 0.04)
            #expect(record.scoreDeviations?.count == record.candidates.count && record.propensityStandardError == error)
        }
    }

    @Test func theLogJoinsOutcomesAndReadsBack() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("decision-log-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("decisions.jsonl")
        var log = try DecisionLog(url: url)
        let parent = state(days: 6)
        let (signals, learner) = try parent.replay(library: library)
        var generator = SeededGenerator(seed: 1)
        let recommendation = DailyRecommender(library: library).recommend(context: parent.context, signals: signals, learner: learner,
                                                                          language: .en, using: &generator)
        let first = try #require(try log.append(recommendation))
        let second = try #require(try log.append(recommendation))
        #expect(first == "6-evening" && second == "6-evening#2" && log.records.count == 6)
        let pick = recommendation.picks[1]
        try log.recordOutcome(decisionID: first, position: 1, instance: ActionInstance(actionID: pick.actionID, day: 6, timeOfDay: .evening,
                                                                                        variantMinutes: pick.variantMinutes, outcome: .completed))
        #expect(throws: ElaroError.self) {
            try log.recordOutcome(decisionID: first, position: 0, instance: ActionInstance(actionID: "not-this-one", day: 6, timeOfDay: .evening,
                                                                                            variantMinutes: 5, outcome: .skipped))
        }
        try log.closeUnanswered(throughDay: 6)
        let reopened = try DecisionLog(url: url)
        #expect(reopened.records == log.records)
        #expect(reopened.records[1].outcome == "completed" && reopened.records[1].reward == 1)
        #expect(reopened.answered.count == 6 && reopened.records[0].outcome == "unanswered")
        // `odml bandit ope` reads the same file (here, its target probabilities still missing).
        let read = try BanditLog.load(contentsOf: url)
        #expect(read.decisions.count == 6 && read.contextNames.contains("friction_index"))
        // No temporary file is left beside the log.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["decisions.jsonl"])
        try Data("{\"schema\": 3}\n".utf8).write(to: url)
        #expect(throws: ElaroError.self) { try DecisionLog(url: url) }
    }
}
