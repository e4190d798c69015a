import Foundation
import Testing
import Explanations
@testable import Cycles
@testable import CyclesLab

/// "Prepare once, use many times": one explained prediction replays her history once and builds
/// the day's features once, then hands them to the forecast, the attributions and the sentences.
@Suite struct PreparedCycleDayTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func user() throws -> UserHistory {
        let dataset = try CycleDataset.load(from: root.appendingPathComponent("Datasets/irregular"))
        return try #require(dataset.users.first { $0.userID == "u00002" })
    }

    @Test func explainedBoostedTreesPredictionBuildsItsRowOnce() throws {
        let predictor = try GBTCyclePredictor.load(from: Self.root.appendingPathComponent("Models/cycle-gbt.odml"))
        let history = try Self.user()
        let day = history.records[150].date
        let generator = try CyclePhrases.generator()
        let counter = _FeatureBuildCounter()
        let explained = try _FeatureBuildCounter.$current.withValue(counter) {
            try predictor.explainedPrediction(for: history, on: day, language: .fr, generator: generator)
        }
        #expect(counter.count(.replay) == 1)
        #expect(counter.count(.tabularRow) == 1)
        #expect(counter.count(.dailyRow) == 0)
        // Everything a forecast can explain was explained from that one row.
        #expect(explained.prediction.energyTomorrow?.reasoning != nil && explained.prediction.moodTomorrow?.reasoning != nil)
        #expect(explained.prediction.nextPeriodStart == (try predictor.prediction(for: history, on: day)).nextPeriodStart)
    }

    @Test func explainedLSTMPredictionBuildsEachDailyInputOnce() throws {
        let predictor = try LSTMCyclePredictor.load(from: Self.root.appendingPathComponent("Models/cycle-lstm.odml"))
        let history = try Self.user()
        let day = history.records[150].date
        let generator = try CyclePhrases.generator()
        let counter = _FeatureBuildCounter()
        let explained = try _FeatureBuildCounter.$current.withValue(counter) {
            try predictor.explainedPrediction(for: history, on: day, language: .en, generator: generator)
        }
        let days = history.records[0].date.distance(to: day) + 1
        #expect(counter.count(.replay) == 1)
        #expect(counter.count(.dailyRow) == days)
        #expect(counter.count(.tabularRow) == 0)
        #expect(explained.prediction.energyTomorrow?.reasoning != nil && explained.prediction.moodTomorrow?.reasoning != nil)
        let plain = try predictor.prediction(for: history, on: day)
        #expect(explained.prediction.nextPeriodStart == plain.nextPeriodStart)
        #expect(explained.prediction.energyTomorrow?.value == plain.energyTomorrow?.value)
    }

    /// The LSTM runs its recurrence over her history once per explained forecast: the forecast
    /// keeps the state the days before the explained window leave, and the attributions start
    /// from it, bit for bit the attributions of a day whose forecast was not made first.
    @Test func explainedLSTMAttributionsStartFromTheForecastsRecurrence() throws {
        let predictor = try LSTMCyclePredictor.load(from: Self.root.appendingPathComponent("Models/cycle-lstm.odml"))
        let history = try Self.user()
        for day in [history.records[30].date, history.records[150].date] {
            let forecast = predictor.preparedDay(for: history, on: day), alone = predictor.preparedDay(for: history, on: day)
            let prefixSteps = forecast.rowCount - min(LSTMCyclePredictor.explainedDays, forecast.rowCount)
            _ = try predictor.prediction(from: forecast, language: .fr, buildsSentence: false)
            #expect((forecast.recurrentPrefix.state(afterSteps: prefixSteps) != nil) == (prefixSteps > 0), "\(day)")
            #expect(alone.recurrentPrefix.state(afterSteps: prefixSteps) == nil)
            let shared = try predictor.attributions(from: forecast, levels: [.energy, .mood])
            let separate = try predictor.attributions(from: alone, levels: [.energy, .mood])
            for (a, b) in [(shared.period, separate.period), (shared.levels[.energy], separate.levels[.energy]),
                           (shared.levels[.mood], separate.levels[.mood])] {
                let a = try #require(a), b = try #require(b)
                #expect(a.contributions.map(\.contribution.bitPattern) == b.contributions.map(\.contribution.bitPattern), "\(day)")
                #expect(a.outputValue.bitPattern == b.outputValue.bitPattern && a.baselineValue.bitPattern == b.baselineValue.bitPattern)
            }
        }
    }

    @Test func aDayPreparedByOneModelIsRefusedByTheOther() throws {
        let gbt = try GBTCyclePredictor.load(from: Self.root.appendingPathComponent("Models/cycle-gbt.odml"))
        let lstm = try LSTMCyclePredictor.load(from: Self.root.appendingPathComponent("Models/cycle-lstm.odml"))
        let history = try Self.user()
        let day = history.records[40].date
        #expect(throws: ExplanationError.self) { try lstm.periodAttribution(from: gbt.preparedDay(for: history, on: day)) }
        #expect(throws: ExplanationError.self) { try gbt.prediction(from: lstm.preparedDay(for: history, on: day), language: .fr) }
    }

    /// The prepared day is causal: records after it change nothing.
    @Test func preparedDayIgnoresLaterRecords() throws {
        let gbt = try GBTCyclePredictor.load(from: Self.root.appendingPathComponent("Models/cycle-gbt.odml"))
        let history = try Self.user()
        let day = history.records[120].date
        let full = gbt.preparedDay(for: history, on: day), truncated = gbt.preparedDay(for: history.truncated(through: day), on: day)
        #expect(full.rows.map(\.bitPattern) == truncated.rows.map(\.bitPattern))
        #expect(full.state == truncated.state)
    }

    /// The explained path replaces the model's plain sentence, so it does not build it: the forecast
    /// without it is the same forecast, and the explained one still says why.
    @Test func theExplainedPathBuildsNoSentenceItReplaces() throws {
        var cache = _ReasoningCache<Int>(buildsSentences: false)
        let skipped = cache.reasoning(for: 1) {
            Issue.record("a cache that builds no sentence built one")
            return Reasoning(text: "built", language: .fr)
        }
        #expect(skipped.text.isEmpty)
        let gbt = try GBTCyclePredictor.load(from: Self.root.appendingPathComponent("Models/cycle-gbt.odml"))
        let lstm = try LSTMCyclePredictor.load(from: Self.root.appendingPathComponent("Models/cycle-lstm.odml"))
        let history = try Self.user()
        for day in [history.records[60].date, history.records[150].date] {
            for model in [gbt as any PreparedDayForecasting, lstm] {
                let prepared = model.preparedDay(for: history, on: day)
                let plain = try model.prediction(from: prepared, language: .fr)
                var unsaid = try model.prediction(from: prepared, language: .fr, buildsSentence: false)
                #expect(!plain.reasoning.text.isEmpty)
                if !prepared.state.givesPeriodHistoryForecast { #expect(unsaid.reasoning.text.isEmpty) }
                unsaid.reasoning = plain.reasoning
                #expect(unsaid == plain)
                let explained = try model.explainedPrediction(for: history, on: day, language: .fr)
                #expect(!explained.prediction.reasoning.text.isEmpty)
                #expect(explained.prediction.nextPeriodStart == plain.nextPeriodStart)
            }
        }
    }
}
