import Bandits
import Foundation
import Explanations

/// Ranks today's eligible (action, variant) candidates by an additive, explainable score and
/// returns the top picks, one per focus area where possible.
///
/// `score = FocusMatch + SuccessProbability + BandwidthFit + TimeOfDayFit + NoveltyBoost
///        + StreakMomentum + FrictionRisk` (see `Reason` and `Weights` for each term).
/// Contraindicated actions (child age, current situations) are removed first. When the friction
/// index is high only coping-kit actions in their 5-minute variant are offered, `NoveltyBoost` is
/// paused and effort is penalised more. Without history the bandit's cold-start prior gives
/// `SuccessProbability` and the summaries say so. The first pick is drawn from a softmax over the
/// scores, so its logged `propensity` is honest; the other picks are the best of the remaining
/// focus areas.
public struct DailyRecommender: Sendable {
    /// Weights of the reasons.
    public struct Weights: Sendable, Equatable {
        /// Bonus for an action in the active focus area.
        public var focus: Double = 0.15
        /// Bonus per tag shared with an accepted Focus Planner block (at most two count).
        public var acceptedTag: Double = 0.05
        /// Multiplier of the centred success probability.
        public var success: Double = 1
        /// Penalty per 15 minutes away from the preferred length.
        public var bandwidth: Double = 0.2
        /// Bonus (or penalty) for a matching (or mismatching) best part of day.
        public var timeOfDay: Double = 0.1
        /// Multiplier of the novelty bonus.
        public var novelty: Double = 0.08
        /// Multiplier of the streak momentum.
        public var streak: Double = 0.1
        /// Penalty per unit of effort × friction.
        public var friction: Double = 0.3
        /// Softmax temperature of the exploration layer for the first pick.
        public var temperature: Double = 0.05

        public init() {}
    }

    /// The content library.
    public let library: ActionLibrary
    /// Reason weights.
    public var weights = Weights()
    /// How many picks to return (2 or 3).
    public var pickCount = 3

    let traits: _LibraryTraits

    public init(library: ActionLibrary) {
        self.library = library
        traits = _LibraryTraits(library: library)
    }

    /// Recommends today's actions.
    ///
    /// Only the returned picks get their reasons and `whySummary` written; the other candidates
    /// keep their scores in flat storage.
    /// - Parameters:
    ///   - context: today, focus, child age and situations.
    ///   - signals: the parent's signals (empty for a new parent).
    ///   - learner: the bandit giving `SuccessProbability`; `nil` uses the cold-start prior only.
    ///   - generator: draws the first pick from the exploration layer.
    public func recommend(context: DailyContext, signals: SignalsCalculator, learner: ElaroLearner?,
                          language: Language, using generator: inout some RandomNumberGenerator) -> Recommendation {
        let ranking = rank(context: context, signals: signals, learner: learner)
        let coldStart = !signals.hasHistory
        let highFriction = ranking.copingKitMode
        guard !ranking.scores.isEmpty else {
            return Recommendation(picks: [], emptyReason: Self.emptyReason(context: context, highFriction: highFriction, language: language),
                                  copingKitMode: highFriction, coldStart: coldStart, candidateCount: 0)
        }
        let count = ranking.scores.count
        let scores = ranking.scores, contributions = ranking.contributions
        let reasonCount = Reason.count
        let distribution = ranking.probabilities(temperature: weights.temperature)
        let first = ExplorationStrategy.sample(from: distribution, using: &generator)
        var chosen = [first]
        // Further picks: best remaining candidate of an unused focus area, else of an unused action
        // (a linear scan per pick: no sort of the whole list).
        library.actions.withUnsafeBufferPointer { actions in
            for allowRepeatArea in [false, true] {
                while chosen.count < pickCount {
                    var best = -1
                    for candidate in 0..<count {
                        let actionIndex = ranking.actionIndices[candidate]
                        var excluded = false
                        for pick in chosen {
                            let pickedAction = ranking.actionIndices[pick]
                            if pickedAction == actionIndex
                                || (!allowRepeatArea && actions[pickedAction].focusArea == actions[actionIndex].focusArea) {
                                excluded = true
                                break
                            }
                        }
                        if excluded { continue }
                        if best < 0 || scores[candidate] > scores[best] { best = candidate }
                    }
                    if best < 0 { break }
                    chosen.append(best)
                }
            }
        }
        // The day's average contribution of each reason: the baseline the summaries compare with.
        var averages = [Double](repeating: 0, count: reasonCount)
        for candidate in 0..<count {
            for reason in 0..<reasonCount { averages[reason] += contributions[candidate * reasonCount + reason] }
        }
        for reason in 0..<reasonCount { averages[reason] /= Double(count) }
        let streak = signals.streak(onDay: context.day)
        let picks = chosen.enumerated().map { order, candidate -> Recommendation.Pick in
            let action = library.actions[ranking.actionIndices[candidate]]
            let minutes = ranking.minutes[candidate]
            let reasons = Reason.allCases.map { ReasonContribution(reason: $0, contribution: contributions[candidate * reasonCount + $0.index]) }
            let title = action.title.text(in: language)
            return Recommendation.Pick(
                actionID: action.id, title: title, focusArea: action.focusArea,
                variantMinutes: minutes, instructions: action.variant(minutes: minutes)?.instructions.text(in: language) ?? "",
                score: scores[candidate], reasons: reasons,
                whySummary: _whySummary(title: title, reasons: reasons, averages: averages, streak: streak,
                                        coldStart: coldStart, copingKit: highFriction, language: language),
                propensity: order == 0 ? distribution[candidate] : 1)
        }
        return Recommendation(picks: picks, emptyReason: nil, copingKitMode: highFriction, coldStart: coldStart, candidateCount: count)
    }

