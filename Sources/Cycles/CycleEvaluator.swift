import TensorCore

/// Evaluates any `CyclePredictor` on a `CycleDataset` with the metrics of `CycleMetric`
/// (alert accuracy first), in parallel over users with a deterministic merge.
public struct CycleEvaluator: Sendable {
    /// Bootstrap resamples of users for the 95 % intervals (0: no intervals, fastest).
    public var bootstrapSamples: Int
    /// Seed of the bootstrap.
    public var bootstrapSeed: UInt64
    /// Reasoning language asked of the predictor.
    public var language: String
    /// An alert is a forecast at most this many days ahead.
    public static let alertHorizonDays = 3
    /// A forecast is a hit within this many days.
    public static let hitToleranceDays = 2

    /// `true` when the forecast `predicted`, made on `asOf`, is an alert: the next start is
    /// announced at most `alertHorizonDays` ahead. A cycle's alert is its first such forecast.
    public static func isAlert(asOf: CalendarDay, predicted: CalendarDay) -> Bool {
        asOf.distance(to: predicted) <= alertHorizonDays
    }

    /// `true` when the forecast date `predicted` is within `hitToleranceDays` of the true date
    /// (the rule of alert accuracy, ±2 d accuracy and ovulation ±2 d).
    public static func isHit(_ predicted: CalendarDay, truth: CalendarDay) -> Bool {
        abs(predicted.distance(to: truth)) <= hitToleranceDays
    }

    /// Creates an evaluator.
    public init(bootstrapSamples: Int = 200, bootstrapSeed: UInt64 = 20_190_813, language: String = "fr") {
        self.bootstrapSamples = bootstrapSamples
        self.bootstrapSeed = bootstrapSeed
        self.language = language
    }

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
    public func evaluateUser(_ predictor: some CyclePredictor, history: UserHistory, truth: [CycleTruth]?) throws -> UserEvaluation {
        let days = CycleEvaluator.predictionDays(for: history)
        var tallies = [MetricTally](repeating: MetricTally(), count: CycleMetric.all.count)
        guard !days.isEmpty else { return UserEvaluation(userID: history.userID, predictions: 0, cycles: [], tallies: tallies, ovulationEstimates: 0) }
        let forecasts = try predictor.predictions(for: history, on: days, language: language)
        guard forecasts.count == days.count else {
            throw DatasetError.invalidValue(file: "<predictor \(predictor.name)>", line: 0, column: "predictions",
                                            value: "\(forecasts.count)", expected: "\(days.count) forecasts, one per day")
        }
        func add(_ index: Int, _ score: Double) { tallies[index].add(score) }

        let starts = history.periodStarts
        let truthCycles = (truth ?? []).sorted { $0.cycleStart < $1.cycleStart }
        var cycles: [CycleOutcome] = []
        var startIndex = 0          // starts[startIndex] = last start on or before the day
        var truthIndex = -1
        var recordIndex = 0
        var alertDay: CalendarDay?, alertedStart: CalendarDay?, day1Forecast: CalendarDay?
        var ovulationEstimates = 0
        var lastEnergy: Int?, lastMood: Int?
        func closeCycle() {
            let start = starts[startIndex + 1]
            let hit = alertedStart.map { CycleEvaluator.isHit($0, truth: start) } ?? false
            add(_MetricIndex.alertAccuracy, hit ? 1 : 0)
            cycles.append(CycleOutcome(userID: history.userID, previousStart: starts[startIndex], start: start,
                                       alertDay: alertDay, alertedStart: alertedStart, alertHit: hit, day1Forecast: day1Forecast))
            alertDay = nil
            alertedStart = nil
            day1Forecast = nil
        }

        for (day, forecast) in zip(days, forecasts) {
            while startIndex + 1 < starts.count, starts[startIndex + 1] <= day {
                closeCycle()
                startIndex += 1
            }
            let previousStart = starts[startIndex]
            if startIndex + 1 < starts.count {
                let target = starts[startIndex + 1]
                let error = abs(forecast.nextPeriodStart.distance(to: target))
                let cycleDay = previousStart.distance(to: day) + 1
                add(_MetricIndex.accuracy1d, error <= 1 ? 1 : 0)
                add(_MetricIndex.accuracy2d, error <= 2 ? 1 : 0)
                add(_MetricIndex.accuracy3d, error <= 3 ? 1 : 0)
                add(_MetricIndex.maeDays, Double(error))
                add(cycleDay <= 7 ? _MetricIndex.byCycleDay1to7 : (cycleDay <= 14 ? _MetricIndex.byCycleDay8to14 : _MetricIndex.byCycleDay15plus),
                    error <= 2 ? 1 : 0)
                if cycleDay == 1 {
                    add(_MetricIndex.day1Accuracy2d, error <= 2 ? 1 : 0)
                    day1Forecast = forecast.nextPeriodStart
                }
                if alertDay == nil, CycleEvaluator.isAlert(asOf: day, predicted: forecast.nextPeriodStart) {
                    alertDay = day
                    alertedStart = forecast.nextPeriodStart
                }
            }
            while truthIndex + 1 < truthCycles.count, truthCycles[truthIndex + 1].cycleStart <= day { truthIndex += 1 }
            if truthIndex >= 0, let ovulation = truthCycles[truthIndex].ovulationDate {
                if forecast.ovulation != nil { ovulationEstimates += 1 }
                let hit = forecast.ovulation.map { CycleEvaluator.isHit($0.date, truth: ovulation) } ?? false
                add(_MetricIndex.ovulationAccuracy2d, hit ? 1 : 0)
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
                    add(_MetricIndex.energyAccuracy3Class, predicted.level == level ? 1 : 0)
                    add(_MetricIndex.energyMAE, abs(predicted.value - Double(actual)))
                    if let lastEnergy { add(_MetricIndex.energySameAsToday, SymptomLevel(value: Double(lastEnergy)) == level ? 1 : 0) }
                }
                if let predicted = forecast.moodTomorrow, let actual = record.symptoms[.mood] {
                    let level = SymptomLevel(value: Double(actual))
                    add(_MetricIndex.moodAccuracy3Class, predicted.level == level ? 1 : 0)
                    add(_MetricIndex.moodMAE, abs(predicted.value - Double(actual)))
                    if let lastMood { add(_MetricIndex.moodSameAsToday, SymptomLevel(value: Double(lastMood)) == level ? 1 : 0) }
                }
            }
        }
        while startIndex + 1 < starts.count {
            closeCycle()
            startIndex += 1
        }

