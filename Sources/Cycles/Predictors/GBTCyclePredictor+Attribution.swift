import BoostedTrees
import Explanations
import Foundation
import TensorCore

extension GBTCyclePredictor: PreparedDayForecasting {
    public func periodAttribution(for history: UserHistory, on day: CalendarDay) throws -> Attribution {
        try preparedPeriodAttribution(for: history, on: day)
    }

    public func levelAttribution(_ symptom: SymptomType, for history: UserHistory, on day: CalendarDay) throws -> Attribution? {
        try preparedLevelAttribution(symptom, for: history, on: day)
    }

    public func explainedPrediction(for history: UserHistory, on day: CalendarDay,
                                    language: Language) throws -> (prediction: CyclePrediction, attribution: Attribution) {
        try explainedPrediction(for: history, on: day, language: language, generator: CyclePhrases.shared)
    }

    /// Her state at the end of `day` and its one feature row (`TabularFeatureBuilder`).
    package func preparedDay(for history: UserHistory, on day: CalendarDay) -> PreparedCycleDay {
        let state = CycleDayState(history: history, through: day)
        var row = [Float]()
        TabularFeatureBuilder.features(of: state, into: &row)
        return PreparedCycleDay(day: day, state: state, layout: TabularFeatureBuilder.version, rows: row, rowCount: 1)
    }

    /// `false`: the trees read one row, projected from the day's state.
    package var readsDailyRows: Bool { false }

    package func preparedDay(from kept: KeptCycleDay) throws -> PreparedCycleDay {
        let (day, state) = try dayState(of: kept)
        var row = [Float]()
        TabularFeatureBuilder.features(of: state, into: &row)
        return PreparedCycleDay(day: day, state: state, layout: TabularFeatureBuilder.version, rows: row, rowCount: 1)
    }

    package func prediction(from prepared: PreparedCycleDay, language: Language, buildsSentence: Bool) throws -> CyclePrediction {
        var sentences = _ReasoningCache<[Double]>(buildsSentences: buildsSentence), historySentences = _ReasoningCache<[Int]>()
        let forecast = try prediction(features: try row(of: prepared), day: prepared.day, language: language, sentences: &sentences)
        return try prepared.state.completing(forecast, language: language, historySentences: &historySentences)
    }

    /// Why the period model predicts what it does on the prepared day: exact TreeSHAP of its
    /// correction to the calendar, one contribution per feature, in days until the next start.
    ///
    /// The baseline is the calendar's remaining days plus the model's expected correction (the
    /// correction for an average training day), so the contributions add up to the forecast in
    /// days. The alert-timing decision that may bring the shown date forward is not part of the
    /// attribution.
    package func periodAttribution(from prepared: PreparedCycleDay) throws -> Attribution {
        let explanation = periodExplanation(row: try row(of: prepared), day: prepared.day)
        let baselineDays = explanation.remainingDays - (explanation.rawScore - explanation.expectedValue)
        var attribution = try Attribution(shapValues: explanation.contributions, expectedValue: baselineDays,
                                          features: explanation.features.map(\.descriptor),
                                          values: explanation.values.map { Double($0) })
        GBTCyclePredictor.setDirections(of: &attribution, row: explanation.values)
        return attribution
    }

    /// No reference row is stored with the model: each value's direction (high, low, rising,
    /// falling) is the one its registry entry declares against its `CycleFeature.Reference`.
    static func setDirections(of attribution: inout Attribution, row: [Float]) {
        for (index, feature) in TabularFeatureBuilder.features.enumerated() {
            attribution.contributions[index].direction = feature.direction(of: row[index])
            if case let .level(level) = feature.reference { attribution.contributions[index].baselineValue = Double(level) }
        }
    }

    /// The one feature row of a day prepared by this model.
    func row(of prepared: PreparedCycleDay) throws -> [Float] {
        try rows(of: prepared, layout: TabularFeatureBuilder.version, featureCount: TabularFeatureBuilder.featureCount)
    }
}

extension GBTCyclePredictor {
    /// Why the energy or mood model expects tomorrow's level on the prepared day, in points of the 1–10 scale;
    /// `nil` for other symptoms or when the predictor has no such model.
    ///
    /// The forecast value is `E = Σ_k v_k · softmax(z)_k` over the class values `v`; TreeSHAP is
    /// exact on each class score `z_k`. The contributions are the class SHAP values combined
    /// with the softmax's slope at the prediction, `Σ_k p_k (v_k − E) · φ_{k,i}` (first order),
    /// then rescaled by one common factor so that they add up to `E − E_baseline`, where the
    /// baseline feeds the expected class scores through the softmax. When the first-order sum
    /// has the wrong sign or vanishes, they are left unscaled and `completenessError` says how
    /// far they are from adding up.
    package func levelAttribution(_ symptom: SymptomType, from prepared: PreparedCycleDay) throws -> Attribution? {
        let model: GradientBoostedModel?, classValues: [Double]
        switch symptom {
        case .energy: (model, classValues) = (energyTomorrow, energyClassValues)
        case .mood: (model, classValues) = (moodTomorrow, moodClassValues)
        default: return nil
        }
        guard let model, model.classCount == classValues.count else { return nil }
        let row = try row(of: prepared)
        let featureCount = TabularFeatureBuilder.featureCount, stride = featureCount + 1
        let shap = model.shapValues(row)
        let probabilities = model.predict(row)
        let expected = zip(probabilities, classValues).reduce(0) { $0 + $1.0 * $1.1 }
        let baselineScores = (0..<model.classCount).map { shap[$0 * stride + featureCount] }
        let baseline = zip(Softmax.probabilities(baselineScores), classValues).reduce(0) { $0 + $1.0 * $1.1 }
        var contributions = [Double](repeating: 0, count: featureCount)
        for k in 0..<model.classCount {
            let slope = probabilities[k] * (classValues[k] - expected)
            for feature in 0..<featureCount { contributions[feature] += slope * shap[k * stride + feature] }
        }
        let sum = contributions.reduce(0, +), difference = expected - baseline
        let scale = sum * difference > 0 ? difference / sum : 1
        var attribution = try Attribution(shapValues: contributions.map { $0 * scale }, expectedValue: baseline,
                                          features: TabularFeatureBuilder.features.map(\.descriptor), values: row.map { Double($0) })
        attribution.outputValue = expected
        attribution.completenessError = attribution.measuredCompletenessError
        GBTCyclePredictor.setDirections(of: &attribution, row: row)
        return attribution
    }
}
