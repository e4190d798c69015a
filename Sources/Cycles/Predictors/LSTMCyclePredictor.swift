import Explanations
import Foundation
import NeuralNet
import TensorCore

/// The LSTM cycle predictor (`"lstm"`): a small LSTM reads one feature vector per calendar day
/// (`DailyFeatureBuilder`) and, at the end of each day, its heads give the distribution of the
/// **correction to the signal-anchored date** — c = (days until the next start) − (the calendar's
/// remaining days anchored on the signals, `baseDays`), over −20…+40 (`Network.periodCorrections`)
/// — the probability that ovulation has passed, and tomorrow's energy and mood classes.
///
/// The period head **tilts the ovulation posterior**: its logits are added to the log-probabilities
/// the day's `OvulationPosterior` gives each correction (`periodPrior`), in training and in
/// prediction, so a network with nothing to add gives the posterior (what her LH tests,
/// temperatures, mucus and past cycles say in probabilities) and the network learns what the
/// posterior misses (her symptoms, how she logs). A user who logged no symptom in the last 28 days
/// and no temperature or mucus this cycle (`CycleDayState.givesAnchoredForecast`) gets the
/// signal-anchored date itself (`CycleDayState.anchoredNextStart`: once her signals evidence
/// ovulation, ovulation + her luteal length + 1; before, the calendar's — last start + median of
/// her last ≤ 6 cycles — pushed past a negative LH test): on real charts (Marquette, periods and
/// LH only) the network was below the calendar before the evidence and below the anchored date
/// after it.
///
/// Prediction is causal and streaming: one `LSTM.step` per day from the user's first logged
/// day, so the forecast for day `d` uses records up to `d` only. The point forecast is the
/// anchored remaining days plus the `periodQuantile` quantile of the correction (tuned on
/// validation users for the alert metric), at least 1 day ahead, then moved to the alert horizon
/// or beyond it by `AlertTiming` with the distribution's P(1 day) − P(6 days) when
/// `alertThreshold` is set; the uncertainty is half the width of its central 68 %.
public struct LSTMCyclePredictor: CyclePredictor, Sendable {
    public var name: String { ModelKind.cycleLSTM.modelName }

    /// The trained network.
    package var network: Network
    /// Per-feature mean subtracted before the network (`featureCount` values).
    package var featureMean: [Float]
    /// Per-feature scale divided by before the network (`featureCount` values, > 0).
    package var featureScale: [Float]
    /// Quantile of the correction distribution added to the calendar's remaining days.
    package var periodQuantile: Double
    /// Threshold of the `AlertTiming` decision, calibrated at training time (`nil`: the quantile
    /// alone decides when the forecast enters the alert horizon).
    package var alertThreshold: Double?
    /// Validation metrics recorded at training time (written to the model file).
    package var metrics: [String: Double]
    /// Free-form training settings (written to the model file).
    package var properties: [String: String]

    /// Feature names, groups and phrases, in input order.
    package static var features: [CycleFeature] { DailyFeatureBuilder.features }

    /// A predictor from its parts.
    /// - Throws: `NeuralNetError.shapeMismatch` if the normalisation does not match the network's input.
    package init(network: Network, featureMean: [Float], featureScale: [Float], periodQuantile: Double = 0.5,
                alertThreshold: Double? = nil, metrics: [String: Double] = [:], properties: [String: String] = [:]) throws {
        let count = network.lstm.inputSize
        guard count == DailyFeatureBuilder.featureCount, featureMean.count == count, featureScale.count == count else {
            throw NeuralNetError.shapeMismatch(operation: "LSTMCyclePredictor (feature normalisation)",
                                               expected: [DailyFeatureBuilder.featureCount], found: [count, featureMean.count, featureScale.count])
        }
        self.network = network
        self.featureMean = featureMean
        self.featureScale = featureScale
        self.periodQuantile = periodQuantile
        self.alertThreshold = alertThreshold
        self.metrics = metrics
        self.properties = properties
    }

