import Cycles
import BoostedTrees
import Foundation

/// Options of `GBTCyclePredictor.train`.
public struct GBTTrainingOptions: Sendable, Equatable {
    /// Boosting iterations of the period and alert models (the others use fewer, see `boosting`).
    public var trees: Int = 150
    /// Leaves per tree of the period and alert models (the others use at most as many, see `boosting`).
    public var leaves: Int = 15
    /// Seed of subsampling and of the calibration split.
    public var seed: UInt64 = 7
    /// Learning rate.
    public var learningRate: Double = 0.08
    /// Use every `dayStride`-th prediction day of each user as a training row.
    public var dayStride: Int = 1
    /// Share of training users held out to calibrate the alert offset and to early-stop.
    public var calibrationFraction: Double = 0.2
    /// Threads for histogram building.
    public var threadCount: Int = 2
    /// Train on realistic logs (`DatasetPerturbation.trainingMix`: as logged, period-only, a
    /// 30-day gap, a forgotten period, half the symptom days, users dealt in turn).
    public var augmentMissingness = true
    /// Leaf size, penalty, subsampling, early stopping and the smaller models' sizes.
    public var boosting = GBTBoostingSettings()

    /// Defaults.
    public init() {}
}

/// Rows and targets built from a dataset for the four models.
struct _GBTTrainingRows {
    var features: [Float] = []
    /// Days until the next start minus the signal-anchored remaining days (the period model's target).
    var remaining: [Float] = []
    /// Target of `GBTCyclePredictor.alertTiming` (`AlertTiming.target`).
    var alertTarget: [Float] = []
    var ovulationRows: [Int] = []
    var ovulationLabels: [Float] = []
    var energyRows: [Int] = []
    var energyLabels: [Float] = []
    var energyValues: [Double] = []
    var moodRows: [Int] = []
    var moodLabels: [Float] = []
    var moodValues: [Double] = []
    var count: Int { remaining.count }
}

extension GBTCyclePredictor {
    /// Bound of the period model's training target: a correction beyond two weeks is a forgotten
    /// period or an anovulatory cycle, which no logged signal announces; left in, such rows pull
    /// the squared-error mean of every other day late.
    static let correctionLimitDays: Float = 14

    /// Level class index (0 low, 1 medium, 2 high) of a 1–10 value (`SymptomLevel(value:)`).
    static func levelClass(_ value: Int) -> Float {
        Float(SymptomLevel.allCases.firstIndex(of: SymptomLevel(value: Double(value))) ?? 0)
    }

    /// Training rows: every `dayStride`-th day from a user's first logged start, while a later
    /// start is known (the target), with causal features.
    static func rows(from dataset: CycleDataset, dayStride: Int) -> _GBTTrainingRows {
        var rows = _GBTTrainingRows()
        let width = TabularFeatureBuilder.featureCount
        var vector = [Float](repeating: .nan, count: width)
        for history in dataset.users {
            guard history.periodStarts.count >= 2 else { continue }
            var builder = TabularFeatureBuilder(history: history)
            let truth = (dataset.truth?[history.userID] ?? []).sorted { $0.cycleStart < $1.cycleStart }
            var recordIndex = 0
            var truthIndex = -1
            var nextStartIndex = 1
            var day = history.periodStarts[0]
            var offset = 0
            let lastStart = history.periodStarts[history.periodStarts.count - 1]
            while day < lastStart {
                defer { day = day.advanced(by: 1); offset += 1 }
                while history.periodStarts[nextStartIndex] <= day { nextStartIndex += 1 }
                if offset % dayStride != 0 { continue }
                builder.features(on: day, into: &vector)
                let row = rows.count
                rows.features.append(contentsOf: vector)
                let remainingDays = day.distance(to: history.periodStarts[nextStartIndex])
                let correction = Float(remainingDays) - vector[anchorRemainingIndex]
                rows.remaining.append(min(max(correction, -correctionLimitDays), correctionLimitDays))
                rows.alertTarget.append(AlertTiming.target(daysToStart: remainingDays))
                while truthIndex + 1 < truth.count && truth[truthIndex + 1].cycleStart <= day { truthIndex += 1 }
                if truthIndex >= 0 {
                    rows.ovulationRows.append(row)
                    rows.ovulationLabels.append(truth[truthIndex].ovulationDate.map { $0 <= day ? 1 : 0 } ?? 0)
                }
                let tomorrow = day.advanced(by: 1)
                while recordIndex < history.records.count && history.records[recordIndex].date < tomorrow { recordIndex += 1 }
                if recordIndex < history.records.count && history.records[recordIndex].date == tomorrow {
                    let record = history.records[recordIndex]
                    if let energy = record.symptoms[.energy] {
                        rows.energyRows.append(row); rows.energyLabels.append(levelClass(energy)); rows.energyValues.append(Double(energy))
                    }
                    if let mood = record.symptoms[.mood] {
                        rows.moodRows.append(row); rows.moodLabels.append(levelClass(mood)); rows.moodValues.append(Double(mood))
                    }
                }
            }
        }
        return rows
    }

