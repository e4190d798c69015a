import ExplanationAdapters
import Explanations
import NeuralNet
import TensorCore

extension LSTMCyclePredictor: PreparedDayForecasting {
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

    /// Days of history Integrated Gradients attributes by default: the last 60 (about two
    /// cycles), against the LSTM state the earlier days leave, which is held fixed: the
    /// contributions say what these days did, given what came before. The shipped model
    /// remembers longer than that: on 16 user-days of `Datasets/irregular`, attributing her whole
    /// history instead moved the per-feature contributions by up to 46 % of their total at 60
    /// days, 1.3 % at 180 and 0.13 % at 240. Longer paths do not always add up with 32
    /// quadrature nodes, though: notebook 04's user-day over 155 days has a completeness error of
    /// 3.84 d for a 1.4-day output change (0.02 d over 60 days), so the window stays 60 days.
    package static let explainedDays = 60

    /// Gauss–Legendre nodes of the Integrated Gradients path: 96 since the network retrained
    /// with the premenstrual term in its posterior inputs, on whose path 64 nodes left up to a
    /// 5.8 % completeness gap on committed irregular user-days (96: 0.9 %; 128: 0.06 %, for 1.4
    /// times the explained path's latency); 64 since the signal features, where 32 had left 5.1 %.
    package static let quadratureNodes = 96

    /// The Integrated Gradients method of the attributions, its `quadratureNodes` Gauss–Legendre
    /// nodes and weights computed once per process.
    static let integratedGradients = Result { try IntegratedGradients(stepCount: quadratureNodes) }

    /// Her state at the end of `day` and her raw daily inputs (`DailyFeatureBuilder`) from her
    /// first logged day (or `day`, if earlier) through `day`.
    package func preparedDay(for history: UserHistory, on day: CalendarDay) -> PreparedCycleDay {
        let first = min(history.records.first?.date ?? day, day)
        let (rows, state) = DailyFeatureBuilder.features(for: history, from: first, through: day)
        return PreparedCycleDay(day: day, state: state, layout: DailyFeatureBuilder.version, rows: rows,
                                rowCount: first.distance(to: day) + 1)
    }

    /// `true`: the network reads every day's row from her first logged day.
    package var readsDailyRows: Bool { true }

    package func preparedDay(from kept: KeptCycleDay) throws -> PreparedCycleDay {
        let (day, state) = try dayState(of: kept)
        guard let rows = kept.dailyRows, !rows.isEmpty else {
            throw ExplanationError.invalidParameter(name: "kept", expected: "a kept day with its daily rows (keepsDailyRows)",
                                                    found: "a kept day without them")
        }
        return PreparedCycleDay(day: day, state: state, layout: DailyFeatureBuilder.version, rows: rows,
                                rowCount: rows.count / DailyFeatureBuilder.featureCount)
    }

    package func prediction(from prepared: PreparedCycleDay, language: Language, buildsSentence: Bool) throws -> CyclePrediction {
        let rows = try dailyRows(of: prepared)
        let runner = DailyRunner(predictor: self)
        runner.sentences = _ReasoningCache(buildsSentences: buildsSentence)
        // The state before the explained days, which the attributions start from (the same bits:
        // one step at a time or in one run, each step sums the same terms in the same order).
        let prefixSteps = prepared.rowCount - min(LSTMCyclePredictor.explainedDays, prepared.rowCount)
        for row in 0..<prepared.rowCount {
            if row == prefixSteps, row > 0 { prepared.recurrentPrefix.keep(runner.state, steps: row) }
            runner.advance(rows: rows, row: row, runsHeads: row == prepared.rowCount - 1)
        }
        return try runner.prediction(on: prepared.day, state: prepared.state, posterior: prepared.state.ovulationPosterior,
                                     language: language)
    }

    /// `periodAttribution(from:explainedDays:)` over the last `explainedDays` (60) days.
    package func periodAttribution(from prepared: PreparedCycleDay) throws -> Attribution {
        try periodAttribution(from: prepared, explainedDays: LSTMCyclePredictor.explainedDays)
    }

    /// `periodAttribution(from:explainedDays:)` of `history`'s user on `day`.
    package func periodAttribution(for history: UserHistory, on day: CalendarDay, explainedDays days: Int) throws -> Attribution {
        try periodAttribution(from: preparedDay(for: history, on: day), explainedDays: days)
    }

