import Cycles
import Explanations
import TensorCore
import CyclesLab

/// Times single predictions exactly as `odml predict` makes them: one user's history as of
/// today, one forecast for today with its sentences. (The app's daily forecast on her database
/// starts from her kept day instead of her whole history; `odml-bench dailypath` times it.) For a model that attributes
/// its forecast (`ForecastAttributing`: the boosted trees, the LSTM) that is the explained path,
/// `explainedPrediction` — the day's features built once, the model, the attributions
/// (TreeSHAP or Integrated Gradients) of the period, energy and mood forecasts, and their
/// sentences; for the calendar, the rules and the references, their forecast with its stated
/// sentence. On the calling thread with one BLAS thread, after a warm-up.
public struct LatencyBenchmark: Sendable {
    /// Timed predictions (the gates ask for at least 1,000).
    public var predictions: Int
    /// Untimed predictions first.
    public var warmupPredictions: Int
    /// Seed of the (user, day) draws.
    public var seed: UInt64
    /// The sentences' language.
    public var language: Language

    /// Creates a benchmark.
    public init(predictions: Int = 1_000, warmupPredictions: Int = 100, seed: UInt64 = 11, language: Language = .fr) {
        self.predictions = predictions
        self.warmupPredictions = warmupPredictions
        self.seed = seed
        self.language = language
    }

    /// The (history as of the day, day) pairs timed: users and days drawn uniformly with the
    /// seed among prediction days; the same for every model.
    public func cases(from dataset: CycleDataset) -> [(history: UserHistory, day: CalendarDay)] {
        let users = dataset.users.filter { !CycleEvaluator.predictionDays(for: $0).isEmpty }
        guard !users.isEmpty else { return [] }
        var generator = SeededGenerator(seed: seed)
        return (0..<(predictions + warmupPredictions)).map { _ in
            let user = users[generator.nextInt(below: users.count)]
            let days = CycleEvaluator.predictionDays(for: user)
            let day = days[generator.nextInt(below: days.count)]
            return (user.truncated(through: day), day)
        }
    }

    /// Times `predictor` on `cases` (the first `warmupPredictions` untimed): the explained path
    /// for a `ForecastAttributing` model, the plain forecast otherwise (see the type's documentation).
    public func measure(_ predictor: some CyclePredictor, cases: [(history: UserHistory, day: CalendarDay)]) throws -> LatencyProfile {
        let generator = try CyclePhrases.shared
        let attributing = predictor as? any PreparedDayForecasting
        let savedThreads = BLAS.threadCount
        BLAS.threadCount = 1
        defer { BLAS.threadCount = savedThreads }
        let clock = ContinuousClock()
        var times: [Double] = []
        times.reserveCapacity(cases.count)
        for (index, item) in cases.enumerated() {
            let start = clock.now
            let forecast = try attributing.map {
                try $0.explainedPrediction(for: item.history, on: item.day, language: language, generator: generator).prediction
            } ?? predictor.prediction(for: item.history, on: item.day, language: language)
            let elapsed = start.duration(to: clock.now)
            withExtendedLifetime(forecast) {}
            if index >= warmupPredictions {
                let (seconds, attoseconds) = elapsed.components
                times.append(Double(seconds) * 1e6 + Double(attoseconds) / 1e12)
            }
        }
        return LatencyProfile(microseconds: times, warmupPredictions: min(warmupPredictions, cases.count), threads: 1)
    }

    /// How a profile measured by `measure` was obtained, for reports (`MeasuredValue.method`).
    public func method(of profile: LatencyProfile, model name: String) -> String {
        "\(profile.count) single predictions of \(name) as odml predict makes them (features + model + attribution + "
            + "reasoning for a model that attributes its forecast; forecast + stated sentence for the calendar and rules), "
            + "one thread, BLAS threads 1, after \(profile.warmupPredictions) warm-up predictions; nearest-rank percentiles"
    }
}
