import Personalization
import CyclesLab
import Cycles
import Foundation
import TensorCore

/// The learning curve of personalisation: for held-out users, how the calendar (the floor), rules,
/// the pre-trained model, the fine-tuned model and the causal oracle predict her *next* cycles
/// after 1, 3, 6, 12 months of personal history.
///
/// For each user and month `m`, the cut-off is the end of her `m`-th month of data (counted from
/// her first logged day). The personal model is fine-tuned (under the guardrail) on data up to
/// the cut-off only, then every model forecasts day by day on the next `evaluationCycles` cycles
/// that start strictly after the cut-off (their forecasts use the data logged up to each day, as
/// in the app; model parameters never see anything after the cut-off). Simulated feedback: her
/// verdict on each past alert of the pre-trained model, known when that period started.
public struct LearningCurve: Sendable {
    /// What to compute.
    public struct Configuration: Sendable, Equatable {
        /// Months of personal history at which to fine-tune and evaluate.
        public var months: [Int]
        /// Days per month for the cut-off.
        public var daysPerMonth: Double
        /// Cycles evaluated after each cut-off.
        public var evaluationCycles: Int
        /// Bootstrap resamples of users for the 95 % intervals.
        public var bootstrapSamples: Int
        /// Seed of the bootstrap.
        public var seed: UInt64
        /// Whether the fine-tuner gets her simulated feedback on past alerts.
        public var simulatedFeedback: Bool

        public init(months: [Int] = [1, 3, 6, 12], daysPerMonth: Double = 30.4375, evaluationCycles: Int = 2,
                    bootstrapSamples: Int = 1000, seed: UInt64 = 7, simulatedFeedback: Bool = true) {
            self.months = months
            self.daysPerMonth = daysPerMonth
            self.evaluationCycles = evaluationCycles
            self.bootstrapSamples = bootstrapSamples
            self.seed = seed
            self.simulatedFeedback = simulatedFeedback
        }
    }

    /// The models compared.
    public struct Models: Sendable {
        /// The calendar (`CalendarPredictor`), the floor every model must reach.
        public var calendar: any CyclePredictor
        /// The rule engine.
        public var rules: any CyclePredictor
        /// The population model, also the starting point of fine-tuning.
        public var pretrained: any CyclePredictor
        /// The causal oracle, when the data has a truth file.
        public var oracle: (any CyclePredictor)?
        /// Fine-tuning strategy and guardrail.
        public var personalizer: Personalizer

        /// Creates the models; the calendar is `CalendarPredictor()` unless given.
        public init(calendar: any CyclePredictor = CalendarPredictor(), rules: any CyclePredictor, pretrained: any CyclePredictor,
                    oracle: (any CyclePredictor)?, personalizer: Personalizer) {
            self.calendar = calendar
            self.rules = rules
            self.pretrained = pretrained
            self.oracle = oracle
            self.personalizer = personalizer
        }
    }

    /// The series names, in report order.
    public static let seriesNames = ["calendar", "rules", "pretrained", "fine_tuned", "oracle"]

    /// What one user contributed at one month: the cut-off, the days evaluated, each model's outcomes.
    public struct UserMonth: Sendable {
        public var userID: String
        public var month: Int
        /// Last day of data the fine-tuner saw.
        public var cutoff: CalendarDay
        /// Every forecast day evaluated (all strictly after `cutoff`).
        public var evaluationDays: [CalendarDay]
        /// Outcomes per series name.
        public var outcomes: [String: [CycleForecastScore]]
        /// Whether the guardrail kept the personal model.
        public var kept: Bool
        /// The guardrail's log line.
        public var reason: String
    }

    public var configuration: Configuration
    public var models: Models

    public init(models: Models, configuration: Configuration = Configuration()) {
        self.models = models
        self.configuration = configuration
    }

