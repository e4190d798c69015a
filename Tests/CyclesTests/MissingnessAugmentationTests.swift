import Testing
@testable import Cycles

@Suite struct MissingnessAugmentationTests {
    static let dataset = SyntheticCycles.generate(config: .irregular, users: 6, months: 8, seed: 21)

    static func only(_ edit: (inout MissingnessAugmentation) -> Void) -> MissingnessAugmentation {
        var augmentation = MissingnessAugmentation()
        augmentation.forgottenPeriodShare = 0
        augmentation.periodOnlyShare = 0
        augmentation.symptomDropShare = 0
        augmentation.gapShare = 0
        edit(&augmentation)
        return augmentation
    }

    @Test func sameSeedSameUsersAndNothingDrawnChangesNothing() {
        let augmentation = MissingnessAugmentation()
        #expect(augmentation.applied(to: Self.dataset, seed: 3) == augmentation.applied(to: Self.dataset, seed: 3))
        #expect(Self.only { _ in }.applied(to: Self.dataset, seed: 3) == Self.dataset)
    }

    @Test func periodOnlyUsersKeepTheirFlowDaysAlone() {
        let augmented = Self.only { $0.periodOnlyShare = 1 }.applied(to: Self.dataset, seed: 3)
        for (user, original) in zip(augmented.users, Self.dataset.users) {
            #expect(user.records.allSatisfy { $0.hasFlow && $0.symptoms.isEmpty && $0.painZone == nil })
            #expect(user.records.count == original.records.filter(\.hasFlow).count)
            #expect(user.periodStarts == original.periodStarts)
        }
    }

    @Test func forgottenPeriodRemovesOneStartAndGapRemovesAWindow() {
        let forgotten = Self.only { $0.forgottenPeriodShare = 1 }.applied(to: Self.dataset, seed: 3)
        for (user, original) in zip(forgotten.users, Self.dataset.users) {
            let missing = Set(original.periodStarts).subtracting(user.periodStarts)
            #expect(missing.count == 1)
            #expect(!missing.contains(original.periodStarts.first!) && !missing.contains(original.periodStarts.last!))
        }
        let gapped = Self.only { $0.gapShare = 1 }.applied(to: Self.dataset, seed: 3)
        for user in gapped.users {
            let longest = zip(user.records, user.records.dropFirst()).map { $0.date.distance(to: $1.date) }.max() ?? 0
            #expect(longest > 30)
        }
    }
}