    public func predictions(for history: UserHistory, on days: [CalendarDay], language: Language) throws -> [CyclePrediction] {
        guard let lastDay = days.last else { return [] }
        var results: [CyclePrediction] = []
        results.reserveCapacity(days.count)
        let runner = DailyRunner(predictor: self, profile: history.profile)
        var cursor = _HistoryCursor(history)
        var dayIndex = 0
        let first = min(history.records.first?.date ?? days[0], days[0])
        var day = first
        while day <= lastDay {
            let logged = cursor.take(on: day)
            runner.advance(to: day, record: logged.record, measurements: logged.measurements)
            while dayIndex < days.count, days[dayIndex] == day {
                results.append(try runner.prediction(on: day, state: runner.builder.state, posterior: runner.builder.posterior,
                                                     language: language))
                dayIndex += 1
            }
            day = day.advanced(by: 1)
        }
        return results
    }
}

extension LSTMCyclePredictor {
    /// One user's streaming inference state: features, LSTM `(h, c)` and head outputs live in
    /// buffers allocated once; `advance(to:record:)` allocates nothing. (A class, so that its
    /// buffers can be written while other stored properties are read.)
    final class DailyRunner {
        let predictor: LSTMCyclePredictor
        var builder: DailyFeatureBuilder
        var state: LSTM.StreamingState
        var features: [Float]
        var periodLogits: [Float]
        var ovulationLogit: [Float] = [0]
        var energyLogits: [Float]
        var moodLogits: [Float]
        /// The last plain sentence (it changes with the forecast date and the cycle day only).
        var sentences = _ReasoningCache<[Int]>()
        /// The last period-history sentence (`CycleDayState.completing`).
        var historySentences = _ReasoningCache<[Int]>()

        /// A runner for the woman `profile` describes (her cycle-length prior and age); without
        /// one it reads prepared feature rows only (`advance(rows:row:)`).
        init(predictor: LSTMCyclePredictor, profile: UserProfile? = nil) {
            self.predictor = predictor
            builder = profile.map(DailyFeatureBuilder.init(profile:)) ?? DailyFeatureBuilder()
            state = LSTM.StreamingState(for: predictor.network.lstm)
            features = [Float](repeating: 0, count: DailyFeatureBuilder.featureCount)
            periodLogits = [Float](repeating: 0, count: Network.periodClassCount)
            energyLogits = [Float](repeating: 0, count: Network.levelClassCount)
            moodLogits = energyLogits
        }

        /// Feeds one day and runs the network and every head.
        func advance(to day: CalendarDay, record: DayRecord?, measurements: DayMeasurements?) {
            features.withUnsafeMutableBufferPointer {
                builder.advance(to: day, record: record, measurements: measurements, into: $0.baseAddress!)
            }
            step()
        }

        /// Feeds row `row` of raw daily features `rows` and runs the network, and every head when
        /// `runsHeads` (a forecast reads the heads of its last day only).
        func advance(rows: [Float], row: Int, runsHeads: Bool = true) {
            let count = features.count
            features.withUnsafeMutableBufferPointer { x in
                rows.withUnsafeBufferPointer { x.baseAddress!.update(from: $0.baseAddress! + row * count, count: count) }
            }
            step(runsHeads: runsHeads)
        }

        /// Normalises `features` (raw), then runs one LSTM step, and every head when `runsHeads`.
        private func step(runsHeads: Bool = true) {
            let network = predictor.network
            features.withUnsafeMutableBufferPointer { x in
                for index in x.indices { x[index] = (x[index] - predictor.featureMean[index]) / predictor.featureScale[index] }
                network.lstm.step(x.baseAddress!, state: &state)
            }
            guard runsHeads else { return }
            state.withOutput { hidden in
                let h = hidden.baseAddress!
                periodLogits.withUnsafeMutableBufferPointer { network.period.apply(input: h, rows: 1, output: $0.baseAddress!) }
                ovulationLogit.withUnsafeMutableBufferPointer { network.ovulation.apply(input: h, rows: 1, output: $0.baseAddress!) }
                energyLogits.withUnsafeMutableBufferPointer { network.energy.apply(input: h, rows: 1, output: $0.baseAddress!) }
                moodLogits.withUnsafeMutableBufferPointer { network.mood.apply(input: h, rows: 1, output: $0.baseAddress!) }
            }
        }