    /// The cut-off after `month` months for a user whose first logged day is `firstDay`.
    public func cutoff(month: Int, firstDay: CalendarDay) -> CalendarDay {
        firstDay.advanced(by: Int((Double(month) * configuration.daysPerMonth).rounded()) - 1)
    }

    /// Evaluates one user at every month. Months without enough later cycles are left out.
    public func evaluate(_ history: UserHistory) throws -> [UserMonth] {
        guard let firstDay = history.records.first?.date, let lastStart = history.periodStarts.last,
              let firstStart = history.periodStarts.first else { return [] }
        let days = Array(firstStart..<lastStart)
        let calendar = try PrecomputedPredictor(models.calendar, history: history, days: days)
        let rules = try PrecomputedPredictor(models.rules, history: history, days: days)
        let pretrained = try PrecomputedPredictor(models.pretrained, history: history, days: days)
        let oracle = try models.oracle.map { try PrecomputedPredictor($0, history: history, days: days) }
        let signals = configuration.simulatedFeedback ? try Self.alertFeedback(pretrained, history: history) : []
        var results: [UserMonth] = []
        for month in configuration.months {
            let cutoff = cutoff(month: month, firstDay: firstDay)
            let starts = history.periodStarts.filter { $0 > cutoff }
            guard starts.count > configuration.evaluationCycles else { continue }
            let outcome = try models.personalizer.personalize(pretrained, history: history, cutoff: cutoff, signals: signals)
            var series: [(String, any CyclePredictor)] = [("calendar", calendar), ("rules", rules), ("pretrained", pretrained), ("fine_tuned", outcome.model)]
            if let oracle { series.append(("oracle", oracle)) }
            var outcomes: [String: [CycleForecastScore]] = [:]
            for (name, predictor) in series {
                outcomes[name] = try (0..<configuration.evaluationCycles).map {
                    try CycleForecastScore.scoring(predictor, history: history, cycleStart: starts[$0], nextStart: starts[$0 + 1])
                }
            }
            let evaluationDays = Array(starts[0]..<starts[configuration.evaluationCycles])
            results.append(UserMonth(userID: history.userID, month: month, cutoff: cutoff, evaluationDays: evaluationDays,
                                     outcomes: outcomes, kept: outcome.kept, reason: outcome.reason))
        }
        return results
    }

    /// Her verdict on each past alert of `predictor`: accurate when it was a hit, known on the day
    /// the period actually started.
    public static func alertFeedback(_ predictor: any CyclePredictor, history: UserHistory) throws -> [FeedbackSignal] {
        let starts = history.periodStarts
        return try starts.indices.dropLast().compactMap { index in
            let outcome = try CycleForecastScore.scoring(predictor, history: history, cycleStart: starts[index], nextStart: starts[index + 1])
            guard let alertDay = outcome.alertDay else { return nil }
            return FeedbackSignal(day: alertDay, knownOn: starts[index + 1], isAccurate: outcome.alertHit, source: .prediction)
        }
    }

    /// Evaluates every user (in parallel, merged in input order) and aggregates; `progress` is
    /// called with the number of users done so far.
    public func compute(_ histories: [UserHistory], progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> LearningCurveResult {
        let results = _ResultBox(count: histories.count)
        DispatchQueue.concurrentPerform(iterations: histories.count) { index in
            let result = Result { try evaluate(histories[index]) }
            let done = results.set(index, result)
            progress?(done, histories.count)
        }
        var records: [UserMonth] = []
        for result in results.values { records += try result.get() }
        return LearningCurveResult(records: records, configuration: configuration,
                                   series: Self.seriesNames.filter { $0 != "oracle" || models.oracle != nil })
    }
}

/// Slots for results written from several threads.
final class _ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<[LearningCurve.UserMonth], any Error>?]
    private var done = 0

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// Stores a result and returns how many are stored.
    func set(_ index: Int, _ result: Result<[LearningCurve.UserMonth], any Error>) -> Int {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = result
        done += 1
        return done
    }

    var values: [Result<[LearningCurve.UserMonth], any Error>] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
