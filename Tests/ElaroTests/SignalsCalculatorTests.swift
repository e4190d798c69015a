import Foundation
import Testing
@testable import Elaro
@testable import ElaroLab

@Suite struct SignalsCalculatorTests {
    let library = try! ActionLibrary.bundled()

    func instance(_ id: String, day: Int, _ outcome: ActionInstance.Outcome, minutes: Int = 10, at time: TimeOfDay = .evening) -> ActionInstance {
        ActionInstance(actionID: id, day: day, timeOfDay: time, variantMinutes: minutes, outcome: outcome, rating: outcome == .rated ? 5 : nil)
    }

    @Test func coldStartSignalsArePriors() {
        let signals = SignalsCalculator()
        #expect(!signals.hasHistory)
        #expect(signals.successRate(forTag: "calm") == 0.5)
        #expect(signals.frictionIndex == SignalsCalculator.initialFriction)
        #expect(signals.bandwidthPreference(weekend: false) == 10)
        #expect(signals.streak == 0)
    }

    @Test func formulasMatchHandComputedValues() throws {
        let hug = library.action(withID: "conn-hug-count")!          // tags touch, calm
        var signals = SignalsCalculator(halfLifeDays: 14)
        signals.record(instance(hug.id, day: 0, .completed, minutes: 5), template: hug)
        signals.record(instance(hug.id, day: 14, .skipped, minutes: 20), template: hug)
        // Weights: day 0 → 0.5, day 14 → 1. successRate = (0.5·1 + 1·0 + 2·0.5) / (1.5 + 2).
        #expect(abs(signals.successRate(forTag: "calm") - Float(1.5 / 3.5)) < 1e-6)
        // friction: 0.8·(0.8·0.3 + 0) + 0.2·1
        #expect(abs(signals.frictionIndex - (0.8 * 0.24 + 0.2)) < 1e-6)
        // bandwidth (weekday days 0 and 14): only the done 5-minute instance has success.
        #expect(abs(signals.bandwidthPreference(weekend: false) - 5) < 1e-5)
        #expect(signals.streak(onDay: 14) == 0)
        // Heatmap cell Monday evening = (0.5·1 + 0 + 1) / (1.5 + 2).
        #expect(abs(signals.timeOfDayHeatmap[0][2] - Float(1.5 / 3.5)) < 1e-6)
    }

    @Test func streakAndNoveltyLoadUpdateIncrementally() throws {
        let novel = library.actions.first { $0.novelty == 3 }!
        var signals = SignalsCalculator()
        for day in 0..<4 { signals.record(instance(novel.id, day: day, .rated), template: novel) }
        #expect(signals.streak == 4)
        // load: ((1·0.7 + 1)·0.7 + 1)·0.7 + 1
        #expect(abs(signals.noveltyLoad(onDay: 3) - Float(((0.7 + 1) * 0.7 + 1) * 0.7 + 1)) < 1e-5)
        #expect(abs(signals.noveltyLoad(onDay: 5) - signals.noveltyLoad(onDay: 3) * 0.49) < 1e-5)
        signals.record(instance(novel.id, day: 6, .skipped), template: novel)
        #expect(signals.streak(onDay: 6) == 0)
    }

    @Test func longHistoriesStayFiniteThroughRebasing() {
        let action = library.actions[0]
        var signals = SignalsCalculator(halfLifeDays: 3)
        for day in stride(from: 0, to: 3000, by: 3) { signals.record(instance(action.id, day: day, .completed), template: action) }
        // Weights 1, 1/2, 1/4, … sum to 2: rate = (2 + 2·0.5) / (2 + 2).
        let rate = signals.successRate(forTags: action.tags)
        #expect(rate.isFinite && abs(rate - 0.75) < 1e-3)
    }
}
