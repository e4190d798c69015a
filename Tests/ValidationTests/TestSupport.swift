import Cycles
import Explanations
import Foundation
import TensorCore
@testable import Validation
import CyclesLab

/// Small shared data and predictors for the validation tests (fast in debug).
enum TestSupport {
    /// 24 held-out irregular users × 8 months, generated once.
    static let dataset: CycleDataset = SyntheticCycles.generate(config: .irregular, users: 24, months: 8, seed: 99)

    static let description = ValidationReport.DataDescription(dataset: dataset, source: "generated")

    /// 12 users with regular 35–37-day cycles over a year (4-day periods, energy and mood logged
    /// daily), no truth: the calendar learns them after one cycle, a 28-day rule never does.
    static let longCycles: CycleDataset = {
        let origin = CalendarDay(year: 2025, month: 1, day: 6)!
        let users = (0..<12).map { index -> UserHistory in
            let length = 35 + index % 3
            let records = (0..<365).map { offset in
                DayRecord(date: origin.advanced(by: offset), flowIntensity: offset % length < 4 ? 3 : nil,
                          symptoms: [.energy: 1 + (offset + index) % 10, .mood: 1 + (offset * 3 + index) % 10])
            }
            return UserHistory(profile: UserProfile(id: "long\(index)", createdAt: origin), records: records)
        }
        return CycleDataset(users: users)
    }()

    static let longCyclesDescription = ValidationReport.DataDescription(dataset: longCycles, source: "generated")

    /// 24 regular users × 8 months with the built-in signal personas (seed 99): the causal oracle
    /// passes the 60 % gate on them (0.856 [0.80, 0.90]), the calendar does not (0.617 [0.51, 0.71]).
    static let regular: CycleDataset = SyntheticCycles.generate(config: .regular, users: 24, months: 8, seed: 99)

    static let regularDescription = ValidationReport.DataDescription(dataset: regular, source: "generated")

    /// The same users, every one logging every signal: the users of the scenario table.
    static let regularEverySignal: CycleDataset = SyntheticCycles.generate(config: CohortConfig.regular.loggingEverySignal(),
                                                                           users: 24, months: 8, seed: 99)

    /// The scenario cohort of `regularEverySignal`, with `idealObserver` results if given.
    static func scenarioCohort(idealObserver: IdealObserverResults? = nil, source: String = "no results file in tests") -> ScenarioCohort {
        ScenarioCohort(dataset: regularEverySignal, data: .init(dataset: regularEverySignal, source: "generated"),
                       idealObserver: idealObserver, idealObserverSource: source)
    }

    /// A fresh empty temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("odml-validation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A file of `bytes` zero bytes (sparse where the file system allows), standing in for a model file.
    static func modelFile(bytes: Int, in directory: URL, name: String = "model.odml") throws -> URL {
        let url = directory.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(bytes))
        try handle.close()
        return url
    }

    /// A validator that runs quickly: few bootstrap resamples, exactly the minimum of timed predictions.
    static func validator(gates: [GateSpecification] = GateSpecification.defaults,
                          learningCurve: (any LearningCurveSource)? = nil) -> Validator {
        Validator(gates: gates, evaluator: CycleEvaluator(bootstrapSamples: 100),
                  latency: LatencyBenchmark(predictions: Validator.minimumLatencyPredictions, warmupPredictions: 10),
                  learningCurveSource: learningCurve)
    }
}

/// Always forecasts the next period 40 days after the forecast day: never within the alert
/// horizon, so it never alerts and every cycle is a miss.
struct AlwaysWrongPredictor: CyclePredictor {
    let name = "always-wrong"

    func predictions(for history: UserHistory, on days: [CalendarDay], language: Language) throws -> [CyclePrediction] {
        days.map { CyclePrediction(asOf: $0, nextPeriodStart: $0.advanced(by: 40), nextPeriodUncertaintyDays: 1,
                                   reasoning: Reasoning(text: "toujours faux", language: language)) }
    }
}

