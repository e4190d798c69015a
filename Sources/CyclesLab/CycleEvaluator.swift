import Cycles
import Explanations
import TensorCore

/// Evaluates any `CyclePredictor` on a `CycleDataset` with the metrics of `CycleMetric`
/// (alert accuracy first, then daily accuracy, the confidence's calibration and the intervals'
/// coverage), in parallel over users with a deterministic merge.
public struct CycleEvaluator: Sendable {
    /// The 95 % intervals' bootstrap (resamples of users; 0 resamples: no intervals, fastest).
    public var bootstrap: UserBootstrap
    /// Reasoning language asked of the predictor.
    public var language: Language
    /// How a forecast without a confidence is given one from the predictor's past errors.
    public var pastErrorAssumptions: ForecastErrorHistory.Assumptions

    /// Creates an evaluator.
    public init(bootstrapSamples: Int = 200, bootstrapSeed: UInt64 = UserBootstrap.defaultSeed, language: Language = .fr,
                pastErrorAssumptions: ForecastErrorHistory.Assumptions = .standard) {
        self.bootstrap = UserBootstrap(resamples: bootstrapSamples, seed: bootstrapSeed)
        self.language = language
        self.pastErrorAssumptions = pastErrorAssumptions
    }

    /// Bootstrap resamples of users for the 95 % intervals.
    public var bootstrapSamples: Int { bootstrap.resamples }

    /// Evaluates `predictor` on every user of `dataset`.
    public func evaluate(_ predictor: some CyclePredictor, on dataset: CycleDataset) throws -> EvaluationReport {
        let truth = dataset.truth
        let users = dataset.users
        let results = _parallelMap(users.count) { index -> Result<UserEvaluation, Error> in
            Result { try evaluateUser(predictor, history: users[index], truth: truth?[users[index].userID]) }
        }
        var evaluations: [UserEvaluation] = []
        evaluations.reserveCapacity(results.count)
        for result in results { evaluations.append(try result.get()) }
        return report(model: predictor.name, evaluations: evaluations, hasTruth: truth != nil)
    }

    /// The prediction days of `history`: from the first logged start to the last logged day.
    public static func predictionDays(for history: UserHistory) -> [CalendarDay] {
        guard let first = history.periodStarts.first, let last = history.records.last?.date, first <= last else { return [] }
        return Array(first...last)
    }