        return UserEvaluation(userID: history.userID, predictions: days.count, cycles: cycles, tallies: tallies,
                              ovulationEstimates: ovulationEstimates)
    }

    /// Pools user results into a report with bootstrap intervals.
    public func report(model: String, evaluations: [UserEvaluation], hasTruth: Bool) -> EvaluationReport {
        let keys = CycleMetric.all
        var pooled = [MetricTally](repeating: MetricTally(), count: keys.count)
        for evaluation in evaluations {
            for index in keys.indices { pooled[index] = pooled[index] + evaluation.tallies[index] }
        }
        let samples = bootstrap(evaluations) { $0.tallies }
        var metrics: [String: Double] = [:]
        var intervals: [String: ConfidenceInterval] = [:]
        for (index, key) in keys.enumerated() {
            if key == CycleMetric.ovulationAccuracy2d && !hasTruth { continue }
            guard let value = pooled[index].value else { continue }
            metrics[key] = value
            if let interval = ConfidenceInterval(percentilesOf: samples.compactMap { $0[index].value }) {
                intervals[key] = interval
            }
        }
        if !evaluations.contains(where: { $0.ovulationEstimates > 0 }) {
            metrics[CycleMetric.ovulationAccuracy2d] = nil
            intervals[CycleMetric.ovulationAccuracy2d] = nil
        }
        return EvaluationReport(model: model, users: evaluations.count,
                                cycles: evaluations.reduce(0) { $0 + $1.cycles.count },
                                predictions: evaluations.reduce(0) { $0 + $1.predictions },
                                metrics: metrics, intervals: intervals, userEvaluations: evaluations)
    }

    /// Pooled tallies of `bootstrapSamples` resamples of users (with replacement); `combine`
    /// maps one user's tallies to the tallies to pool (e.g. a paired difference).
    func bootstrap(_ evaluations: [UserEvaluation], _ tallies: (UserEvaluation) -> [MetricTally]) -> [[MetricTally]] {
        guard bootstrapSamples > 0, !evaluations.isEmpty else { return [] }
        let perUser = evaluations.map(tallies)
        let width = perUser[0].count
        var generator = SeededGenerator(seed: bootstrapSeed)
        var result: [[MetricTally]] = []
        result.reserveCapacity(bootstrapSamples)
        for _ in 0..<bootstrapSamples {
            var pooled = [MetricTally](repeating: MetricTally(), count: width)
            for _ in 0..<perUser.count {
                let user = perUser[generator.nextInt(below: perUser.count)]
                for index in 0..<width {
                    pooled[index].sum += user[index].sum
                    pooled[index].count += user[index].count
                }
            }
            result.append(pooled)
        }
        return result
    }
}

/// Positions of the metrics in `CycleMetric.all` (the tally arrays).
enum _MetricIndex {
    static let alertAccuracy = 0, accuracy2d = 1, accuracy1d = 2, accuracy3d = 3, maeDays = 4, day1Accuracy2d = 5
    static let byCycleDay1to7 = 6, byCycleDay8to14 = 7, byCycleDay15plus = 8, ovulationAccuracy2d = 9
    static let energyAccuracy3Class = 10, energyMAE = 11, moodAccuracy3Class = 12, moodMAE = 13
    static let energySameAsToday = 14, moodSameAsToday = 15
}