/// Forecasts a start 1–45 days ahead drawn from a seeded generator keyed by user and day: a
/// model with random weights.
struct RandomPredictor: CyclePredictor {
    let name = "random"

    func predictions(for history: UserHistory, on days: [CalendarDay], language: Language) throws -> [CyclePrediction] {
        days.map { day in
            let userKey = history.userID.utf8.reduce(0) { $0 &* 31 &+ Int($1) }
            var generator = SeededGenerator(seed: UInt64(truncatingIfNeeded: day.daysSinceEpoch &* 1_000_003 &+ userKey))
            return CyclePrediction(asOf: day, nextPeriodStart: day.advanced(by: 1 + generator.nextInt(below: 45)),
                                   nextPeriodUncertaintyDays: 10, reasoning: Reasoning(text: "au hasard", language: language))
        }
    }
}

/// The calendar under another name: never below the calendar, never above it.
struct CalendarCopyPredictor: CyclePredictor {
    let name = "calendar-copy"

    func predictions(for history: UserHistory, on days: [CalendarDay], language: Language) throws -> [CyclePrediction] {
        try CalendarPredictor().predictions(for: history, on: days, language: language)
    }
}

/// Forecasts her last start + 28 days whatever her cycles: clearly below the calendar on long cycles.
struct FixedTwentyEightDaysPredictor: CyclePredictor {
    let name = "fixed-28"

    func predictions(for history: UserHistory, on days: [CalendarDay], language: Language) throws -> [CyclePrediction] {
        days.map { day in
            CyclePrediction(asOf: day, nextPeriodStart: (history.lastPeriodStart(onOrBefore: day) ?? day).advanced(by: 28),
                            nextPeriodUncertaintyDays: 2, reasoning: Reasoning(text: "28 jours", language: language))
        }
    }
}

/// The causal oracle under another name: a candidate that reaches the accuracy gate.
struct OracleCopyPredictor: CyclePredictor {
    let name = "oracle-copy"
    let oracle: OracleEngine

    func predictions(for history: UserHistory, on days: [CalendarDay], language: Language) throws -> [CyclePrediction] {
        try oracle.predictions(for: history, on: days, language: language)
    }
}

/// The causal oracle for a user who logs LH tests, the calendar for the others: a stand-in for a
/// model that needs LH tests to beat the calendar.
struct LHGatedOraclePredictor: CyclePredictor {
    let name = "lh-gated"
    let oracle: OracleEngine

    func predictions(for history: UserHistory, on days: [CalendarDay], language: Language) throws -> [CyclePrediction] {
        history.measurements.contains { $0.lhTest != nil }
            ? try oracle.predictions(for: history, on: days, language: language)
            : try CalendarPredictor().predictions(for: history, on: days, language: language)
    }
}

/// A learning curve with fixed points, as Personalization would report it.
struct FixedLearningCurve: LearningCurveSource {
    let fineTunedAtSixMonths: Double

    func learningCurve(pretrained: any CyclePredictor, calendar: any CyclePredictor, rules: any CyclePredictor,
                       oracle: (any CyclePredictor)?,
                       dataset: CycleDataset, months: [Int]) throws -> LearningCurveSummary {
        func point(_ value: Double) -> LearningCurveSummary.Point {
            .init(alertAccuracy: value, alertAccuracyInterval: ConfidenceInterval(low: value - 0.05, high: value + 0.05),
                  accuracy2d: value - 0.1, accuracy2dInterval: nil, users: 10, cycles: 20)
        }
        var points: [String: [Int: LearningCurveSummary.Point]] = [:]
        for month in months {
            points["calendar", default: [:]][month] = point(0.42)
            points["rules", default: [:]][month] = point(0.4)
            points["pretrained", default: [:]][month] = point(0.6)
            points["fine_tuned", default: [:]][month] = point(month == 6 ? fineTunedAtSixMonths : 0.65)
            points["oracle", default: [:]][month] = point(0.9)
        }
        return LearningCurveSummary(months: months, series: ["calendar", "rules", "pretrained", "fine_tuned", "oracle"], points: points,
                                    method: "fixed test curve")
    }
}