    /// Evaluates one user.
    ///
    /// A forecast without a confidence (`CyclePrediction.nextPeriodConfidence == nil`) is scored
    /// for calibration with the distribution of the predictor's own past errors on this user
    /// (`ForecastErrorHistory`, fed causally: a cycle's errors count from its next start on).
    public func evaluateUser(_ predictor: some CyclePredictor, history: UserHistory, truth: [CycleTruth]?) throws -> UserEvaluation {
        let days = CycleEvaluator.predictionDays(for: history)
        var tallies = [MetricTally](repeating: MetricTally(), count: CycleMetric.tallyWidth)
        guard !days.isEmpty else { return UserEvaluation(userID: history.userID, predictions: 0, cycles: [], tallies: tallies, ovulationEstimates: 0) }
        let forecasts = try predictor.predictions(for: history, on: days, language: language)
        guard forecasts.count == days.count else {
            throw DatasetError.invalidValue(file: "<predictor \(predictor.name)>", line: 0, column: "predictions",
                                            value: "\(forecasts.count)", expected: "\(days.count) forecasts, one per day")
        }
        func add(_ metric: CycleMetric, _ score: Double) { tallies[metric.tallyOffset].add(score) }

        let starts = history.periodStarts
        let truthCycles = (truth ?? []).sorted { $0.cycleStart < $1.cycleStart }
        var cycles: [CycleOutcome] = []
        var startIndex = 0          // starts[startIndex] = last start on or before the day
        var truthIndex = -1
        var recordIndex = 0
        var score: CycleForecastScore? = starts.count > 1 ? CycleForecastScore(cycleStart: starts[0], nextStart: starts[1]) : nil
        var day1Forecast: CalendarDay?
        var alertConfidence: Double?
        var pastErrors = ForecastErrorHistory(assumptions: pastErrorAssumptions)
        var ovulationEstimates = 0
        var pastErrorConfidences = 0
        var lastEnergy: Int?, lastMood: Int?
        func closeCycle() {
            guard let closed = score else { return }
            add(.alertAccuracy, closed.alertHit ? 1 : 0)
            if let alertConfidence {
                ReliabilityTable.add(confidence: alertConfidence, hit: closed.alertHit, to: &tallies,
                                     at: CycleMetric.alertConfidenceECE.tallyOffset)
            }
            cycles.append(CycleOutcome(userID: history.userID, previousStart: closed.cycleStart, start: closed.nextStart,
                                       alertDay: closed.alertDay, alertedStart: closed.alertedStart, alertConfidence: alertConfidence,
                                       alertHit: closed.alertHit, day1Forecast: day1Forecast))
            pastErrors.completeCycle(nextStart: closed.nextStart)
            day1Forecast = nil
            alertConfidence = nil
            startIndex += 1
            score = startIndex + 1 < starts.count ? CycleForecastScore(cycleStart: starts[startIndex], nextStart: starts[startIndex + 1]) : nil
        }

        for (day, forecast) in zip(days, forecasts) {
            while startIndex + 1 < starts.count, starts[startIndex + 1] <= day { closeCycle() }
            if let target = score?.nextStart {
                let error = abs(forecast.nextPeriodStart.distance(to: target))
                let cycleDay = starts[startIndex].distance(to: day) + 1
                let hit = error <= AlertPolicy.toleranceDays
                add(.accuracy1d, error <= 1 ? 1 : 0)
                add(.accuracy2d, hit ? 1 : 0)
                add(.accuracy3d, error <= 3 ? 1 : 0)
                add(.maeDays, Double(error))
                add(cycleDay <= 7 ? .byCycleDay1to7 : (cycleDay <= 14 ? .byCycleDay8to14 : .byCycleDay15plus), hit ? 1 : 0)
                if let metric = CycleMetric.maeByCycleDay(daysAfterStart: cycleDay - 1) { add(metric, Double(error)) }
                if cycleDay == 1 {
                    add(.day1Accuracy2d, hit ? 1 : 0)
                    day1Forecast = forecast.nextPeriodStart
                }
                let (confidence, intervals) = Self.confidence(of: forecast, cycleDay: cycleDay, pastErrors: pastErrors)
                if forecast.nextPeriodConfidence == nil { pastErrorConfidences += 1 }
                ReliabilityTable.add(confidence: confidence, hit: hit, to: &tallies, at: CycleMetric.confidenceECE.tallyOffset)
                add(.brier, (confidence - (hit ? 1 : 0)) * (confidence - (hit ? 1 : 0)))
                for interval in intervals {
                    if let metric = CycleMetric.coverage(level: interval.level) { add(metric, interval.contains(target) ? 1 : 0) }
                }
                let alerted = score?.alertDay != nil
                score?.add(forecast)
                if !alerted, score?.alertDay != nil { alertConfidence = confidence }
                pastErrors.record(forecast.nextPeriodStart, cycleDay: cycleDay)
            }
            while truthIndex + 1 < truthCycles.count, truthCycles[truthIndex + 1].cycleStart <= day { truthIndex += 1 }
            if truthIndex >= 0, let ovulation = truthCycles[truthIndex].ovulationDate {
                if forecast.ovulation != nil { ovulationEstimates += 1 }
                let hit = forecast.ovulation.map { abs($0.date.distance(to: ovulation)) <= 2 } ?? false
                add(.ovulationAccuracy2d, hit ? 1 : 0)
            }
            let tomorrow = day.advanced(by: 1)
            while recordIndex < history.records.count, history.records[recordIndex].date < tomorrow {
                let record = history.records[recordIndex]
                if let energy = record.symptoms[.energy] { lastEnergy = energy }
                if let mood = record.symptoms[.mood] { lastMood = mood }
                recordIndex += 1
            }
            if recordIndex < history.records.count, history.records[recordIndex].date == tomorrow {
                let record = history.records[recordIndex]
                if let predicted = forecast.energyTomorrow, let actual = record.symptoms[.energy] {
                    let level = SymptomLevel(value: Double(actual))
                    add(.energyAccuracy3Class, predicted.level == level ? 1 : 0)
                    add(.energyMAE, abs(predicted.value - Double(actual)))
                    if let lastEnergy { add(.energySameAsTodayAccuracy3Class, SymptomLevel(value: Double(lastEnergy)) == level ? 1 : 0) }
                }
                if let predicted = forecast.moodTomorrow, let actual = record.symptoms[.mood] {
                    let level = SymptomLevel(value: Double(actual))
                    add(.moodAccuracy3Class, predicted.level == level ? 1 : 0)
                    add(.moodMAE, abs(predicted.value - Double(actual)))
                    if let lastMood { add(.moodSameAsTodayAccuracy3Class, SymptomLevel(value: Double(lastMood)) == level ? 1 : 0) }
                }
            }
        }
        while score != nil { closeCycle() }

        return UserEvaluation(userID: history.userID, predictions: days.count, cycles: cycles, tallies: tallies,
                              ovulationEstimates: ovulationEstimates, pastErrorConfidences: pastErrorConfidences)
    }

