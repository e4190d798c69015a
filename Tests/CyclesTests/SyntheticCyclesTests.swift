import Testing
@testable import Cycles

@Suite struct SyntheticCyclesTests {
    @Test func sameSeedGivesSameDataset() {
        let config = CohortConfig.irregular
        let first = SyntheticCycles.generate(config: config, users: 20, months: 6, seed: 7)
        let second = SyntheticCycles.generate(config: config, users: 20, months: 6, seed: 7)
        let other = SyntheticCycles.generate(config: config, users: 20, months: 6, seed: 8)
        #expect(first == second)
        #expect(first != other)
    }

    @Test func usersDoNotDependOnTheUserCount() {
        let small = SyntheticCycles.generate(config: .mixed, users: 3, months: 4, seed: 11)
        let large = SyntheticCycles.generate(config: .mixed, users: 600, months: 4, seed: 11)
        #expect(Array(large.users.prefix(3)) == small.users)
    }

    @Test func everyCohortProducesLoggedPeriodsAndTruth() throws {
        for name in CohortConfig.builtInNames {
            let config = try CohortConfig.named(name)
            let dataset = SyntheticCycles.generate(config: config, users: 10, months: 12, seed: 1)
            #expect(dataset.users.count == 10)
            let truth = try #require(dataset.truth)
            for user in dataset.users {
                let cycles = try #require(truth[user.userID])
                #expect(cycles.count >= 3, "\(name) \(user.userID) has \(cycles.count) cycles")
                #expect(user.periodStarts.count >= cycles.count - 1)
                for record in user.records {
                    for value in record.symptoms.values { #expect((1...10).contains(value)) }
                    if let flow = record.flowIntensity { #expect((1...5).contains(flow)) }
                }
            }
        }
    }

    @Test func progressReportsEveryUser() {
        var last = 0
        _ = SyntheticCycles.generate(config: .regular, users: 700, months: 1, seed: 3) { last = $0 }
        #expect(last == 700)
    }
}