    /// Trains the four models on `dataset` (by user: a `calibrationFraction` of users is held
    /// out for early stopping and to calibrate the alert offset).
    /// - Parameter progress: called with a one-line status (e.g. every 25 trees).
    public static func train(on dataset: CycleDataset, options: GBTTrainingOptions = GBTTrainingOptions(),
                             progress: ((String) -> Void)? = nil) throws -> GBTCyclePredictor {
        let realistic = options.augmentMissingness ? DatasetPerturbation.trainingMix(dataset, seed: options.seed) : dataset
        let (fit, calibration) = realistic.splitByUser(testFraction: options.calibrationFraction, seed: options.seed)
        let training = rows(from: fit, dayStride: options.dayStride)
        let held = rows(from: calibration, dayStride: options.dayStride)
        guard training.count > 0 else {
            throw DatasetError.invalidValue(file: "<training data>", line: 0, column: "users", value: "\(dataset.users.count)",
                                            expected: "users with at least two logged period starts")
        }
        let width = TabularFeatureBuilder.featureCount
        let names = TabularFeatureBuilder.features.map(\.name)
        let matrix = try FeatureMatrix(values: training.features, rowCount: training.count, featureCount: width)
        let heldMatrix = try FeatureMatrix(values: held.features, rowCount: held.count, featureCount: width)

        let settings = options.boosting
        let fullSize = (trees: options.trees, leaves: options.leaves)
        func parameters(_ objective: ObjectiveKind, size: (trees: Int, leaves: Int)) -> GradientBoostingParameters {
            settings.parameters(objective, size: size, options: options, earlyStopping: held.count > 0)
        }
        func report(_ label: String) -> (GradientBoosting.Progress) -> Void {
            { step in
                if step.iteration % 25 == 0 {
                    let validation = step.validationLoss.map { String(format: ", validation loss %.4f", $0) } ?? ""
                    progress?("\(label): \(step.iteration) trees, training loss \(String(format: "%.4f", step.trainingLoss))\(validation)")
                }
            }
        }
        let remaining = try GradientBoosting.train(
            features: matrix, labels: training.remaining,
            parameters: parameters(.squaredError, size: fullSize),
            validation: held.count > 0 ? (heldMatrix, held.remaining) : nil, featureNames: names, progress: report("period"))
        let alert = try GradientBoosting.train(
            features: matrix, labels: training.alertTarget,
            parameters: parameters(.squaredError, size: fullSize),
            validation: held.count > 0 ? (heldMatrix, held.alertTarget) : nil, featureNames: names, progress: report("alert"))

        var ovulation: GradientBoostedModel?
        if !training.ovulationRows.isEmpty, Set(training.ovulationLabels).count == 2 {
            ovulation = try GradientBoosting.train(
                features: matrix.rows(training.ovulationRows), labels: training.ovulationLabels,
                parameters: parameters(.binaryLogLoss, size: settings.ovulationSize(trees: options.trees, leaves: options.leaves)),
                validation: held.ovulationRows.isEmpty ? nil : (heldMatrix.rows(held.ovulationRows), held.ovulationLabels),
                featureNames: names, progress: report("ovulation"))
        }
        func levelModel(_ rowsIndex: [Int], _ labels: [Float], _ heldRows: [Int], _ heldLabels: [Float], _ label: String) throws
            -> GradientBoostedModel? {
            guard Set(labels).count == 3 else { return nil }
            return try GradientBoosting.train(
                features: matrix.rows(rowsIndex), labels: labels,
                parameters: parameters(.multiclassSoftmax(classCount: 3), size: settings.levelSize(trees: options.trees, leaves: options.leaves)),
                validation: heldRows.isEmpty || Set(heldLabels).count < 3 ? nil : (heldMatrix.rows(heldRows), heldLabels),
                featureNames: names, progress: report(label))
        }
        let energy = try levelModel(training.energyRows, training.energyLabels, held.energyRows, held.energyLabels, "energy")
        let mood = try levelModel(training.moodRows, training.moodLabels, held.moodRows, held.moodLabels, "mood")
        func classValues(_ labels: [Float], _ values: [Double]) -> [Double] {
            (0..<3).map { k in
                let members = zip(labels, values).filter { Int($0.0) == k }.map(\.1)
                return members.isEmpty ? SymptomLevel.typicalValues[k] : members.reduce(0, +) / Double(members.count)
            }
        }
        var predictor = GBTCyclePredictor(remaining: remaining, ovulationPassed: ovulation, energyTomorrow: energy, moodTomorrow: mood,
                                          energyClassValues: classValues(training.energyLabels, training.energyValues),
                                          moodClassValues: classValues(training.moodLabels, training.moodValues))
        // Residual spread on the held-out users (the target is the correction, so residuals are
        // the same as on remaining days).
        if held.count > 0 {
            let predicted = remaining.predict(heldMatrix)
            var squared = 0.0
            for (p, y) in zip(predicted, held.remaining) { squared += (p - Double(y)) * (p - Double(y)) }
            predictor.uncertaintyDays = (squared / Double(held.count)).squareRoot()
        }
        predictor.alertTiming = alert
        if !calibration.users.isEmpty {
            // The alert model decides when to alert; the offset then moves the alerted and daily
            // forecasts. Calibrate the threshold, then the offset with that alert in place (an
            // offset calibrated without the alert model fits the period model's own alerts and
            // misplaces the learned ones: −2 d instead of 0 for the shipped model, 46.5 % instead
            // of 49.8 % alert accuracy on held-out irregular users, 62 % instead of 74 % on mixed).
            predictor.alertThreshold = try calibratedThreshold(predictor, on: calibration, progress: progress)
            predictor.remainingOffset = try calibrateOffset(predictor, on: calibration, progress: progress)
        }
        return predictor
    }

