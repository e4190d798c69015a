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
/// `SuccessProbability` and the summaries say so. Every pick is drawn by the `policy` from the
/// candidates still allowed (one per focus area where possible), so every logged `propensity` is
/// honest (see `recommend`).
public struct DailyRecommender: Sendable {
    /// Weights of the reasons.
    package struct Weights: Sendable, Equatable {
        /// Bonus for an action in the active focus area.
        package var focus: Double = 0.15
        /// Bonus per tag shared with an accepted Focus Planner block (at most two count).
        package var acceptedTag: Double = 0.05
        /// Multiplier of the centred success probability.
        package var success: Double = 1
        /// Penalty per 15 minutes away from the preferred length.
        package var bandwidth: Double = 0.2
        /// Bonus (or penalty) for a matching (or mismatching) best part of day.
        package var timeOfDay: Double = 0.1
        /// Multiplier of the novelty bonus.
        package var novelty: Double = 0.08
        /// Multiplier of the streak momentum.
        package var streak: Double = 0.1
        /// Penalty per unit of effort × friction.
        package var friction: Double = 0.3

        package init() {}
    }

    /// The content library.
    public let library: ActionLibrary
    /// Reason weights.
    package var weights = Weights()
    /// How many picks to return (2 or 3).
    public var pickCount = 3
    /// How each slot is drawn (softmax by default; the weekly adjuster may switch it).
    public var policy = ElaroPolicy.softmax

    let traits: _LibraryTraits

    public init(library: ActionLibrary) {
        self.library = library
        traits = _LibraryTraits(library: library)
    }

