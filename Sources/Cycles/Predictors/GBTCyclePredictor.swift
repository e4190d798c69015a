import BoostedTrees
import Explanations
import Foundation

/// The boosted-trees cycle predictor (`"gbt"`): gradient-boosted trees on the tabular features
/// of `TabularFeatureBuilder`, one model per target:
/// - `remaining`: the correction to the signal-anchored date — days until the next period start
///   minus `remaining_by_anchor` (`CycleDayState.anchoredNextStart`: once her fertility signals
///   evidence ovulation, ovulation + her luteal length + 1; before, the calendar's date — last
///   start + median of her last ≤ 6 cycles, `CycleState` — pushed past a negative LH test). The
///   forecast is the anchor plus this correction, so a model that learned nothing gets the
///   calendar's date when no signal was logged. A user who logged no symptom in the last 28 days
///   and no temperature or mucus reading this cycle (`CycleDayState.givesAnchoredForecast`)
///   gets the anchored date itself — the calendar's (`CalendarPredictor`) until her signals
///   evidence ovulation: on real charts (Marquette, periods and LH only) the trees were below the
///   calendar before the evidence (day-1 accuracy 0.557 vs 0.677) and below the anchor after it;
/// - `ovulationPassed`: whether ovulation has happened this cycle (binary, from the generator's truth);
/// - `energyTomorrow`, `moodTomorrow`: tomorrow's level, low 1–3 / medium 4–7 / high 8–10 (3 classes);
/// - `alertTiming`: P(next start in 1 day) − P(next start in `AlertPolicy.windowDays + 1` days), learnt
///   as the regression of 1[start in 1 day] − 1[start in 6 days] (squared error: its prediction
///   is that difference of probabilities, with one tree ensemble instead of a class per day).
///
/// The alert decision follows `AlertTiming` with the `alertTiming` score.
public struct GBTCyclePredictor: CyclePredictor {
    /// `"gbt"`.
    public var name: String { ModelKind.cycleGBT.modelName }
    /// Correction to the calendar's remaining days (see the type's documentation).
    package var remaining: GradientBoostedModel
    /// Ovulation-passed model (absent when trained on data without truth).
    package var ovulationPassed: GradientBoostedModel?
    /// Tomorrow's energy level model.
    package var energyTomorrow: GradientBoostedModel?
    /// Tomorrow's mood level model.
    package var moodTomorrow: GradientBoostedModel?
    /// Alert-timing score model (see the type's documentation).
    package var alertTiming: GradientBoostedModel?
    /// Value of P(start in 1 day) − P(start in `AlertPolicy.windowDays + 1` days) from which the
    /// forecast enters the alert horizon.
    package var alertThreshold: Double
    /// Days added to the predicted remaining days before rounding (calibrated for alert accuracy).
    package var remainingOffset: Double
    /// Forecast uncertainty in days (training residual spread).
    package var uncertaintyDays: Double
    /// Mean 1–10 value of each class (low, medium, high) for energy and mood, from training data.
    package var energyClassValues: [Double]
    /// See `energyClassValues`.
    package var moodClassValues: [Double]

    /// Assembles a predictor from trained parts.
    package init(remaining: GradientBoostedModel, ovulationPassed: GradientBoostedModel? = nil,
                energyTomorrow: GradientBoostedModel? = nil, moodTomorrow: GradientBoostedModel? = nil,
                alertTiming: GradientBoostedModel? = nil, alertThreshold: Double = 0,
                remainingOffset: Double = 0, uncertaintyDays: Double = 3,
                energyClassValues: [Double] = SymptomLevel.typicalValues, moodClassValues: [Double] = SymptomLevel.typicalValues) {
        self.remaining = remaining
        self.ovulationPassed = ovulationPassed
        self.energyTomorrow = energyTomorrow
        self.moodTomorrow = moodTomorrow
        self.alertTiming = alertTiming
        self.alertThreshold = alertThreshold
        self.remainingOffset = remainingOffset
        self.uncertaintyDays = uncertaintyDays
        self.energyClassValues = energyClassValues
        self.moodClassValues = moodClassValues
    }


    /// Feature names, groups and phrases, in vector order.
    package static var features: [CycleFeature] { TabularFeatureBuilder.features }

    public func predictions(for history: UserHistory, on days: [CalendarDay], language: Language) throws -> [CyclePrediction] {
        var replay = CycleDayState.Replay(history)
        var row = [Float](repeating: .nan, count: TabularFeatureBuilder.featureCount)
        var sentences = _ReasoningCache<[Double]>(), historySentences = _ReasoningCache<[Int]>()
        var result: [CyclePrediction] = []
        result.reserveCapacity(days.count)
        for day in days {
            let state = replay.advance(through: day)
            TabularFeatureBuilder.features(of: state, into: &row)
            result.append(try state.completing(prediction(features: row, day: day, language: language, sentences: &sentences),
                                               language: language, historySentences: &historySentences))
        }
        return result
    }

    /// Predicted days until the next start: the signal-anchored remaining days plus the learned
    /// correction (before the alert offset). Before her first logged start, when the calendar has
    /// no date, half the population cycle length.
    package func predictedRemainingDays(features row: [Float]) -> Double {
        let anchor = row[GBTCyclePredictor.anchorRemainingIndex]
        guard !anchor.isNaN else { return Double(CycleState.populationCycleLength / 2) }
        var output = [0.0]
        row.withUnsafeBufferPointer { r in output.withUnsafeMutableBufferPointer { remaining.predict(row: r, into: $0) } }
        return Double(anchor) + output[0]
    }