    /// Why the period head predicts what it does on the prepared day: Integrated
    /// Gradients of its expected correction to the anchored date, `E = Σ_k c_k · softmax(z + o)_k`
    /// (days added to the anchored remaining days, `Network.periodCorrections`; `o` the day's
    /// period prior, `periodPrior(of:)`, held fixed), one contribution per daily feature summed over
    /// the explained days. The anchored days are added outside the network; the contributions say
    /// what moved the forecast away from an average user's correction with her posterior.
    ///
    /// The path runs from the population-average day (zero in the model's normalised units)
    /// repeated over the last `days` days (`explainedDays`) to the real ones, starting from the state the earlier
    /// days leave, with `quadratureNodes`-node Gauss–Legendre quadrature (`completenessError` reports the gap).
    /// Feature values shown are the last day's, compared with the population mean.
    /// - Throws: `NeuralNetError.shapeMismatch` when nothing was logged by the day;
    ///   `ExplanationError.invalidParameter` when `days < 1` or the day was prepared by another model.
    package func periodAttribution(from prepared: PreparedCycleDay, explainedDays days: Int) throws -> Attribution {
        try attributions(of: [periodHead(of: prepared)], prepared: prepared, explainedDays: days)[0]
    }

    /// Integrated Gradients of tomorrow's expected energy or mood, `E = Σ_k v_k · softmax(z)_k`
    /// over the level values (`SymptomLevel.typicalValues`), over the last `explainedDays` days
    /// (as `periodAttribution`); `nil` for other symptoms.
    package func levelAttribution(_ symptom: SymptomType, from prepared: PreparedCycleDay) throws -> Attribution? {
        guard let head = levelHead(symptom) else { return nil }
        return try attributions(of: [head], prepared: prepared, explainedDays: LSTMCyclePredictor.explainedDays)[0]
    }

    /// `periodAttribution(from:)` and `levelAttribution(_:from:)` of `levels` with one forward
    /// recurrence along the Integrated Gradients path for all the heads (the same as computing
    /// them one by one, to rounding).
    package func attributions(from prepared: PreparedCycleDay, levels: [SymptomType]) throws
        -> (period: Attribution, levels: [SymptomType: Attribution]) {
        let levelHeads = levels.compactMap { symptom in levelHead(symptom).map { (symptom, $0) } }
        let results = try attributions(of: [periodHead(of: prepared)] + levelHeads.map(\.1), prepared: prepared,
                                       explainedDays: LSTMCyclePredictor.explainedDays)
        var byLevel: [SymptomType: Attribution] = [:]
        for (index, (symptom, _)) in levelHeads.enumerated() { byLevel[symptom] = results[index + 1] }
        return (results[0], byLevel)
    }

    /// An expected-value head of the network: its layer, class values and fixed logit offsets.
    struct _ExplainedHead {
        var layer: Linear
        var classValues: [Float]
        var logitOffsets: [Float]?
    }

    /// The period head on a prepared day: the period corrections with the day's prior (`periodPrior(of:)`).
    func periodHead(of prepared: PreparedCycleDay) -> _ExplainedHead {
        _ExplainedHead(layer: network.period, classValues: Network.periodCorrections.map(Float.init),
                       logitOffsets: LSTMCyclePredictor.periodPrior(of: prepared.state))
    }

    /// The energy or mood head (`nil` for other symptoms).
    func levelHead(_ symptom: SymptomType) -> _ExplainedHead? {
        let layer: Linear
        switch symptom {
        case .energy: layer = network.energy
        case .mood: layer = network.mood
        default: return nil
        }
        return _ExplainedHead(layer: layer, classValues: SymptomLevel.typicalValues.map(Float.init), logitOffsets: nil)
    }

    /// Per built-in symptom, the positions of its value and of its missing flag in the daily features.
    static let symptomIndices: [(value: Int, missing: Int)] = SymptomType.builtIn.map { kind in
        (DailyFeatureBuilder.featureNames.firstIndex(of: kind.rawValue)!,
         DailyFeatureBuilder.featureNames.firstIndex(of: "\(kind.rawValue)_missing")!)
    }

    /// The raw daily rows of a day prepared by this model.
    func dailyRows(of prepared: PreparedCycleDay) throws -> [Float] {
        try rows(of: prepared, layout: DailyFeatureBuilder.version, featureCount: DailyFeatureBuilder.featureCount)
    }

