import Cycles
import Explanations
import Foundation
import GRDB
import ModelFiles
import TensorCore
import Testing
@testable import Personalization
import CyclesLab
@testable import PersonalizationLab

@Suite struct OnDeviceLoopTests {
    static let shippedGBT = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Models/cycle-gbt.odml").path

    /// The period-history model as the app's model: each day's `period_start` row and insight carry
    /// the probability that the date is a hit (not the σ-based formula), and the insight's body
    /// states the 50/80/95 % intervals in her language.
    @Test func periodHistoryWritesItsConfidenceAndIntervals() throws {
        let directory = try AppDatabaseFixtures.temporaryDirectory()
        let history = AppDatabaseFixtures.irregularUser(months: 8)
        let starts = history.periodStarts
        let day = starts[4].advanced(by: 10)
        let database = try AppDatabaseFixtures.database(history, through: day, at: directory.appendingPathComponent("app.sqlite").path)
        let model = try CycleModel.load("period-history")
        #expect(model.kind == "cycle-period-history")
        let loop = OnDeviceLoop(database: database, model: model, generator: try CyclePhrases.generator())
        let outcome = try loop.predict(at: AppDatabaseFixtures.noon(day))
        let expected = try PeriodHistoryPredictor().prediction(for: history.truncated(through: day), on: day, language: .fr)
        let confidence = try #require(expected.nextPeriodConfidence)
        let period = try #require(outcome.batch.predictions.first { $0.kind == .periodStart })
        #expect(period.predictedDate == expected.nextPeriodStart && period.confidence == confidence)
        #expect(confidence != ForecastConfidence.date(uncertaintyDays: expected.nextPeriodUncertaintyDays))
        let insight = try #require(outcome.batch.insights.first)
        #expect(insight.confidence == confidence)
        let body = try #require(insight.body)
        #expect(body.hasPrefix("Intervalles des prochaines règles : "))
        for level in ["50 %", "80 %", "95 %"] { #expect(body.contains(level), "\(body)") }
        #expect(insight.reasoning?.contains("80 %") == true)
    }

    /// Predict day by day → reconcile → fine-tune, on the DDL fixture, with every row checked.
    @Test func roundTripPredictReconcileFineTune() throws {
        let directory = try AppDatabaseFixtures.temporaryDirectory()
        let history = AppDatabaseFixtures.irregularUser(months: 8)
        let starts = history.periodStarts
        let days = Array(starts[1]..<starts[4])
        let database = try AppDatabaseFixtures.database(history, through: starts[1].advanced(by: -1), at: directory.appendingPathComponent("app.sqlite").path)
        let model = try CycleModel.load("rules")
        var loop = OnDeviceLoop(database: database, model: model, generator: try CyclePhrases.generator())
        for day in days {
            if let record = history.records.first(where: { $0.date == day }) {
                try database.log(record, cycleDay: history.lastPeriodStart(onOrBefore: day).map { $0.distance(to: day) + 1 },
                                 at: day.unixTimestamp(hour: 21, timeZone: AppDatabaseFixtures.utc))
            }
            let outcome = try loop.predict(at: AppDatabaseFixtures.noon(day))
            #expect(outcome.day == day && outcome.inserted == outcome.batch.predictions.count + 1)
            let expected = try model.predictor.prediction(for: history.truncated(through: day), on: day, language: .fr)
            let period = try #require(outcome.batch.predictions.first { $0.kind == .periodStart })
            #expect(period.predictedDate == expected.nextPeriodStart && period.modelVersion == model.version)
            #expect(outcome.batch.insights.first?.reasoning == expected.reasoning.text && outcome.batch.insights.first?.source == "cycle-rules")
        }
        let stored = try database.predictions(kind: .periodStart)
        #expect(stored.map(\.asOf) == days)
        #expect(Set(try database.predictions().map(\.createdAt)).count == days.count)
        #expect(try database.insights().count == days.count)

        // Reconcile: every forecast made before the last logged start gets its next start and the hit rule.
        let summary = try database.reconcile()
        let reconciled = try database.predictions(kind: .periodStart)
        for record in reconciled {
            let truth = starts.first { $0 > record.asOf }!
            if truth <= days.last! {
                #expect(record.actualDate == truth)
                #expect(record.accuracyScore == (AlertPolicy.isHit(alertedStart: record.predictedDate, start: truth) ? 1 : 0))
            } else {
                #expect(record.actualDate == nil && record.accuracyScore == nil)
            }
        }
        #expect(summary.filled["period_start"] == reconciled.filter { $0.actualDate != nil }.count)
        #expect(summary.accurate["period_start", default: 0] == reconciled.filter { $0.accuracyScore == 1 }.count)
        for record in try database.predictions().filter({ !$0.kind.isDate && $0.actualValue != nil }) {
            let logged = history.records.first { $0.date == record.predictedDate }?.symptoms[record.kind == .energy ? .energy : .mood]
            #expect(record.actualValue == logged)
        }

        // Her verdict on the first insight, then a fine-tune: the row names the active model.
        try database.setFeedback(.inaccurate, onInsight: try database.insights()[0].id)
        let tuned = try loop.fineTune(base: model, personalizer: Personalizer(tuners: [ResidualCorrectionTuner(), LutealTuner()]),
                                      modelDirectory: directory.appendingPathComponent("models"), password: "pw",
                                      at: AppDatabaseFixtures.noon(days.last!))
        #expect(tuned.signals.count == reconciled.filter { $0.actualDate != nil }.count + 1)
        #expect(tuned.entry.cutoff == history.truncated(through: days.last!).records.last!.date)
        #expect(tuned.entry.baseModel == "rules" && tuned.entry.baseVersion == model.version)
        #expect(try database.activeModelEntry() == ModelLogEntry(id: 1, createdAt: tuned.entry.createdAt, cutoff: tuned.entry.cutoff,
                                                                 baseModel: "rules", baseVersion: model.version, model: tuned.model.source,
                                                                 modelVersion: tuned.model.version, strategy: tuned.entry.strategy,
                                                                 kept: tuned.entry.kept, reason: tuned.entry.reason))
        if tuned.entry.kept {
            let file = try #require(tuned.file)
            #expect(try CycleModel.load(file.path, password: "pw").version == tuned.entry.modelVersion)
            #expect(throws: PersonalizationError.wrongPassword(path: file.path)) { try CycleModel.load(file.path) }
        } else {
            #expect(tuned.file == nil && tuned.entry.model == "rules" && tuned.entry.modelVersion == model.version)
        }
        loop.model = tuned.model
        try database.checkIntegrity()
    }

    /// A four-month irregular user's app database through a day after her second start, and the
    /// rules' loop on it.
    static func rulesLoopFourMonthsIn() throws -> (history: UserHistory, day: CalendarDay, database: AppDatabase, loop: OnDeviceLoop) {
        let history = AppDatabaseFixtures.irregularUser(months: 4)
        let day = history.periodStarts[1].advanced(by: 5)
        let path = try AppDatabaseFixtures.temporaryDirectory().appendingPathComponent("app.sqlite").path
        let database = try AppDatabaseFixtures.database(history, through: day, at: path)
        return (history, day, database, OnDeviceLoop(database: database, model: try CycleModel.load("rules"), generator: try CyclePhrases.generator()))
    }

    @Test func predictIsIdempotentPerDayAndModelVersion() throws {
        let (history, day, database, loop) = try Self.rulesLoopFourMonthsIn()
        let first = try loop.predict(at: AppDatabaseFixtures.noon(day))
        let again = try loop.predict(at: AppDatabaseFixtures.noon(day).addingTimeInterval(3_600))
        #expect(first.inserted > 0 && again.inserted == 0 && again.prediction == nil)
        #expect(again.batch == first.batch)
        var calendar = loop
        calendar.model = try CycleModel.load("calendar")
        #expect(try calendar.predict(at: AppDatabaseFixtures.noon(day)).inserted > 0)
        #expect(Set(try database.predictions().map(\.modelVersion)) == ["rules@\(OnDeviceMLVersion.current)", "calendar@\(OnDeviceMLVersion.current)"])
        #expect(throws: PersonalizationError.self) { try loop.predict(at: AppDatabaseFixtures.noon(history.records[0].date.advanced(by: -3))) }
    }

    /// The first day's write creates the index on scored forecasts, the level confidences' query
    /// reads through it (not every forecast she ever had), and the levels still count her last
    /// scored forecasts, newest first.
    @Test func levelConfidencesReadHerLastScoredForecastsThroughTheIndex() throws {
        let (_, day, database, loop) = try Self.rulesLoopFourMonthsIn()
        _ = try loop.predict(at: AppDatabaseFixtures.noon(day))
        // 40 scored energy forecasts, older ones misses and the newest `levelLookback` hits, then
        // a newer unscored one.
        let lookback = ForecastConfidence.levelLookback
        try database.writer.write { db in
            for index in 0..<40 {
                try db.execute(sql: """
                    INSERT INTO predictions (id, type, predicted_date, confidence, accuracy_score, model_version, created_at)
                    VALUES (?, 'energy', '2024-01-01', 0.5, ?, 'test', ?)
                    """, arguments: ["scored-\(index)", index >= 40 - lookback ? 1.0 : 0.0, 1_000 + index])
            }
            try db.execute(sql: """
                INSERT INTO predictions (id, type, predicted_date, confidence, model_version, created_at)
                VALUES ('unscored', 'energy', '2024-01-01', 0.5, 'test', 5000)
                """)
        }
        try database.writer.read { db in
            #expect(try db.indexes(on: "predictions").contains { $0.name == AppDatabase.scoredPredictionsIndexName })
            let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN \(OnDeviceLoop.lastScoresQuery)", arguments: ["energy"])
                .map { $0["detail"] as String }.joined(separator: "; ")
            #expect(plan.contains("USING INDEX \(AppDatabase.scoredPredictionsIndexName)") && !plan.contains("TEMP B-TREE"), "\(plan)")
            let levels = try loop.levelConfidences(in: db)
            #expect(levels[.energy] == ForecastConfidence.level(hits: lookback, scored: lookback))
        }
    }

    /// The shipped boosted trees: four rows, an explained sentence in her language, the file's identity.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: shippedGBT)))
    func shippedModelWritesFourRowsAndAnExplainedSentenceInHerLanguage() throws {
        var history = AppDatabaseFixtures.irregularUser(months: 5)
        let day = history.periodStarts[2].advanced(by: 10)
        for (language, word) in [("en", "Period"), ("fr", "Règles")] {
            var profile = history.profile
            profile.preferencesJSON = "{\"language\":\"\(language)\"}"
            history = UserHistory(profile: profile, records: history.records)
            let path = try AppDatabaseFixtures.temporaryDirectory().appendingPathComponent("app.sqlite").path
            let database = try AppDatabaseFixtures.database(history, through: day, at: path)
            let model = try CycleModel.load(Self.shippedGBT)
            let checksum = try ModelFile.inspect(contentsOf: URL(fileURLWithPath: Self.shippedGBT)).storedChecksum
            #expect(model.version == "cycle-gbt@" + String(format: "%08X", checksum))
            let outcome = try OnDeviceLoop(database: database, model: model, generator: try CyclePhrases.generator()).predict(at: AppDatabaseFixtures.noon(day))
            #expect(outcome.batch.predictions.map(\.kind) == StoredPredictionKind.allCases)
            #expect(outcome.batch.predictions.allSatisfy { (0...1).contains($0.confidence) })
            #expect(outcome.batch.predictions.filter { !$0.kind.isDate }.allSatisfy { (1...10).contains($0.predictedValue ?? 0) })
            let insight = try #require(try database.insights().first)
            #expect(insight.source == "cycle-gbt" && insight.title?.hasPrefix(word) == true && insight.reasoning?.hasPrefix(word) == true)
        }
    }

    @Test func confidenceFollowsTheHitWindow() {
        #expect(abs(ForecastConfidence.date(uncertaintyDays: 2) - 0.7887) < 1e-3)
        #expect(ForecastConfidence.date(uncertaintyDays: 0.1) > 0.99)
        #expect(ForecastConfidence.date(uncertaintyDays: .infinity) < 0.1)
        #expect(ForecastConfidence.level(hits: 0, scored: 0) == 1.0 / 3)
        #expect(ForecastConfidence.level(hits: 29, scored: 30) == 30.0 / 33)
    }
}
