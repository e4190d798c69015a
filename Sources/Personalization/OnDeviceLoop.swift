#if SQLite
import Cycles
import Explanations
import Foundation
import GRDB

/// The loop inside the app's database: each day `predict(at:)` writes her forecasts, `reconcile()`
/// (on `AppDatabase`) scores the past ones once the truth is logged, and now and then
/// `fineTune(…)` personalises the model from her logs and verdicts and records which model is active.
public struct OnDeviceLoop: Sendable {
    /// Her database.
    public var database: AppDatabase
    /// The model that forecasts.
    public var model: CycleModel
    /// Builds the sentences (`CyclePhrases.shared`).
    package var generator: ReasoningGenerator

    /// Creates one with every field.
    public init(database: AppDatabase, model: CycleModel, generator: ReasoningGenerator) {
        self.database = database
        self.model = model
        self.generator = generator
    }

    /// What `predict(at:)` did.
    public struct PredictOutcome: Sendable {
        /// The as-of day.
        public var day: CalendarDay
        /// The rows of the day for this model version (written now or before).
        public var batch: DayBatch
        /// Rows written now: 0 when the day was already written for this model version.
        public var inserted: Int
        /// The forecast, when it was computed (`nil` when the day was already written).
        public var prediction: CyclePrediction?
        /// Why her whole history was read and replayed for the forecast: `nil` when her kept day
        /// (`KeptCycleDay`) was advanced by the days logged since, or when nothing was computed.
        public var replayReason: String?
    }

    /// Forecasts the day of `now` (in the database's time zone) from her logs up to that day and
    /// writes, in one transaction, the `predictions` rows (`period_start`, `ovulation` when the
    /// model estimates it, `energy`, `mood` for tomorrow when forecast) and one `insights` row of
    /// type `prediction`: title the period headline, `reasoning` the sentence in her language
    /// (`UserProfile.preferredLanguage()`), `body` the next start's 50/80/95 % intervals
    /// (`CyclePhrases.intervalsLine`) then the energy and mood sentences when the model explains
    /// them, `confidence` the probability that the period date is a hit
    /// (`CyclePrediction.nextPeriodConfidence`), `source` the model kind. Idempotent per day and model version: when the
    /// rows exist, nothing is computed or written. `willWrite` is called just before the
    /// transaction (progress lines).
    ///
    /// For the boosted trees and the LSTM her state is kept between days (`KeptCycleDay`, in the
    /// table `odml_kept_day`, `AppDatabase.keptDaySchema`, written in the forecast's transaction,
    /// `AppDatabase.keptDayLagDays` behind): the forecast reads only the rows logged since and
    /// advances it. Her whole history is read and replayed when there is no kept day yet, or when
    /// a row dated on or before it was inserted, changed or deleted (`PredictOutcome.replayReason`
    /// says why); the forecast is the same either way.
    /// - Throws: `DatasetError` for bad logs or a `preferences.language` that is not a supported
    ///   language; `PersonalizationError.noHistory` before her first logged period.
    public func predict(at now: Date, willWrite: (DayBatch) -> Void = { _ in }) throws -> PredictOutcome {
        let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
        let day = database.day(of: seconds)
        let ids = Dictionary(uniqueKeysWithValues: StoredPredictionKind.allCases.map { ($0, Self.rowID(table: "predictions", kind: $0.rawValue, day: day, version: model.version)) })
        let insightID = Self.rowID(table: "insights", kind: InsightKind.prediction.rawValue, day: day, version: model.version)
        // One read transaction: the day's stored rows, or her state for the day and the level confidences.
        let forecast: DayForecast
        switch try database.perform({
            try database.writer.read { db -> DayRead in
                if let stored = try storedBatch(in: db, day: day, predictionIDs: Array(ids.values), insightID: insightID) {
                    return .stored(stored)
                }
                return .forecast(try self.forecast(in: db, day: day))
            }
        }) {
        case .stored(let batch):
            return PredictOutcome(day: day, batch: batch, inserted: 0, prediction: nil, replayReason: nil)
        case .forecast(let computed):
            forecast = computed
        }
        let prediction = forecast.prediction, language = forecast.language, levels = forecast.levels
        let dateConfidence = prediction.nextPeriodConfidence ?? ForecastConfidence.date(uncertaintyDays: prediction.nextPeriodUncertaintyDays)
        let ovulationConfidence = ForecastConfidence.date(uncertaintyDays: prediction.nextPeriodUncertaintyDays)
        func row(_ kind: StoredPredictionKind, _ date: CalendarDay, _ value: Double?, _ confidence: Double) -> PredictionRecord {
            PredictionRecord(id: ids[kind]!, kind: kind, predictedDate: date, predictedValue: value.map { Int($0.rounded()) },
                             confidence: confidence, modelVersion: model.version, createdAt: seconds, asOf: day)
        }
        var predictions = [row(.periodStart, prediction.nextPeriodStart, nil, dateConfidence)]
        if let ovulation = prediction.ovulation { predictions.append(row(.ovulation, ovulation.date, nil, ovulationConfidence)) }
        if let energy = prediction.energyTomorrow { predictions.append(row(.energy, day.advanced(by: 1), energy.value, levels[.energy]!)) }
        if let mood = prediction.moodTomorrow { predictions.append(row(.mood, day.advanced(by: 1), mood.value, levels[.mood]!)) }
        let intervals = try CyclePhrases.intervalsLine(prediction.nextPeriodIntervals, language: language)
        let bodyLines = [intervals, prediction.energyTomorrow?.reasoning?.text, prediction.moodTomorrow?.reasoning?.text].compactMap { $0 }
        let insight = InsightRecord(id: insightID, date: day, kind: .prediction, title: prediction.reasoning.headline,
                                    body: bodyLines.isEmpty ? nil : bodyLines.joined(separator: " "), confidence: dateConfidence,
                                    reasoning: prediction.reasoning.text, source: model.kind, createdAt: seconds)
        let batch = DayBatch(day: day, predictions: predictions, insights: [insight])
        willWrite(batch)
        let inserted = try database.write(batch, keeping: forecast.kept)
        return PredictOutcome(day: day, batch: batch, inserted: inserted, prediction: prediction, replayReason: forecast.replayReason)
    }

