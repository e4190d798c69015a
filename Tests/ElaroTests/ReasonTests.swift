import Testing
@testable import Elaro
@testable import ElaroLab

@Suite struct ReasonTests {
    /// The hand-written positions (used in the ranking's hot loop) follow `allCases`.
    @Test func indicesFollowAllCases() {
        #expect(Reason.count == Reason.allCases.count)
        for (position, reason) in Reason.allCases.enumerated() { #expect(reason.index == position) }
        for (position, area) in FocusArea.allCases.enumerated() { #expect(area.index == position) }
        for (position, slot) in TimeOfDay.allCases.enumerated() { #expect(slot.index == position) }
        #expect(PreferredTimeOfDay.any.timeOfDay == nil)
        for slot in TimeOfDay.allCases { #expect(PreferredTimeOfDay(rawValue: slot.rawValue)?.timeOfDay == slot) }
    }

    /// Every reason has a phrase in both languages' templates (so no reason is silently dropped).
    @Test func everyReasonHasAnExplanationGroup() {
        #expect(Set(Reason.allCases.map(\.explanationGroup.rawValue)).count == Reason.count)
    }
}