    /// Recommends today's actions.
    ///
    /// Each slot is drawn by `policy` from the candidates still allowed: the first from all of
    /// them, each later one from the candidates of a focus area not picked yet (of an action not
    /// picked yet once every area is used). So every pick's `propensity` is its probability given
    /// the earlier picks, and `decisions` holds one `DecisionRecord` per pick for the decision log.
    /// Only the returned picks get their reasons and `whySummary` written; the other candidates
    /// keep their scores in flat storage.
    /// - Parameters:
    ///   - context: today, focus, child age and situations.
    ///   - signals: the parent's signals (empty for a new parent).
    ///   - learner: the bandit giving `SuccessProbability`; `nil` uses the cold-start prior only.
    ///   - language: the language of the reasons and the summary.
    ///   - generator: draws the picks (and the Monte-Carlo propensities of Thompson sampling).
    public func recommend(context: DailyContext, signals: SignalsCalculator, learner: ElaroLearner?,
                          language: Language, using generator: inout some RandomNumberGenerator) -> Recommendation {
        let ranking = rank(context: context, signals: signals, learner: learner, deviations: policy.exploration.isMonteCarlo)
        let coldStart = !signals.hasHistory
        let highFriction = ranking.copingKitMode
        guard !ranking.scores.isEmpty else {
            return Recommendation(picks: [], emptyReason: Self.emptyReason(context: context, highFriction: highFriction, language: language),
                                  copingKitMode: highFriction, coldStart: coldStart, candidateCount: 0)
        }
        let count = ranking.scores.count
        let scores = ranking.scores, contributions = ranking.contributions
        let reasonCount = Reason.count
        var slots: [(candidate: Int, propensity: Double, standardError: Double?, allowed: [Int])] = []
        library.actions.withUnsafeBufferPointer { actions in
            while slots.count < pickCount {
                let allowed = Self.allowedCandidates(after: slots.map(\.candidate), ranking: ranking, actions: actions)
                if allowed.isEmpty { break }
                let choice = policy.exploration.choose(scores: scores, deviations: ranking.scoreDeviations, allowed: allowed,
                                                       using: &generator)
                slots.append((choice.index, choice.propensity, choice.standardError, allowed))
            }
        }
        // The day's average contribution of each reason: the baseline the summaries compare with.
        var averages = [Double](repeating: 0, count: reasonCount)
        for candidate in 0..<count {
            for reason in 0..<reasonCount { averages[reason] += contributions[candidate * reasonCount + reason] }
        }
        for reason in 0..<reasonCount { averages[reason] /= Double(count) }
        let streak = signals.streak(onDay: context.day)
        let picks = slots.map { slot -> Recommendation.Pick in
            let candidate = slot.candidate
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
                propensity: slot.propensity, propensityStandardError: slot.standardError)
        }
        let features = decisionContext(context: context, signals: signals, copingKit: highFriction)
        let decisions = slots.enumerated().map { position, slot in
            DecisionRecord(decisionID: "\(context.day)-\(context.timeOfDay.rawValue)", position: position, day: context.day,
                           policy: policy.identity, context: features, candidates: slot.allowed.map { candidateLabel(ranking, $0) },
                           action: candidateLabel(ranking, slot.candidate), propensity: slot.propensity,
                           propensityStandardError: slot.standardError, scores: slot.allowed.map { scores[$0] },
                           scoreDeviations: ranking.scoreDeviations.isEmpty ? nil : slot.allowed.map { ranking.scoreDeviations[$0] },
                           estimatedRewards: slot.allowed.map { ranking.successEstimates[$0] })
        }
        return Recommendation(picks: picks, emptyReason: nil, copingKitMode: highFriction, coldStart: coldStart, candidateCount: count,
                              decisions: decisions)
    }

    /// The candidates a slot may draw from after `chosen`: those of an unused focus area and an
    /// unused action, else (every area used) those of an unused action.
    static func allowedCandidates(after chosen: [Int], ranking: Ranking, actions: UnsafeBufferPointer<ActionTemplate>) -> [Int] {
        for allowRepeatArea in [false, true] {
            var allowed: [Int] = []
            for candidate in ranking.scores.indices {
                let actionIndex = ranking.actionIndices[candidate]
                let excluded = chosen.contains { pick in
                    let pickedAction = ranking.actionIndices[pick]
                    return pickedAction == actionIndex
                        || (!allowRepeatArea && actions[pickedAction].focusArea == actions[actionIndex].focusArea)
                }
                if !excluded { allowed.append(candidate) }
            }
            if !allowed.isEmpty || chosen.isEmpty { return allowed }
        }
        return []
    }

    /// A candidate's name in the decision log: `<action id>/<minutes>`.
    func candidateLabel(_ ranking: Ranking, _ candidate: Int) -> String {
        "\(library.actions[ranking.actionIndices[candidate]].id)/\(ranking.minutes[candidate])"
    }

    /// The context features of the decision log: the day's state and the active focus (one-hot).
    func decisionContext(context: DailyContext, signals: SignalsCalculator, copingKit: Bool) -> [String: Double] {
        var features: [String: Double] = [
            "weekend": context.isWeekend ? 1 : 0,
            "friction_index": Double(signals.frictionIndex),
            "novelty_load": Double(signals.noveltyLoad(onDay: context.day)),
            "streak_days": Double(signals.streak(onDay: context.day)),
            "child_age": Double(context.childAge),
            "coping_kit": copingKit ? 1 : 0,
        ]
        for area in FocusArea.allCases { features["focus_\(area.rawValue)"] = area == context.activeFocus ? 1 : 0 }
        for time in TimeOfDay.allCases { features["time_\(time.rawValue)"] = time == context.timeOfDay ? 1 : 0 }
        return features
    }

    /// Scores every eligible (action, variant) candidate with its reason contributions.
    ///
    /// Works on the library in place (no `ActionTemplate` copies) with one hash lookup per
    /// distinct tag at most; the bandit's estimates come from `HybridLinUCB.expectedRewards`
    /// (means only, no confidence widths).
    public func rank(context: DailyContext, signals: SignalsCalculator, learner: ElaroLearner?) -> Ranking {
        rank(context: context, signals: signals, learner: learner, deviations: false)
    }

    /// `rank(context:signals:learner:)`, with the scores' posterior deviations when `deviations`
    /// (the bandit's confidence widths, from a fresh learner without history, times `Weights.success`).
    func rank(context: DailyContext, signals: SignalsCalculator, learner: ElaroLearner?, deviations: Bool) -> Ranking {
        library.actions.withUnsafeBufferPointer { actions in
            rank(actions: actions, context: context, signals: signals, learner: learner, deviations: deviations)
        }
    }

    private func rank(actions: UnsafeBufferPointer<ActionTemplate>, context: DailyContext, signals: SignalsCalculator,
                      learner: ElaroLearner?, deviations: Bool) -> Ranking {
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
        var scoreDeviations: [Double] = []
        if deviations, let bandit = learner?.bandit ?? (try? ElaroLearner(library: library))?.bandit {
            let candidates = CandidateSet(count: count, featureCount: k, features: features, armIdentifiers: arms,
                                          armFeatureCount: 1, armFeatures: [Float](repeating: 1, count: count))
            let (means, widths) = bandit.meansAndWidths(candidates)
            successEstimates = means
            scoreDeviations = widths.map { weights.success * $0 }
        } else if let learner {
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
                       features: features, copingKitMode: highFriction,
                       successEstimates: successEstimates.map { min(max($0, 0), 1) }, scoreDeviations: scoreDeviations)
    }

    static func emptyReason(context: DailyContext, highFriction: Bool, language: Language) -> String {
        let situations = context.situations.isEmpty ? ""
            : ElaroPhrases.text("empty.situations", ["situations": .text(context.situations.joined(separator: ", "))], language: language)
        return ElaroPhrases.text(highFriction ? "empty.no_coping_action" : "empty.no_action",
                                 ["age": .number(Double(context.childAge)), "situations": .text(situations)], language: language)
    }
}