    /// Position of `remaining_by_calendar` in the feature vector.
    package static let calendarRemainingIndex = index(of: "remaining_by_calendar")
    /// Position of `remaining_by_anchor` in the feature vector.
    package static let anchorRemainingIndex = index(of: "remaining_by_anchor")

    /// `true` when the row's day gives the signal-anchored date itself: no symptom logged in the
    /// last 28 days and no temperature or mucus reading this cycle (the row's reading of
    /// `CycleDayState.givesAnchoredForecast`; see the type's documentation).
    static func fallsBackToAnchor(_ row: [Float]) -> Bool {
        row[symptomDaysIndex] == 0 && row[temperatureDaysIndex] == 0 && row[mucusDaysIndex] == 0
            && !row[anchorRemainingIndex].isNaN
    }

    /// Position of `symptom_days_28d` in the feature vector.
    static let symptomDaysIndex = index(of: "symptom_days_28d")
    /// Position of `temperature_days_this_cycle` in the feature vector.
    static let temperatureDaysIndex = index(of: "temperature_days_this_cycle")
    /// Position of `mucus_days_this_cycle` in the feature vector.
    static let mucusDaysIndex = index(of: "mucus_days_this_cycle")
    /// Position of `days_since_ovary_pain` in the feature vector.
    static let daysSincePainIndex = index(of: "days_since_ovary_pain")
    /// Position of `days_since_evidenced_ovulation` in the feature vector.
    static let daysSinceEvidenceIndex = index(of: "days_since_evidenced_ovulation")
    /// Position of `luteal_estimate` in the feature vector.
    static let lutealEstimateIndex = index(of: "luteal_estimate")

    /// The forecast of `day` from its feature row; its plain sentence (the date, the spread and
    /// how it was estimated) is rebuilt only when the date or the spread shown changes (`sentences`).
    func prediction(features row: [Float], day: CalendarDay, language: Language,
                    sentences: inout _ReasoningCache<[Double]>) throws -> CyclePrediction {
        let remainingDays = predictedRemainingDays(features: row)
        let days = GBTCyclePredictor.fallsBackToAnchor(row) ? Int(row[GBTCyclePredictor.anchorRemainingIndex])
                                                               : forecastDays(remaining: remainingDays, features: row)
        let start = day.advanced(by: days)
        var ovulation: OvulationEstimate?
        if let ovulationPassed {
            var probability = ovulationPassed.predict(row)[0]
            let sincePain = row[GBTCyclePredictor.daysSincePainIndex]
            let sinceEvidence = row[GBTCyclePredictor.daysSinceEvidenceIndex]
            let luteal = row[GBTCyclePredictor.lutealEstimateIndex]
            let date: CalendarDay
            if !sinceEvidence.isNaN {
                // Her signals evidenced it (`CycleSignalState`).
                date = day.advanced(by: -Int(sinceEvidence))
                probability = sinceEvidence >= 0 ? 1 : probability
            } else if !sincePain.isNaN {
                date = day.advanced(by: -Int(sincePain))
            } else {
                date = start.advanced(by: -Int((luteal.isNaN ? Double(AlertPolicy.ovulationToStartPriorDays) : Double(luteal)).rounded()))
            }
            ovulation = OvulationEstimate(date: date, passedProbability: probability)
        }
        func level(_ model: GradientBoostedModel?, _ values: [Double]) -> LevelForecast? {
            guard let model else { return nil }
            let probabilities = model.predict(row)
            let best = probabilities.indices.max { probabilities[$0] < probabilities[$1] }!
            let value = zip(probabilities, values).reduce(0) { $0 + $1.0 * $1.1 }
            return LevelForecast(value: value, level: SymptomLevel.allCases[best])
        }
        let uncertainty = uncertaintyDays
        let reasoning = try sentences.reasoning(for: [Double(start.daysSinceEpoch), uncertainty.rounded()]) {
            try CyclePhrases.periodStatement(start, facts: [.boostedTreesMethod], uncertaintyDays: uncertainty, language: language)
        }
        return CyclePrediction(asOf: day, nextPeriodStart: start, nextPeriodUncertaintyDays: uncertaintyDays,
                               ovulation: ovulation, energyTomorrow: level(energyTomorrow, energyClassValues),
                               moodTomorrow: level(moodTomorrow, moodClassValues), reasoning: reasoning)
    }

    /// Days from today to the forecast start for `remaining` days (e.g. the population's
    /// prediction plus a personal correction) on the day described by `row`: adds the calibrated
    /// offset and applies the alert decision of `alertTiming`.
    package func forecastDays(remaining: Double, features row: [Float]) -> Int {
        forecastDays(remaining: remaining, alertScore: alertTiming.map { $0.predict(row)[0] })
    }

    /// Days from today to the forecast start: the calibrated remaining days, held beyond the
    /// alert horizon until the alert score reaches `alertThreshold` and brought within it
    /// once it does.
    func forecastDays(remaining: Double, alertScore: Double?) -> Int {
        let days = max(1, Int((remaining + remainingOffset).rounded()))
        guard let alertScore else { return days }
        return AlertTiming.forecastDays(days, score: alertScore, threshold: alertThreshold)
    }

    /// Index of a feature by name (the feature list is fixed): read once, into the static positions above.
    static func index(of name: String) -> Int {
        TabularFeatureBuilder.features.firstIndex { $0.name == name }!
    }
}