    /// The confidence and intervals a forecast made on `cycleDay` is scored with: its own, or when
    /// it states none, those of the distribution of the predictor's past errors (`pastErrors`).
    static func confidence(of forecast: CyclePrediction, cycleDay: Int,
                           pastErrors: ForecastErrorHistory) -> (confidence: Double, intervals: [ForecastInterval]) {
        if let confidence = forecast.nextPeriodConfidence { return (confidence, forecast.nextPeriodIntervals) }
        let distribution = pastErrors.distribution(forecast: forecast.nextPeriodStart, asOf: forecast.asOf, cycleDay: cycleDay)
        return (distribution.hitProbability(of: forecast.nextPeriodStart), distribution.centralIntervals)
    }

    /// Pools user results into a report with bootstrap intervals.
    public func report(model: String, evaluations: [UserEvaluation], hasTruth: Bool) -> EvaluationReport {
        let pooled = evaluations.reduce(into: [MetricTally](repeating: MetricTally(), count: CycleMetric.tallyWidth)) {
            CycleEvaluator.pool(&$0, $1.tallies)
        }
        let samples = resampledTallies(evaluations.map(\.tallies))
        var metrics: [CycleMetric: Double] = [:]
        var intervals: [CycleMetric: ConfidenceInterval] = [:]
        var reliability: [CycleMetric: ReliabilityTable] = [:]
        for metric in CycleMetric.allCases {
            if metric == .ovulationAccuracy2d && !hasTruth { continue }
            guard let value = metric.value(in: pooled) else { continue }
            metrics[metric] = value
            if let interval = ConfidenceInterval(percentilesOf: samples.compactMap { metric.value(in: $0) }) {
                intervals[metric] = interval
            }
            if metric.isCalibrationError {
                reliability[metric] = ReliabilityTable(tallies: pooled[metric.tallyOffset..<(metric.tallyOffset + metric.tallyCount)])
            }
        }
        if !evaluations.contains(where: { $0.ovulationEstimates > 0 }) {
            metrics[.ovulationAccuracy2d] = nil
            intervals[.ovulationAccuracy2d] = nil
        }
        return EvaluationReport(model: model, users: evaluations.count,
                                cycles: evaluations.reduce(0) { $0 + $1.cycles.count },
                                predictions: evaluations.reduce(0) { $0 + $1.predictions },
                                metrics: metrics, intervals: intervals, reliability: reliability,
                                confidenceFromPastErrors: Self.pastErrorShare(evaluations), userEvaluations: evaluations)
    }

    /// The share of scored forecasts of `evaluations` whose confidence came from past errors, `nil`
    /// when none was scored.
    static func pastErrorShare(_ evaluations: [UserEvaluation]) -> Double? {
        let scored = evaluations.reduce(0) { $0 + $1.tally(for: .brier).count }
        guard scored > 0 else { return nil }
        return Double(evaluations.reduce(0) { $0 + $1.pastErrorConfidences }) / scored
    }

    /// The pooled tallies of each `bootstrap` resample of users (`perUser[i]`: user `i`'s tallies,
    /// all of the same width).
    func resampledTallies(_ perUser: [[MetricTally]]) -> [[MetricTally]] {
        guard let width = perUser.first?.count else { return [] }
        return bootstrap.pooledResamples(of: perUser, zero: [MetricTally](repeating: MetricTally(), count: width), add: CycleEvaluator.pool)
    }

    /// Adds `tallies` to `pooled`, element by element.
    static func pool(_ pooled: inout [MetricTally], _ tallies: [MetricTally]) {
        for index in pooled.indices { pooled[index] = pooled[index] + tallies[index] }
    }
}