    /// Scores every eligible (action, variant) candidate with its reason contributions.
    ///
    /// Works on the library in place (no `ActionTemplate` copies) with one hash lookup per
    /// distinct tag at most; the bandit's estimates come from `HybridLinUCB.expectedRewards`
    /// (means only, no confidence widths).
    public func rank(context: DailyContext, signals: SignalsCalculator, learner: ElaroLearner?) -> Ranking {
        library.actions.withUnsafeBufferPointer { actions in
            rank(actions: actions, context: context, signals: signals, learner: learner)
        }
    }

    private func rank(actions: UnsafeBufferPointer<ActionTemplate>, context: DailyContext, signals: SignalsCalculator,
                      learner: ElaroLearner?) -> Ranking {
        let situations = Set(context.situations)
        let highFriction = signals.frictionIndex >= SignalsCalculator.highFrictionThreshold
        var eligible: [Int] = []
        eligible.reserveCapacity(actions.count)
        for index in actions.indices
        where (!highFriction || actions[index].copingKit) && actions[index].isAllowed(childAge: context.childAge, situations: situations) {
            eligible.append(index)
        }
        guard !eligible.isEmpty else {
            return Ranking(actionIndices: [], minutes: [], scores: [], contributions: [], features: [], copingKitMode: highFriction)
        }
        let minutesOptions = highFriction ? [5] : [5, 10, 20]
        let count = eligible.count * minutesOptions.count
        let k = ElaroFeatures.count
        let state = ElaroFeatures.State(isWeekend: context.isWeekend, frictionIndex: signals.frictionIndex,
                                        noveltyLoad: signals.noveltyLoad(onDay: context.day), activeFocus: context.activeFocus)
        // A learner built on this library numbers its arms like the library: no lookup needed.
        let sameArms = learner.map { $0.armOfAction.count == traits.actionIDs.count && $0.actionIDs == traits.actionIDs } ?? true
        var features = [Float](repeating: 0, count: count * k)
        var arms = [Int](repeating: 0, count: count)
        var actionIndices = [Int](repeating: 0, count: count)
        var minutesList = [Int](repeating: 0, count: count)
        features.withUnsafeMutableBufferPointer { buffer in
            var row = 0
            for actionIndex in eligible {
                let arm = sameArms ? actionIndex : (learner?.armOfAction[actions[actionIndex].id] ?? actionIndex)
                for minutes in minutesOptions {
                    ElaroFeatures.write(actions[actionIndex], minutes: minutes, state: state, into: buffer.baseAddress! + row * k)
                    arms[row] = arm
                    actionIndices[row] = actionIndex
                    minutesList[row] = minutes
                    row += 1
                }
            }
        }
        let successEstimates: [Double]
        if let learner {
            let candidates = CandidateSet(count: count, featureCount: k, features: features, armIdentifiers: arms,
                                          armFeatureCount: 1, armFeatures: [Float](repeating: 1, count: count))
            successEstimates = learner.bandit.expectedRewards(candidates)
        } else {
            successEstimates = (0..<count).map { row in
                var total: Float = 0
                for j in 0..<k { total += features[row * k + j] * ElaroFeatures.priorMean[j] }
                return Double(total)
            }
        }
        // Per-context terms shared by every candidate.
        let weekend = context.isWeekend
        let preferredMinutes = Double(signals.bandwidthPreference(weekend: weekend))
        let heat = Double(signals.heat(day: context.day, timeOfDay: context.timeOfDay))
        let noveltyTolerance = Double(signals.noveltyTolerance)
        let noveltyLoad = Double(state.noveltyLoad)
        let friction = Double(signals.frictionIndex)
        let streak = Double(min(signals.streak(onDay: context.day), 7)) / 7
        // Success rate of each tag, looked up on first use only.
        var tagRates = [Float](repeating: .nan, count: streak > 0 ? traits.tags.count : 0)
        let reasonCount = Reason.count
        var contributions = [Double](repeating: 0, count: count * reasonCount)
        var scores = [Double](repeating: 0, count: count)
        var row = 0
        for actionIndex in eligible {
            var sharedTags = 0
            if !context.acceptedTags.isEmpty {
                for tag in actions[actionIndex].tags where context.acceptedTags.contains(tag) { sharedTags += 1 }
            }
            let focusArea = actions[actionIndex].focusArea
            let focus = (focusArea == context.activeFocus ? weights.focus : 0) + weights.acceptedTag * Double(min(sharedTags, 2))
            let timeMatch: Double
            if let slot = actions[actionIndex].bestTimeOfDay.timeOfDay { timeMatch = slot == context.timeOfDay ? 1 : -1 } else { timeMatch = 0 }
            let timeOfDay = weights.timeOfDay * timeMatch * (1 + 2 * (heat - 0.5))
            let noveltyLevel = Double(actions[actionIndex].noveltyLevel), effortLevel = Double(actions[actionIndex].effortLevel)
            let novelty = highFriction ? 0 : weights.novelty * noveltyLevel * (noveltyTolerance - 0.5 * noveltyLoad)
            var momentum = 0.0
            if streak > 0 {
                // `SignalsCalculator.successRate(forTags:)`, same order of summation.
                let tagIDs = traits.tagIDs[actionIndex]
                var tagRate = Float(SignalsCalculator.priorRate)
                if !tagIDs.isEmpty {
                    var total: Float = 0
                    for tagID in tagIDs {
                        if tagRates[tagID].isNaN { tagRates[tagID] = signals.successRate(forTag: traits.tags[tagID]) }
                        total += tagRates[tagID]
                    }
                    tagRate = total / Float(tagIDs.count)
                }
                momentum = weights.streak * streak * 2 * (Double(tagRate) - 0.5)
            }
            let frictionRisk = -weights.friction * effortLevel * (friction + (highFriction ? 0.5 : 0))
            for minutes in minutesOptions {
                let success = weights.success * (min(max(successEstimates[row], 0), 1) - 0.5)
                let bandwidth = -weights.bandwidth * abs(Double(minutes) - preferredMinutes) / 15
                let base = row * reasonCount
                contributions[base + 0] = focus            // Reason.focusMatch.index …
                contributions[base + 1] = success
                contributions[base + 2] = bandwidth
                contributions[base + 3] = timeOfDay
                contributions[base + 4] = novelty
                contributions[base + 5] = momentum
                contributions[base + 6] = frictionRisk     // … Reason.frictionRisk.index
                scores[row] = focus + success + bandwidth + timeOfDay + novelty + momentum + frictionRisk
                row += 1
            }
        }
        return Ranking(actionIndices: actionIndices, minutes: minutesList, scores: scores, contributions: contributions,
                       features: features, copingKitMode: highFriction)
    }

    static func emptyReason(context: DailyContext, highFriction: Bool, language: Language) -> String {
        let situations = context.situations.isEmpty ? ""
            : ElaroPhrases.text("empty.situations", ["situations": .text(context.situations.joined(separator: ", "))], language: language)
        return ElaroPhrases.text(highFriction ? "empty.no_coping_action" : "empty.no_action",
                                 ["age": .number(Double(context.childAge)), "situations": .text(situations)], language: language)
    }
}
