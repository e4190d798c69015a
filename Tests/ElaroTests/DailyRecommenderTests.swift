import Foundation
import Explanations
import Testing
import TensorCore
@testable import Elaro
@testable import ElaroLab

@Suite struct DailyRecommenderTests {
    let library = try! ActionLibrary.bundled()

    func history(days: Int, outcome: ActionInstance.Outcome) -> [ActionInstance] {
        (0..<days).map { ActionInstance(actionID: library.actions[($0 * 7) % library.actions.count].id, day: $0, timeOfDay: .evening,
                                        variantMinutes: 10, outcome: outcome) }
    }

    @Test func contraindicatedActionsAreNeverRecommended() throws {
        let recommender = DailyRecommender(library: library)
        var generator = SeededGenerator(seed: 3)
        for age in [1, 3, 7, 11] {
            for situations in [[], ["child-sick"], ["travelling", "no-outdoor-access"]] {
                for seed in 0..<10 {
                    let context = DailyContext(day: seed, timeOfDay: .afternoon, activeFocus: .play, childAge: age, situations: situations)
                    let state = ParentState(childAge: age, situations: situations, activeFocus: .play, today: seed, timeOfDay: .afternoon,
                                            history: history(days: seed, outcome: .completed))
                    let (signals, learner) = try state.replay(library: library)
                    let result = recommender.recommend(context: context, signals: signals, learner: learner, language: .en, using: &generator)
                    for pick in result.picks {
                        let action = library.action(withID: pick.actionID)!
                        #expect(action.isAllowed(childAge: age, situations: Set(situations)),
                                "\(pick.actionID) offered for age \(age), situations \(situations)")
                    }
                }
            }
        }
    }

    @Test func picksAreDiverseExplainedAndAdditive() throws {
        var generator = SeededGenerator(seed: 5)
        let context = DailyContext(day: 10, timeOfDay: .evening, activeFocus: .emotions, childAge: 6)
        let state = ParentState(childAge: 6, activeFocus: .emotions, today: 10, timeOfDay: .evening, history: history(days: 10, outcome: .completed))
        let (signals, learner) = try state.replay(library: library)
        for language in Language.allCases {
            let result = DailyRecommender(library: library).recommend(context: context, signals: signals, learner: learner, language: language, using: &generator)
            #expect(result.picks.count == 3)
            #expect(Set(result.picks.map(\.focusArea)).count == 3)
            #expect(!result.coldStart)
            for pick in result.picks {
                #expect(pick.reasons.count == Reason.allCases.count)
                #expect(abs(pick.reasons.map(\.contribution).reduce(0, +) - pick.score) < 1e-9)
                #expect(!pick.whySummary.isEmpty && pick.whySummary.count <= 120)
                #expect(pick.reasons.first { $0.reason == .frictionRisk }!.contribution <= 0)
            }
            #expect(result.picks[0].propensity > 0 && result.picks[0].propensity <= 1)
        }
    }

    /// The summaries are the ReasoningGenerator's sentences: a headline naming the pick, then its
    /// strongest reasons relative to the day's average candidate, in the requested language.
    @Test func summariesComeFromTheReasoningGenerator() throws {
        let state = ParentState(childAge: 6, activeFocus: .emotions, today: 10, timeOfDay: .evening, history: history(days: 10, outcome: .completed))
        let (signals, learner) = try state.replay(library: library)
        for (language, headline, because) in [(Language.en, "We suggest \"", "\" because: "), (.fr, "Nous proposons « ", " » car : ")] {
            var generator = SeededGenerator(seed: 5)
            let result = DailyRecommender(library: library).recommend(context: state.context, signals: signals, learner: learner,
                                                                      language: language, using: &generator)
            for pick in result.picks {
                #expect(pick.whySummary.hasPrefix(headline + pick.title + because), "\(pick.whySummary)")
                #expect(pick.whySummary.count <= 120)
            }
        }
    }

    /// Snapshot of the example parent's summaries (`odml elaro recommend --state
    /// Datasets/elaro/example-state.json`, notebook 05): update deliberately, reading both languages.
    @Test func exampleStateSummariesSnapshot() throws {
        let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let state = try ParentState.load(contentsOf: repositoryRoot.appendingPathComponent("Datasets/elaro/example-state.json"))
        let (signals, learner) = try state.replay(library: library)
        let expected: [Language: [String]] = [
            .en: ["We suggest \"Body check\" because: high success rate + fits your current focus",
                  "We suggest \"High and low of the day\" because: high success rate + right time of day",
                  "We suggest \"Silly voices\" because: right time of day + high success rate"],
            .fr: ["Nous proposons « Tour du corps » car : bon taux de réussite + votre objectif du moment",
                  "Nous proposons « Le haut et le bas de la journée » car : bon taux de réussite + bon moment de la journée",
                  "Nous proposons « Voix rigolotes » car : bon moment de la journée + bon taux de réussite"],
        ]
        for language in Language.allCases {
            var generator = SeededGenerator(seed: 1 ^ UInt64(truncatingIfNeeded: state.today))
            let result = DailyRecommender(library: library).recommend(context: state.context, signals: signals, learner: learner,
                                                                      language: language, using: &generator)
            #expect(result.picks.map(\.whySummary) == expected[language])
        }
    }

    @Test func coldStartReasonsSaySo() {
        var generator = SeededGenerator(seed: 1)
        let context = DailyContext(day: 0, timeOfDay: .morning, activeFocus: .routines, childAge: 4)
        let english = DailyRecommender(library: library).recommend(context: context, signals: SignalsCalculator(), learner: nil, language: .en, using: &generator)
        #expect(english.coldStart)
        #expect(english.picks.allSatisfy { $0.whySummary.hasPrefix("Starting point: \"\($0.title)\"") })
        let french = DailyRecommender(library: library).recommend(context: context, signals: SignalsCalculator(), learner: nil, language: .fr, using: &generator)
        #expect(french.picks.allSatisfy { $0.whySummary.hasPrefix("Pour commencer : « \($0.title) »") })
    }

    @Test func highFrictionOffersOnlyTheCopingKitWithoutNovelty() throws {
        var generator = SeededGenerator(seed: 2)
        let state = ParentState(childAge: 5, activeFocus: .play, today: 12, timeOfDay: .evening, history: history(days: 12, outcome: .skipped))
        let (signals, learner) = try state.replay(library: library)
        #expect(signals.frictionIndex >= SignalsCalculator.highFrictionThreshold)
        let result = DailyRecommender(library: library).recommend(context: state.context, signals: signals, learner: learner, language: .en, using: &generator)
        #expect(result.copingKitMode)
        #expect(!result.picks.isEmpty)
        for pick in result.picks {
            #expect(pick.whySummary.hasPrefix("Easy pick for a hard week: \"\(pick.title)\""))
            #expect(library.action(withID: pick.actionID)!.copingKit)
            #expect(pick.variantMinutes == 5)
            #expect(pick.reasons.first { $0.reason == .noveltyBoost }!.contribution == 0)
        }
    }

    @Test func noEligibleActionGivesAnEmptyResultWithAReason() {
        var generator = SeededGenerator(seed: 2)
        let context = DailyContext(day: 0, timeOfDay: .morning, activeFocus: .play, childAge: 17)
        for language in Language.allCases {
            let result = DailyRecommender(library: library).recommend(context: context, signals: SignalsCalculator(), learner: nil, language: language, using: &generator)
            #expect(result.picks.isEmpty)
            #expect(result.emptyReason?.contains("17") == true)
        }
    }

    @Test func sameSeedSameRecommendation() throws {
        let state = ParentState(childAge: 8, activeFocus: .autonomy, today: 20, timeOfDay: .afternoon, history: history(days: 20, outcome: .completed))
        let (signals, learner) = try state.replay(library: library)
        func run() -> Recommendation {
            var generator = SeededGenerator(seed: 99)
            return DailyRecommender(library: library).recommend(context: state.context, signals: signals, learner: learner, language: .fr, using: &generator)
        }
        #expect(run() == run())
    }

    @Test func acceptedBlocksBiasFocusMatch() throws {
        let blocks = FocusPlanner(library: library).plan(focus: .emotions, signals: SignalsCalculator(), childAge: 6, language: .en)
        #expect(blocks.map(\.kind) == [.microSkill, .ritual, .support])
        let tags = FocusPlanner.acceptedTags(blocks)
        let plain = DailyContext(day: 3, timeOfDay: .evening, activeFocus: .emotions, childAge: 6)
        var biased = plain
        biased.acceptedTags = tags
        let recommender = DailyRecommender(library: library)
        let before = recommender.rank(context: plain, signals: SignalsCalculator(), learner: nil)
        let after = recommender.rank(context: biased, signals: SignalsCalculator(), learner: nil)
        let index = after.actionIndices.firstIndex { library.actions[$0].id == blocks[0].actionID }!
        let focus = Reason.focusMatch.index, count = Reason.allCases.count
        #expect(after.contributions[index * count + focus] > before.contributions[index * count + focus])
    }
}
