import Testing
@testable import Cycles
@testable import CyclesLab

@Suite struct RuleEngineTests {
    let engine = RuleEngine()
    let origin = TestHistories.origin

    @Test func averagesRecentCyclesAndSaysSoInFrenchAndEnglish() throws {
        let history = TestHistories.history(starts: [0, 30, 61, 92], lastDay: 95)
        let day = origin.advanced(by: 95)
        let french = try engine.prediction(for: history, on: day, language: .fr)
        // Lengths 30, 31, 31 with weights 0.85², 0.85, 1.
        let expected = (0.7225 * 30 + 0.85 * 31 + 31) / 2.5725
        #expect(french.nextPeriodStart == origin.advanced(by: 92 + Int(expected.rounded())))
        #expect(french.reasoning.language == .fr)
        #expect(french.reasoning.text.hasPrefix("Règles prévues le "))
        #expect(french.reasoning.text.contains("cycle moyen 31 j sur les 3 derniers cycles"))
        #expect(french.reasoning.factors.first?.key == "rule.mean_cycle_length")
        #expect(french.reasoning.factors.first?.contribution == 2)
        let english = try engine.prediction(for: history, on: day, language: .en)
        #expect(english.reasoning.text.contains("average cycle 31 d over the last 3 cycles"))
        #expect(english.reasoning.text.hasPrefix("Period expected July 4"))
    }

    @Test func rejectsOutlierCycles() throws {
        let history = TestHistories.history(starts: [0, 28, 56, 116, 144, 172], lastDay: 175)
        let prediction = try engine.prediction(for: history, on: origin.advanced(by: 175))
        #expect(prediction.nextPeriodStart == origin.advanced(by: 172 + 28))
        let factor = try #require(prediction.reasoning.factors.first { $0.key == "rule.outlier_rejection" })
        #expect(factor.contribution < -3)
        #expect(prediction.reasoning.text.contains("1 cycle atypique écarté"))
        // Additive: the factors add up to the forecast's distance from the population length (29 d).
        let total = prediction.reasoning.factors.reduce(0) { $0 + $1.contribution }
        #expect(abs(total - Double(origin.advanced(by: 172 + 29).distance(to: prediction.nextPeriodStart))) < 1e-9)
    }

    @Test func coldStartUsesDeclaredLength() throws {
        let history = TestHistories.history(starts: [0], lastDay: 3, preferences: "{\"age\":30,\"typical_cycle_length\":33}")
        let prediction = try engine.prediction(for: history, on: origin.advanced(by: 3))
        #expect(prediction.nextPeriodStart == origin.advanced(by: 33))
        #expect(prediction.reasoning.factors.first?.key == "rule.declared_cycle_length")
        #expect(prediction.reasoning.factors.first?.contribution == 4)
        let undeclared = TestHistories.history(starts: [0], lastDay: 3)
        #expect(try engine.prediction(for: undeclared, on: origin.advanced(by: 3)).nextPeriodStart == origin.advanced(by: 29))
    }

    @Test func ovulationPainMovesTheForecast() throws {
        let pain = DayRecord(date: origin.advanced(by: 90 + 19), symptoms: [.pain: 4], painZone: .rightOvary, painType: .other)
        let history = TestHistories.history(starts: [0, 30, 60, 90], lastDay: 112, extra: [pain])
        let before = try engine.prediction(for: history, on: origin.advanced(by: 108))
        let after = try engine.prediction(for: history, on: origin.advanced(by: 110))
        #expect(before.nextPeriodStart == origin.advanced(by: 120))
        #expect(after.nextPeriodStart == origin.advanced(by: 109 + 14))
        #expect(after.reasoning.factors.first?.key == "rule.ovulation_pain")
        #expect(after.reasoning.factors.first?.contribution == 3)
        #expect(after.ovulation?.date == origin.advanced(by: 109))
    }

    @Test func anyOneSidedPainFromCycleDaySixIsTheDayStatesOvulationPain() throws {
        // Mild pain on cycle day 7 is ovulation pain for the day state, so for the rules too.
        let pain = DayRecord(date: origin.advanced(by: 90 + 6), symptoms: [.pain: 1], painZone: .leftOvary, painType: .other)
        let history = TestHistories.history(starts: [0, 30, 60, 90], lastDay: 100, extra: [pain])
        let day = origin.advanced(by: 100)
        #expect(CycleDayState(history: history, through: day).ovulationPainThisCycle == pain.date)
        let prediction = try engine.prediction(for: history, on: day)
        #expect(prediction.ovulation?.date == pain.date)
        #expect(prediction.nextPeriodStart == pain.date.advanced(by: AlertPolicy.ovulationToStartPriorDays))
    }

    @Test func readsItsPainAndCyclesOffTheDayState() throws {
        let dataset = SyntheticCycles.generate(config: .endometriosis, users: 6, months: 8, seed: 17)
        var painDays = 0
        // Her logs without the fertility signals, which would override the pain.
        for history in dataset.users.map({ UserHistory(profile: $0.profile, records: $0.records) }) {
            let days = CycleEvaluator.predictionDays(for: history)
            let predictions = try engine.predictions(for: history, on: days, language: .en)
            var replay = CycleDayState.Replay(history)
            for (day, prediction) in zip(days, predictions) {
                let state = replay.advance(through: day)
                guard let lastStart = state.cycle.lastStart, prediction.nextPeriodStart > day.advanced(by: 1) else { continue }
                if let pain = state.ovulationPainThisCycle {
                    #expect(prediction.ovulation?.date == pain)
                    painDays += 1
                } else if state.cycle.recentCycleLengths.count >= 3 {
                    // No pain: the rules' calendar, from the state's recent cycle lengths.
                    #expect(abs(lastStart.distance(to: prediction.nextPeriodStart) - state.cycle.calendarCycleLength) <= 7)
                }
            }
        }
        #expect(painDays > 0)
    }

    @Test func latePeriodIsExpectedTomorrow() throws {
        let history = TestHistories.history(starts: [0, 28, 56, 84], lastDay: 116)
        let prediction = try engine.prediction(for: history, on: origin.advanced(by: 116))
        #expect(prediction.nextPeriodStart == origin.advanced(by: 117))
        #expect(prediction.reasoning.factors.contains { $0.key == "rule.late" })
        #expect(prediction.reasoning.text.contains("règles en retard"))
    }

    @Test func isCausalAndIncrementalEqualsOneByOne() throws {
        let dataset = SyntheticCycles.generate(config: .irregular, users: 3, months: 6, seed: 5)
        for history in dataset.users {
            let days = CycleEvaluator.predictionDays(for: history)
            let all = try engine.predictions(for: history, on: days, language: .fr)
            for (index, day) in days.enumerated() where index % 9 == 0 {
                let alone = try engine.prediction(for: history.truncated(through: day), on: day)
                #expect(alone == all[index])
            }
        }
    }
}