    /// Integrated Gradients of `Σ_k classValues_k · softmax(head(h_T) + logitOffsets)_k` for each
    /// of `heads`, over the same path (one forward recurrence for all: `DifferentiableModel.sharingPath`).
    func attributions(of heads: [_ExplainedHead], prepared: PreparedCycleDay, explainedDays days: Int) throws -> [Attribution] {
        guard days >= 1 else {
            throw ExplanationError.invalidParameter(name: "days", expected: "at least 1", found: "\(days)")
        }
        let featureCount = DailyFeatureBuilder.featureCount
        let raw = try dailyRows(of: prepared)
        let totalSteps = prepared.rowCount, window = min(days, totalSteps)
        let lstm = network.lstm
        let prefixSteps = totalSteps - window
        var state: LSTM.StreamingState
        let input: [Float]
        if let kept = prepared.recurrentPrefix.state(afterSteps: prefixSteps) {
            state = kept   // the forecast's recurrence over the same rows
            input = try normalisedFeatures(prepared, fromRow: prefixSteps).scalars
        } else {
            let sequence = try normalisedFeatures(prepared).scalars
            state = LSTM.StreamingState(for: lstm)
            if prefixSteps > 0 {
                sequence.withUnsafeBufferPointer { lstm.run($0.baseAddress!, steps: prefixSteps, state: &state, outputs: nil) }
            }
            input = Array(sequence[(prefixSteps * featureCount)...])
        }
        let baseline = [Float](repeating: 0, count: input.count)
        let scalarHeads = heads.map {
            LSTMCyclePredictor.expectedValueHead($0.layer, classValues: $0.classValues, logitOffsets: $0.logitOffsets)
        }
        let method = try LSTMCyclePredictor.integratedGradients.get()
        let results = try _PathWorkspacePool.shared.withWorkspace { workspace in
            let models = DifferentiableModel.sharingPath(lstm: lstm, timeSteps: window, initialState: state, workspace: workspace,
                                                         heads: scalarHeads)
            return try models.map { try method.attributions(of: $0, at: input, baseline: baseline) }
        }
        let lastDay = raw.count - featureCount
        let values: [Double?] = (0..<featureCount).map { Double(raw[lastDay + $0]) }
        return try results.map { result in
            var attribution = try Attribution(integratedGradients: result, timeSteps: window,
                                              features: DailyFeatureBuilder.features.map(\.descriptor),
                                              input: input, baseline: baseline, values: values)
            for index in attribution.contributions.indices {
                attribution.contributions[index].baselineValue = Double(featureMean[index])
                attribution.contributions[index].direction = FeatureDirection(value: values[index],
                                                                              reference: Double(featureMean[index]))
            }
            // A symptom not logged today enters as 0 beside its missing flag: it reads "not logged",
            // not "low".
            for symptom in LSTMCyclePredictor.symptomIndices where raw[lastDay + symptom.missing] == 1 {
                attribution.contributions[symptom.value].direction = .missing
            }
            return attribution
        }
    }

    /// A classification head as a scalar of the final hidden state: `E = Σ_k v_k · p_k` with
    /// `p = softmax(W h + b + o)` (`o`: `logitOffsets`, zero when `nil`), and
    /// `∂E/∂h = Wᵀ (p ⊙ (v − E))`; one `sgemm` each way for all the path points.
    static func expectedValueHead(_ head: Linear, classValues: [Float], logitOffsets: [Float]? = nil) -> LSTM.ScalarHead {
        let weight = head.weight.scalars
        let bias = logitOffsets.map { zip(head.bias.scalars, $0).map(+) } ?? head.bias.scalars
        let classes = head.bias.count, hidden = head.weight.shape[1]
        return { finalHidden, values, dFinalHidden in
            let count = values.count
            var probabilities = [Float](repeating: 0, count: count * classes)
            probabilities.withUnsafeMutableBufferPointer { p in
                let rows = p.baseAddress!
                for point in 0..<count { (rows + point * classes).update(from: bias, count: classes) }
                weight.withUnsafeBufferPointer { w in
                    BLAS.sgemm(transposeA: false, transposeB: true, m: count, n: classes, k: hidden, alpha: 1,
                               a: finalHidden.baseAddress!, lda: hidden, b: w.baseAddress!, ldb: hidden,
                               beta: 1, c: rows, ldc: classes)
                }
                for point in 0..<count {
                    let row = rows + point * classes
                    VectorMath.softmax(row, into: row, count: classes)
                    var expected: Float = 0
                    for k in 0..<classes { expected += classValues[k] * row[k] }
                    values[point] = expected
                    for k in 0..<classes { row[k] *= classValues[k] - expected }
                }
                weight.withUnsafeBufferPointer { w in
                    BLAS.sgemm(transposeA: false, transposeB: false, m: count, n: hidden, k: classes, alpha: 1,
                               a: rows, lda: classes, b: w.baseAddress!, ldb: hidden,
                               beta: 0, c: dFinalHidden.baseAddress!, ldc: hidden)
                }
            }
        }
    }
}