    /// `predictor`'s alert threshold calibrated on `dataset` (see `AlertTiming.calibrate`).
    static func calibratedThreshold(_ predictor: GBTCyclePredictor, on dataset: CycleDataset,
                                    progress: ((String) -> Void)?) throws -> Double {
        try AlertTiming.calibrate(on: dataset, progress: progress) { threshold in
            var candidate = predictor
            candidate.alertThreshold = threshold
            return candidate
        }.threshold
    }

    /// The offset (in days, from −2 to +3 by halves) for `dataset`: among the offsets whose alert
    /// accuracy is within one binomial standard error of the best one's (on the cycles it scored),
    /// the smallest shift, then the better daily ±2 d accuracy. A lead within the noise is no
    /// evidence for moving the forecasts: on the 12 calibration users of a 60-user training set,
    /// +1.5 d led by 2 cycles of 110; on the shipped recipe's ≈ 4,000 cycles, choosing the best ±2 d
    /// among the near-best instead moved the offset to −1.5 d and cost 1.7 points on held-out users.
    static func calibrateOffset(_ predictor: GBTCyclePredictor, on dataset: CycleDataset,
                                progress: ((String) -> Void)?) throws -> Double {
        let evaluator = CycleEvaluator(bootstrapSamples: 0)
        var candidates: [(offset: Double, alert: Double, daily: Double)] = []
        var cycles = 0
        for step in -4...6 {
            var candidate = predictor
            candidate.remainingOffset = Double(step) / 2
            let report = try evaluator.evaluate(candidate, on: dataset)
            let alert = report.alertAccuracy, daily = report.metrics[.accuracy2d] ?? 0
            progress?(String(format: "calibration: offset %+.1f d -> alert accuracy %.3f, ±2 d %.3f", candidate.remainingOffset, alert, daily))
            candidates.append((candidate.remainingOffset, alert, daily))
            cycles = max(cycles, report.cycles)
        }
        return offset(among: candidates, cycles: cycles)
    }

    /// `calibrateOffset`'s choice among measured `candidates`, their alert accuracy scored on `cycles` cycles.
    static func offset(among candidates: [(offset: Double, alert: Double, daily: Double)], cycles: Int) -> Double {
        let close = _nearBestIndices(candidates.map(\.alert), cycles: cycles).map { candidates[$0] }
        let chosen = close.min { a, b in
            abs(a.offset) != abs(b.offset) ? abs(a.offset) < abs(b.offset) : a.daily > b.daily
        }
        return chosen?.offset ?? 0
    }
}
