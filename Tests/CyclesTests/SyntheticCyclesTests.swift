import Testing
@testable import Cycles
@testable import CyclesLab

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
                // Forgotten periods (never two in a row) and gaps hide some starts.
                #expect(user.periodStarts.count >= (cycles.count - 1) / 2)
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

    // MARK: Version 2 logging and luteal knobs

    /// The irregular cohort with every version 2 logging knob off, then `change` applied.
    static func config(_ change: (inout CohortConfig.LoggingParameters) -> Void) -> CohortConfig {
        var config = CohortConfig.irregular
        var logging = config.phenotypes[0].logging
        logging.periodOnlyShare = 0
        logging.gapMonthlyRate = 0
        logging.forgottenPeriodRate = 0
        logging.lateStartRate = 0
        logging.periodStartLogRate = 1
        change(&logging)
        config.phenotypes[0].logging = logging
        return config
    }

    /// True starts inside the window that are at least `margin` days before her last logged day.
    static func trueStarts(_ dataset: CycleDataset, _ user: UserHistory, margin: Int = 10) -> [CalendarDay] {
        let last = user.records.last?.date ?? user.profile.createdAt
        return (dataset.truth?[user.userID] ?? []).map(\.cycleStart)
            .filter { $0 >= user.profile.createdAt && $0.distance(to: last) >= margin }
    }

    @Test func periodOnlyUsersWriteNoSymptomRows() {
        let dataset = SyntheticCycles.generate(config: Self.config { $0.periodOnlyShare = 1 }, users: 30, months: 6, seed: 5)
        #expect(dataset.users.allSatisfy { !$0.records.isEmpty })
        #expect(dataset.users.allSatisfy { $0.records.allSatisfy { $0.symptoms.isEmpty && $0.hasFlow } })
        let control = SyntheticCycles.generate(config: Self.config { _ in }, users: 30, months: 6, seed: 5)
        #expect(control.users.allSatisfy { $0.records.contains { !$0.symptoms.isEmpty } })
    }

    @Test func forgettingEveryPeriodItCanLogsEveryOtherOneAndDoublesTheCycles() throws {
        let dataset = SyntheticCycles.generate(config: Self.config { $0.forgottenPeriodRate = 1 }, users: 30, months: 12, seed: 6)
        for user in dataset.users {
            let truth = Self.trueStarts(dataset, user, margin: 0)
            let logged = Set(user.periodStarts)
            // Alternate periods: a period right after a forgotten one is always logged.
            for (first, second) in zip(truth, truth.dropFirst()) {
                #expect(logged.contains(first) != logged.contains(second), "\(user.userID): \(first) and \(second)")
            }
            // Every logged cycle spans two true cycles: exactly one true start lies inside it.
            for (first, next) in zip(user.periodStarts, user.periodStarts.dropFirst()) {
                #expect(truth.filter { $0 > first && $0 < next }.count == 1, "\(user.userID): \(first)..<\(next)")
            }
        }
    }

    @Test func lateLoggingShiftsTheFirstLoggedFlowDay() {
        let dataset = SyntheticCycles.generate(config: Self.config {
            $0.lateStartRate = 1
            $0.lateStartDays = .init(2, 2)
        }, users: 30, months: 6, seed: 7)
        var shifts: [Int] = []
        for user in dataset.users {
            for start in Self.trueStarts(dataset, user) {
                let logged = user.periodStarts.first { $0 >= start }
                shifts.append(logged.map { start.distance(to: $0) } ?? -1)
            }
        }
        // Two days late, or one when the period lasts two days (its last day is always logged).
        #expect(shifts.allSatisfy { $0 == 1 || $0 == 2 }, "\(shifts.filter { $0 != 1 && $0 != 2 })")
        #expect(shifts.filter { $0 == 2 }.count > shifts.count * 9 / 10)
        let onTime = SyntheticCycles.generate(config: Self.config { _ in }, users: 30, months: 6, seed: 7)
        let onTimeStarts = onTime.users.flatMap { user in Self.trueStarts(onTime, user).map { (user, $0) } }
        #expect(onTimeStarts.allSatisfy { user, start in user.periodStarts.contains(start) })
    }

    @Test func gapsLeaveWeeksWithNothingLogged() {
        // Every day logged apart from the gaps: any silence between two records is a gap.
        func silences(_ dataset: CycleDataset) -> [Int] {
            dataset.users.flatMap { user in zip(user.records, user.records.dropFirst()).map { $0.date.distance(to: $1.date) - 1 } }
        }
        func everyDay(_ logging: inout CohortConfig.LoggingParameters) {
            logging.initialAdherence = .init(1, 1)
            logging.monthlyDecay = .init(1, 1)
        }
        let withGaps = SyntheticCycles.generate(config: Self.config {
            everyDay(&$0)
            $0.gapMonthlyRate = 0.3
            $0.gapWeeks = .init(3, 3)
        }, users: 30, months: 6, seed: 8)
        let gaps = silences(withGaps).filter { $0 > 1 }
        #expect(gaps.count >= 15)
        #expect(gaps.allSatisfy { $0 >= 21 }, "\(gaps)")
        let without = SyntheticCycles.generate(config: Self.config { everyDay(&$0) }, users: 30, months: 6, seed: 8)
        #expect(silences(without).allSatisfy { $0 <= 1 })
    }

    @Test func declaredLengthOnlyForItsShareAndOftenRound() throws {
        let none = SyntheticCycles.generate(config: Self.config { $0.declaredLengthShare = 0 }, users: 50, months: 1, seed: 9)
        #expect(none.users.allSatisfy { !$0.profile.preferencesJSON.contains("typical_cycle_length") })
        let round = SyntheticCycles.generate(config: Self.config {
            $0.declaredLengthShare = 1
            $0.declaredLengthRoundNumberRate = 1
            $0.declaredLengthDeviation = 0
        }, users: 200, months: 1, seed: 9)
        let declared = round.users.compactMap { _jsonInteger(named: "typical_cycle_length", in: $0.profile.preferencesJSON) }
        #expect(declared.count == 200)
        #expect(declared.allSatisfy { $0 == 28 || $0 == 30 || !(24...34).contains($0) })
        let shared = SyntheticCycles.generate(config: .mixed, users: 400, months: 1, seed: 9)
        let share = Double(shared.users.filter { $0.profile.preferencesJSON.contains("typical_cycle_length") }.count) / 400
        #expect((0.22...0.38).contains(share), "declared share \(share)")
    }

    /// Luteal phase as on the Marquette charts: pooled within-woman SD ≈ 1.48 d, SD of the women's
    /// means ≈ 1.59 d, ≤ 10 d in 9.5 % of cycles; version 1 had a within SD below 1 d.
    @Test func lutealPhaseMatchesTheChartsOnAFewHundredUsers() throws {
        let dataset = SyntheticCycles.generate(config: .mixed, users: 300, months: 12, seed: 10)
        let statistics = DatasetStatistics.compute(dataset)
        let within = try #require(statistics["luteal.within_user_sd"])
        let between = try #require(statistics["luteal.between_user_sd"])
        let short = try #require(statistics["luteal.share_10_or_less"])
        #expect((1.3...1.7).contains(within), "within \(within)")
        #expect((1.35...1.85).contains(between), "between \(between)")
        #expect((0.06...0.13).contains(short), "short \(short)")
        let irregular = DatasetStatistics.compute(SyntheticCycles.generate(config: .irregular, users: 300, months: 12, seed: 10))
        #expect((1.75...2.3).contains(try #require(irregular["luteal.within_user_sd"])))
    }
}
