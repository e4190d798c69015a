import Explanations
/// Proposes the month's three building blocks for the active focus area.
///
/// - Micro-skill: the lowest-effort action of the focus area, ties broken by the parent's tag success.
/// - Ritual: an action of the focus area tied to the part of the day that works best for the
///   parent (highest mean of the `timeOfDayHeatmap` column), preferring familiar actions.
/// - Support: a coping-kit action outside the focus area (self-care first) to lean on.
/// Accepted blocks' tags go into `DailyContext.acceptedTags`, which biases `FocusMatch`.
package struct FocusPlanner: Sendable {
    /// A proposed block.
    package struct Block: Sendable, Codable, Equatable {
        /// The kind of block.
        package enum Kind: String, Sendable, Codable, CaseIterable {
            case microSkill = "Micro-skill"
            case ritual = "Ritual"
            case support = "Support"
        }

        /// Its kind.
        package var kind: Kind
        /// The action proposed for it.
        package var actionID: String
        /// The action's title in the requested language.
        package var title: String
        /// The action's tags (added to the recommender's bias when accepted).
        package var tags: [String]
    }

    /// The content library.
    package let library: ActionLibrary

    package init(library: ActionLibrary) {
        self.library = library
    }

    /// Three blocks (fewer only if the library has no fitting action) for `focus`.
    package func plan(focus: FocusArea, signals: SignalsCalculator, childAge: Int, situations: [String] = [],
                     language: Language) -> [Block] {
        let allowed = library.actions.filter { $0.isAllowed(childAge: childAge, situations: Set(situations)) }
        let inFocus = allowed.filter { $0.focusArea == focus }
        func block(_ kind: Block.Kind, _ action: ActionTemplate?) -> Block? {
            action.map { Block(kind: kind, actionID: $0.id, title: $0.title.text(in: language), tags: $0.tags) }
        }
        let microSkill = inFocus.min { lhs, rhs in
            (lhs.effort, -signals.successRate(forTags: lhs.tags), lhs.id) < (rhs.effort, -signals.successRate(forTags: rhs.tags), rhs.id)
        }
        let heatmap = signals.timeOfDayHeatmap
        let bestSlot = TimeOfDay.allCases.max { lhs, rhs in
            heatmap.map { $0[lhs.index] }.reduce(0, +) < heatmap.map { $0[rhs.index] }.reduce(0, +)
        } ?? .evening
        let ritual = inFocus.filter { $0.id != microSkill?.id }.min { lhs, rhs in
            let lhsKey = (lhs.bestTimeOfDay.timeOfDay == bestSlot ? 0 : 1, lhs.novelty, lhs.id)
            let rhsKey = (rhs.bestTimeOfDay.timeOfDay == bestSlot ? 0 : 1, rhs.novelty, rhs.id)
            return lhsKey < rhsKey
        }
        let support = allowed.filter { $0.copingKit && $0.focusArea != focus }.min { lhs, rhs in
            (lhs.focusArea == .selfCare ? 0 : 1, lhs.effort, lhs.id) < (rhs.focusArea == .selfCare ? 0 : 1, rhs.effort, rhs.id)
        }
        return [block(.microSkill, microSkill), block(.ritual, ritual), block(.support, support)].compactMap { $0 }
    }

    /// The tags of `accepted` blocks, deduplicated, for `DailyContext.acceptedTags`.
    package static func acceptedTags(_ accepted: [Block]) -> [String] {
        var seen: Set<String> = []
        return accepted.flatMap(\.tags).filter { seen.insert($0).inserted }
    }
}
