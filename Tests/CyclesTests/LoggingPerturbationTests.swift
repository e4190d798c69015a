import Testing
@testable import Cycles

@Suite struct LoggingPerturbationTests {
    static let history: UserHistory = {
        var extra: [DayRecord] = []
        for offset in 0..<300 where offset % 2 == 0 {
            extra.append(DayRecord(date: TestHistories.origin.advanced(by: offset), flowIntensity: nil, symptoms: [.mood: 5, .energy: 6]))
        }
        let starts = Array(stride(from: 0, through: 280, by: 28))
        var history = TestHistories.history(starts: starts, lastDay: 300, preferences: "{\"typical_cycle_length\":28}")
        // Flow days keep their symptoms: rebuild with both merged.
        var byDay = Dictionary(uniqueKeysWithValues: history.records.map { ($0.date, $0) })
        for record in extra { byDay[record.date, default: DayRecord(date: record.date)].symptoms = record.symptoms }
        history = UserHistory(profile: history.profile, records: Array(byDay.values))
        return history
    }()

    @Test func periodOnlyKeepsEveryFlowDayAndNoSymptom() {
        let perturbed = LoggingPerturbation.periodOnly.applied(to: Self.history, seed: 1)
        #expect(perturbed.records.allSatisfy { $0.hasFlow && $0.symptoms.isEmpty })
        #expect(perturbed.periodStarts == Self.history.periodStarts)
        #expect(perturbed.records.count == Self.history.records.filter(\.hasFlow).count)
    }

    @Test func emptyPreferencesOnlyTouchesTheProfile() {
        let perturbed = LoggingPerturbation.emptyPreferences.applied(to: Self.history, seed: 1)
        #expect(perturbed.profile.preferencesJSON == "{}")
        #expect(perturbed.records == Self.history.records)
    }

    @Test func gapRemovesThirtyConsecutiveDaysAfterTheFourthMonth() {
        let perturbed = LoggingPerturbation.gap.applied(to: Self.history, seed: 3)
        let kept = Set(perturbed.records.map(\.date))
        let removed = Self.history.records.map(\.date).filter { !kept.contains($0) }
        #expect(!removed.isEmpty)
        let first = removed.min()!, last = removed.max()!
        #expect(first.distance(to: last) < LoggingPerturbation.gapDays)
        #expect(TestHistories.origin.distance(to: first) >= 120)
        // Every logged day inside the window is gone.
        #expect(perturbed.records.allSatisfy { $0.date < first || $0.date > last })
    }

    @Test func forgottenPeriodRemovesExactlyOneInnerStart() {
        let perturbed = LoggingPerturbation.forgottenPeriod.applied(to: Self.history, seed: 5)
        let before = Self.history.periodStarts, after = perturbed.periodStarts
        #expect(after.count == before.count - 1)
        let missing = before.filter { !after.contains($0) }
        #expect(missing.count == 1)
        #expect(missing[0] != before.first && missing[0] != before.last)
        // Its symptoms stay; the lengths around it add up to a double cycle.
        #expect(perturbed.records.contains { $0.date == missing[0] } == Self.history.records.contains { $0.date == missing[0] && !$0.symptoms.isEmpty })
    }

    @Test func halfSymptomDaysDropsAboutHalfAndKeepsFlow() {
        let perturbed = LoggingPerturbation.halfSymptomDays.applied(to: Self.history, seed: 9)
        let before = Self.history.records.filter { !$0.symptoms.isEmpty }.count
        let after = perturbed.records.filter { !$0.symptoms.isEmpty }.count
        #expect(after > before / 4 && after < before * 3 / 4)
        #expect(perturbed.periodStarts == Self.history.periodStarts)
    }

    @Test func deterministicForASeedAndDifferentAcrossSeeds() {
        for perturbation in LoggingPerturbation.allCases {
            #expect(perturbation.applied(to: Self.history, seed: 11) == perturbation.applied(to: Self.history, seed: 11))
        }
        let all = Set(Self.history.records.map(\.date))
        let gapStarts = Set((0..<8).map { seed -> CalendarDay? in
            let kept = Set(LoggingPerturbation.gap.applied(to: Self.history, seed: UInt64(seed)).records.map(\.date))
            return all.subtracting(kept).min()
        })
        #expect(gapStarts.count >= 2)
        #expect(LoggingPerturbation.stableHash("u00001") == LoggingPerturbation.stableHash("u00001"))
        #expect(LoggingPerturbation.stableHash("u00001") != LoggingPerturbation.stableHash("u00002"))
    }
}