        /// The forecast from the current head outputs, with her state and ovulation posterior at
        /// the end of `day`.
        func prediction(on day: CalendarDay, state known: CycleDayState, posterior: OvulationPosterior?,
                        language: Language) throws -> CyclePrediction {
            let base = LSTMCyclePredictor.baseDays(known)
            let prior = LSTMCyclePredictor.periodPrior(posterior, baseDays: base)
            let distribution = Softmax.probabilities(zip(periodLogits, prior).map(+))
            let lowest = Network.periodCorrections.lowerBound
            var point = max(1, base + lowest + _lstmQuantile(distribution, predictor.periodQuantile))
            if known.givesAnchoredForecast, let today = known.today, let anchored = known.anchoredNextStart {
                // No symptom in the window, no temperature or mucus this cycle: the signal-anchored
                // date itself, by design (as the GBT).
                point = today.distance(to: anchored)
            } else if let threshold = predictor.alertThreshold {
                // P(start in d days) is the mass of the correction d − base.
                func probability(days: Int) -> Double {
                    let index = days - base - lowest
                    return distribution.indices.contains(index) ? Double(distribution[index]) : 0
                }
                let score = probability(days: 1) - probability(days: AlertPolicy.windowDays + 1)
                point = AlertTiming.forecastDays(point, score: score, threshold: threshold)
            }
            let spread = Double(_lstmQuantile(distribution, 0.84) - _lstmQuantile(distribution, 0.16)) / 2
            let nextStart = day.advanced(by: point)
            var passed = Double(_LSTMLogistic.sigmoid(ovulationLogit[0]))
            let signals = known.signals
            let toStart = -(signals.lutealLength + 1)
            var ovulationDate = passed >= 0.5
                ? min(day, nextStart.advanced(by: toStart))
                : max(day.advanced(by: 1), nextStart.advanced(by: toStart))
            if let evidence = signals.evidence {
                // Her signals evidenced it (`CycleSignalState`).
                ovulationDate = evidence.ovulation
                passed = evidence.ovulation <= day ? 1 : passed
            }
            let energy = LSTMCyclePredictor.levelForecast(Softmax.probabilities(energyLogits))
            let mood = LSTMCyclePredictor.levelForecast(Softmax.probabilities(moodLogits))
            let uncertainty = max(spread, 0.5), cycleDay = known.cycle.cycleDay, length = known.cycle.calendarCycleLength
            let key = [nextStart.daysSinceEpoch, Int(uncertainty.rounded()), cycleDay ?? -1, length]
            let reasoning = try sentences.reasoning(for: key) {
                try LSTMCyclePredictor.reasoning(nextStart: nextStart, uncertainty: uncertainty, cycleDay: cycleDay,
                                                 calendarCycleLength: length, language: language)
            }
            let forecast = CyclePrediction(asOf: day, nextPeriodStart: nextStart, nextPeriodUncertaintyDays: max(spread, 0.5),
                                           ovulation: OvulationEstimate(date: ovulationDate, passedProbability: passed),
                                           energyTomorrow: energy, moodTomorrow: mood, reasoning: reasoning)
            // Its own distribution of the start: P(start in d days) is the mass of the correction d − base.
            let ahead = (1...max(1, base + Network.periodCorrections.upperBound)).map { days -> Double in
                let index = days - base - lowest
                return distribution.indices.contains(index) ? Double(distribution[index]) : 0
            }
            return try known.completing(forecast, distribution: NextStartDistribution(asOf: day, weights: ahead),
                                        language: language, historySentences: &historySentences)
        }
    }

