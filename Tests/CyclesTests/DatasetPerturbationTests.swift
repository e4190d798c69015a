import Foundation
import Testing
@testable import Cycles
@testable import CyclesLab

@Suite struct DatasetPerturbationTests {
    /// 36-day cycles over a year, a symptom log on every day, preferences set: every perturbation
    /// has something to remove.
    static func user(_ id: String = "u1") -> UserHistory {
        let starts = Array(stride(from: 0, to: 360, by: 36))
        let extra = (0..<365).map { offset -> DayRecord in
            let day = TestHistories.origin.advanced(by: offset)
            let flow = starts.contains { (0..<4).contains(offset - $0) } ? 2 : nil
            return DayRecord(date: day, flowIntensity: flow, symptoms: [.energy: 1 + offset % 10, .mood: 5], painZone: offset % 7 == 0 ? .uterus : nil)
        }
        return TestHistories.history(id: id, starts: starts, lastDay: 364, preferences: #"{"typical_cycle_length": 36}"#, extra: extra)
    }

    static let users = (1...8).map { user("u\($0)") }

    @Test func periodOnlyRemovesEverySymptomAndKeepsEveryFlowDay() {
        let original = Self.user()
        let perturbed = DatasetPerturbation(.periodOnly).applied(to: original)
        #expect(perturbed.records.allSatisfy { $0.symptoms.isEmpty && $0.painZone == nil && $0.painType == nil })
        #expect(perturbed.records.map(\.date) == original.records.filter(\.hasFlow).map(\.date))
        #expect(perturbed.records.map(\.flowIntensity) == original.records.filter(\.hasFlow).map(\.flowIntensity))
        #expect(perturbed.periodStarts == original.periodStarts)
    }

    @Test func emptyPreferencesKeepsTheLogs() {
        let original = Self.user()
        let perturbed = DatasetPerturbation(.emptyPreferences).applied(to: original)
        #expect(perturbed.profile.preferencesJSON == "{}")
        #expect(perturbed.records == original.records)
    }

    @Test func gapRemovesExactlyThirtyConsecutiveDaysAfterTheFourthMonth() throws {
        for original in Self.users {
            let perturbation = DatasetPerturbation(.loggingGap)
            let gap = try #require(perturbation.gap(for: original))
            #expect(gap.count == DatasetPerturbation.gapDays)
            let first = try #require(original.records.first?.date)
            #expect(first.distance(to: gap.lowerBound) >= 122)
            let perturbed = perturbation.applied(to: original)
            #expect(original.records.count - perturbed.records.count == 30)
            #expect(perturbed.records == original.records.filter { !gap.contains($0.date) })
        }
    }

    @Test func gapLeavesTooShortHistoriesUnchanged() {
        let short = TestHistories.history(starts: [0, 30, 60], lastDay: 130)
        #expect(DatasetPerturbation(.loggingGap).gap(for: short) == nil)
        #expect(DatasetPerturbation(.loggingGap).applied(to: short) == short)
    }

    @Test func forgottenPeriodRemovesOneStartAndItsFlowDaysOnly() throws {
        for original in Self.users {
            let perturbation = DatasetPerturbation(.forgottenPeriod)
            let forgotten = try #require(perturbation.forgottenStart(for: original))
            #expect(forgotten != original.periodStarts.first && forgotten != original.periodStarts.last)
            let perturbed = perturbation.applied(to: original)
            #expect(perturbed.periodStarts == original.periodStarts.filter { $0 != forgotten })
            #expect(perturbed.records.count == original.records.count)
            let lostFlow = original.records.filter(\.hasFlow).count - perturbed.records.filter(\.hasFlow).count
            #expect(lostFlow == 4)
            #expect(perturbed.records.map(\.symptoms) == original.records.map(\.symptoms))
        }
    }

    @Test func halfSymptomDaysDropsHalfTheSymptomDaysAndKeepsFlow() {
        let original = Self.user()
        let perturbed = DatasetPerturbation(.halfSymptomDays).applied(to: original)
        let before = original.records.filter { !$0.symptoms.isEmpty }.count
        let after = perturbed.records.filter { !$0.symptoms.isEmpty }.count
        #expect(after == before - before / 2)
        #expect(perturbed.records.filter(\.hasFlow).map(\.date) == original.records.filter(\.hasFlow).map(\.date))
        #expect(perturbed.periodStarts == original.periodStarts)
    }

    @Test func choicesAreDeterministicPerUserAndSeed() {
        let dataset = CycleDataset(users: Self.users)
        for perturbation in DatasetPerturbation.all() {
            #expect(perturbation.applied(to: dataset) == perturbation.applied(to: dataset))
            let reversed = CycleDataset(users: Self.users.reversed())
            #expect(perturbation.applied(to: reversed).users.reversed() == perturbation.applied(to: dataset).users)
        }
        let gaps = Set(Self.users.compactMap { DatasetPerturbation(.loggingGap).gap(for: $0)?.lowerBound })
        #expect(gaps.count > 1, "the gap moves from user to user")
        let other = DatasetPerturbation(.loggingGap, seed: 7)
        #expect(Self.users.contains { other.gap(for: $0) != DatasetPerturbation(.loggingGap).gap(for: $0) })
    }

    @Test func scoringAPerturbedDatasetUsesItsOwnStarts() throws {
        let dataset = CycleDataset(users: Self.users)
        let evaluator = CycleEvaluator(bootstrapSamples: 0)
        let original = try evaluator.evaluate(CalendarPredictor(), on: dataset)
        let forgotten = try evaluator.evaluate(CalendarPredictor(), on: DatasetPerturbation(.forgottenPeriod).applied(to: dataset))
        #expect(forgotten.cycles == original.cycles - Self.users.count)
    }

    @Test func trainingMixDealsUsersToCompleteLogsThenEachKind() {
        let users = (0..<10).map { Self.user("u\($0)") }
        let mixed = DatasetPerturbation.trainingMix(CycleDataset(users: users), seed: 3)
        for (index, (before, after)) in zip(users, mixed.users).enumerated() {
            let turn = index % (DatasetPerturbation.trainingKinds.count + 1)
            let expected = turn == 0 ? before : DatasetPerturbation(DatasetPerturbation.trainingKinds[turn - 1], seed: 3).applied(to: before)
            #expect(after == expected)
        }
        #expect(mixed.users[1].records.allSatisfy { $0.symptoms.isEmpty })
    }
}