    /// The id of the loop's row of `kind` in `table` for `day` and a model version.
    public static func rowID(table: String, kind: String, day: CalendarDay, version: String) -> String {
        _NameBasedUUID.make("\(table)|\(kind)|\(day.iso)|\(version)")
    }

    /// The stored rows of the day, when its insight (written in the same transaction as the
    /// predictions) exists.
    func storedBatch(in db: Database, day: CalendarDay, predictionIDs: [String], insightID: String) throws -> DayBatch? {
        guard let insightRow = try Row.fetchOne(db, sql: "SELECT * FROM insights WHERE id = ?", arguments: [insightID]) else { return nil }
        let list = predictionIDs.map { "'\($0)'" }.joined(separator: ", ")
        let predictions = try database.predictions(in: db, kinds: StoredPredictionKind.allCases, where: "id IN (\(list))")
        return DayBatch(day: day, predictions: predictions, insights: [try database.insight(from: insightRow)])
    }

    /// What `predict(at:)` reads before it writes: the day's rows when they are stored, else its forecast.
    enum DayRead {
        /// The day's rows, written before for this model version.
        case stored(DayBatch)
        /// The day's forecast, to write.
        case forecast(DayForecast)
    }

    /// The forecast of a day with what its rows need: her language, the kept day to store, why
    /// her history was replayed, the level confidences.
    struct DayForecast {
        /// The forecast.
        var prediction: CyclePrediction
        /// Her language (`UserProfile.preferredLanguage()`).
        var language: Language
        /// The kept day to store with the rows (`nil`: none, or the stored one is still it).
        var kept: KeptCycleDay?
        /// Why her whole history was read (`PredictOutcome.replayReason`).
        var replayReason: String?
        /// `ForecastConfidence.level` for energy and mood.
        var levels: [StoredPredictionKind: Double]
    }

    /// The forecast of `day` from `db`: her kept day advanced by the days logged since for a model
    /// that forecasts from a prepared day (the boosted trees, the LSTM), her history otherwise.
    func forecast(in db: Database, day: CalendarDay) throws -> DayForecast {
        let levels = try levelConfidences(in: db)
        if let attributing = model.predictor as? any PreparedDayForecasting {
            // Her kept day advanced by the days logged since: no replay of her history.
            let advanced = try database.advancedDay(in: db, through: day, keepsDailyRows: attributing.readsDailyRows)
            guard advanced.today.state.cycle.lastStart != nil else {
                throw PersonalizationError.noHistory(user: advanced.profile.id, detail: "no period start logged on or before \(day)")
            }
            let language = try advanced.profile.preferredLanguage()
            let prediction = try attributing.explainedPrediction(from: try attributing.preparedDay(from: advanced.today),
                                                                 language: language, generator: generator).prediction
            return DayForecast(prediction: prediction, language: language, kept: advanced.toKeep,
                               replayReason: advanced.rebuildReason, levels: levels)
        }
        let history = try database.history(in: db).truncated(through: day)
        guard history.lastPeriodStart(onOrBefore: day) != nil else {
            throw PersonalizationError.noHistory(user: history.userID, detail: "no period start logged on or before \(day)")
        }
        let language = try history.profile.preferredLanguage()
        return DayForecast(prediction: try model.predictor.prediction(for: history, on: day, language: language), language: language,
                           kept: nil, replayReason: "\(model.predictor.name) reads her whole history", levels: levels)
    }

    /// Her last scored forecasts of a type (the argument), newest first: read through the
    /// toolkit's index on scored rows (`AppDatabase.scoredPredictionsIndexName`) once it exists.
    static let lastScoresQuery = """
        SELECT accuracy_score FROM predictions WHERE type = ? AND accuracy_score IS NOT NULL
        ORDER BY created_at DESC LIMIT \(ForecastConfidence.levelLookback)
        """

    /// `ForecastConfidence.level` for energy and mood from her last reconciled forecasts.
    func levelConfidences(in db: Database) throws -> [StoredPredictionKind: Double] {
        var result: [StoredPredictionKind: Double] = [:]
        for kind in [StoredPredictionKind.energy, .mood] {
            let scores = try Double.fetchAll(try db.cachedStatement(sql: Self.lastScoresQuery), arguments: [kind.rawValue])
            result[kind] = ForecastConfidence.level(hits: scores.filter { $0 >= 1 }.count, scored: scores.count)
        }
        return result
    }
}
#endif