    /// The days ahead the period head's correction is added to: the signal-anchored remaining
    /// days (`CycleDayState.anchoredDaysRemaining`: LH evidence + her luteal length, else the
    /// calendar's), held at 1 (tomorrow) once that date has passed. The same in training targets
    /// and in prediction. (Temperatures and mucus reach the head through `periodPrior`; a base at
    /// the posterior's median put tomorrow outside the corrections whenever the chance of a cycle
    /// without ovulation kept that median weeks away.)
    package static func baseDays(_ state: CycleDayState) -> Int {
        max(1, state.anchoredDaysRemaining)
    }

    /// The period prior of `state`'s day (`periodPrior(_:baseDays:)` with `baseDays`).
    static func periodPrior(of state: CycleDayState) -> [Float] {
        periodPrior(state.ovulationPosterior, baseDays: baseDays(state))
    }

    /// Smallest probability the period prior gives a correction, so that the network can still
    /// overrule a posterior that rules a day out.
    static let periodPriorFloor: Float = 1e-3

    /// The period head's prior, added to its logits: log P(correction class) under the ovulation
    /// `posterior` (its start probabilities moved by `base` days, the mass beyond either end of
    /// `Network.periodCorrections` on that end's class, floored at `periodPriorFloor`), so that a
    /// network with nothing to add gives the posterior; zeros (no prior) without a posterior.
    package static func periodPrior(_ posterior: OvulationPosterior?, baseDays base: Int) -> [Float] {
        var prior = [Float](repeating: 0, count: Network.periodClassCount)
        guard let probabilities = posterior?.startProbabilities else { return prior }
        let lowest = Network.periodCorrections.lowerBound
        var mass = [Double](repeating: 0, count: prior.count)
        for (index, probability) in probabilities.enumerated() {
            let correction = index + 1 - base
            mass[min(max(correction - lowest, 0), prior.count - 1)] += probability
        }
        for index in prior.indices { prior[index] = Foundation.log(max(Float(mass[index]), periodPriorFloor)) }
        return prior
    }

    static func levelForecast(_ probabilities: [Float]) -> LevelForecast {
        var best = 0
        for index in probabilities.indices where probabilities[index] > probabilities[best] { best = index }
        let value = zip(probabilities, SymptomLevel.typicalValues).reduce(0.0) { $0 + Double($1.0) * $1.1 }
        return LevelForecast(value: value, level: SymptomLevel.allCases[best])
    }
}

/// Smallest class `k` whose cumulative probability reaches `q`.
package func _lstmQuantile(_ distribution: [Float], _ q: Double) -> Int {
    var cumulative: Double = 0
    for (index, probability) in distribution.enumerated() {
        cumulative += Double(probability)
        if cumulative >= q { return index }
    }
    return distribution.count - 1
}

/// Stable logistic function for the ovulation head.
enum _LSTMLogistic {
    static func sigmoid(_ x: Float) -> Float { x >= 0 ? 1 / (1 + Foundation.exp(-x)) : Foundation.exp(x) / (1 + Foundation.exp(x)) }
}

extension LSTMCyclePredictor {
    /// A plain sentence stating the forecast, its spread and the inputs it rests on most visibly
    /// (cycle day and the calendar's cycle length, the median of her recent cycles), through the
    /// cycle phrase book: "Règles prévues le 14 mars (±2 j) : J12 du cycle, cycle médian 29 j".
    /// Attribution-based reasons (Integrated Gradients) come from `explainedPrediction`; this
    /// sentence claims no contributions, so `factors` stays empty.
    static func reasoning(nextStart: CalendarDay, uncertainty: Double, cycleDay: Int?, calendarCycleLength: Int,
                          language: Language) throws -> Reasoning {
        let facts: [StatedFact] = cycleDay.map { [.cycleDay($0), .calendarLength(calendarCycleLength)] } ?? []
        return try CyclePhrases.periodStatement(nextStart, facts: facts, uncertaintyDays: uncertainty, language: language)
    }
}
