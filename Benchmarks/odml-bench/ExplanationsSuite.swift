import Foundation
import OnDeviceML

/// `odml-bench explanations [--threads 1]`: reasoning for one prediction (attribution + sentence).
/// The issue's goals are on one core: run with `--threads 1`.
///
/// Cases:
/// - `gbt_cycle_model_reasoning`, `lstm_cycle_model_reasoning`: what an app pays to explain one
///   forecast of the shipped models (`Models/cycle-gbt.odml`, `Models/cycle-lstm.odml`, skipped
///   when absent): `periodAttribution` (GBT: exact TreeSHAP of the remaining-days model over its
///   65 features; LSTM: Integrated Gradients, 32 Gauss–Legendre nodes, over the last
///   `LSTMCyclePredictor.explainedDays` (60) days of a 12-month synthetic irregular user, from
///   the state the earlier days leave) → sentence. The
///   features are built from the history inside the timed call.
/// - `gbt_explained_prediction`, `lstm_explained_prediction`: the whole path `odml predict`
///   shows (`explainedPrediction`: features, forecast, period, energy and mood attributions and
///   their sentences) for the same user-day and models.
/// - `gbt_features_one_day`, `lstm_features_one_day`: the features one forecast of that day
///   needs, built from the history (the GBT's row of the day; the LSTM's daily inputs from her
///   first logged day).
/// - `gbt_treeshap_sentence`: exact TreeSHAP of one row of a 100-tree × 31-leaf model on 30
///   features (trained here on synthetic rows) → attribution → sentence.
/// - `lstm_ig_sentence`: Integrated Gradients (32 Gauss–Legendre nodes in one batch of 32
///   sequences, the 2 end points forward only) through NeuralNet's `LSTM` (90 days × 20 features, hidden 32, one
///   layer, random weights) with a linear head on the last hidden state → per-feature and
///   per-group attribution → sentence.
/// - `lstm_ig_trapezoid_sentence`: the same with the trapezoid rule on 32 steps (33 sequences).
///   The stand-in keeps 90 days: a heavier case than the shipped model's 60-day window.
/// - `sentence_only`: the generator alone on a 30-feature attribution.
/// - `cycle_length_model_12_cycles`: her cycle-length model built from 12 completed cycles (the
///   irregular user's first 12 lengths) and summarized once, as a forecast from her history
///   builds it (`CycleLengthModel.init(lengths:)`).
/// - `lstm_validator_latency`, `gbt_validator_latency`: the latency row of `odml validate` (its
///   `LatencyBenchmark`: 1,000 explained predictions of user-days drawn from its default
///   evaluation users, 400 irregular users × 12 months of seed 424242, after 100 warm-up ones, on
///   one thread): `ours_median_us` and `ours_p99_us` are its p50 and p99 (nearest rank).
enum ExplanationsSuite {
    static func run(_ harness: BenchmarkHarness) throws {
        BLAS.threadCount = harness.options.threads
        let generator = try CyclePhrases.generator()
        var random = SeededGenerator(seed: 1)
        let groups: [FeatureGroup] = [.sleep, .stress, .cycleDay, .pain, .energy, .mood, .flow, .history, .logging, .weekday]

        try runShippedModels(harness, generator: generator)

        if harness.shouldRun("cycle_length_model_12_cycles") {
            let user = SyntheticCycles.generate(config: .irregular, users: 1, months: 14, seed: 11).users[0]
            let starts = UserHistory.periodStarts(in: user.records)
            let lengths = Array(zip(starts, starts.dropFirst()).map { $0.distance(to: $1) }.prefix(12))
            let measurement = harness.measure { BenchmarkHarness.blackHole(CycleLengthModel(lengths: lengths)) }
            harness.report("cycle_length_model_12_cycles", measurement, extra: ["cycles": lengths.count])
        }

        let treeFeatures = (0..<30).map { FeatureDescriptor(key: "feature_\($0)", group: groups[$0 % groups.count]) }
        let shapValues = (0..<30).map { _ in random.nextNormal() * 0.5 }
        let values: [Double?] = (0..<30).map { _ in random.nextUniform(in: 1, 10).rounded() }
        let means: [Double?] = Array(repeating: 0, count: 30)
        if harness.shouldRun("gbt_treeshap_sentence") {
            // 100 trees × 31 leaves on 30 features, trained on 4,000 synthetic rows.
            let rows = (0..<4_000).map { _ in (0..<30).map { _ in Float(random.nextNormal()) } }
            let labels = rows.map { 29 + 2 * $0[0] - $0[1] * $0[2] + $0[3] * $0[3] + Float(random.nextNormal() * 0.5) }
            var parameters = GradientBoostingParameters()
            parameters.iterationCount = 100
            parameters.maximumLeafCount = 31
            let model = try GradientBoosting.train(features: FeatureMatrix(rows: rows), labels: labels, parameters: parameters)
            var explainer = TreeSHAP(model: model)
            let row = rows[7]
            let measurement = harness.measure {
                do {
                    let attribution = try Attribution(treeSHAP: &explainer, row: row, features: treeFeatures, baselineValues: means)
                    BenchmarkHarness.blackHole(try generator.reasoning(
                        for: .periodStart, value: .date(year: 2027, month: 3, day: 14), uncertainty: .days(2),
                        attribution: attribution, language: .fr, minimumContribution: 0.25))
                } catch { fatalError("benchmark setup: \(error)") }
            }
            harness.report("gbt_treeshap_sentence", measurement, extra: ["features": 30, "trees": 100, "leaves": 31])
        }
        if harness.shouldRun("sentence_only") {
            let attribution = try Attribution(shapValues: shapValues, expectedValue: 29.3, features: treeFeatures,
                                              values: values, baselineValues: means)
            let measurement = harness.measure {
                BenchmarkHarness.blackHole(try? generator.reasoning(for: .energyTomorrow, value: .level(.high),
                                                                    attribution: attribution, language: .en))
            }
            harness.report("sentence_only", measurement, extra: ["features": 30])
        }

        let timeSteps = 90, featureCount = 20, hidden = 32
        let lstm = LSTM(inputSize: featureCount, hiddenSize: hidden, using: &random)
        let head = (0..<hidden).map { _ in Float(random.nextUniform(in: -1, 1)) }
        let model = try DifferentiableModel(lstm: lstm, timeSteps: timeSteps, outputWeights: head, outputBias: 0.1)
        let input = (0..<(timeSteps * featureCount)).map { _ in Float(random.nextNormal()) }
        let averageDay = (0..<featureCount).map { _ in Float(random.nextNormal() * 0.2) }
        let baseline = IntegratedGradients.sequenceBaseline(averageDay: averageDay, timeSteps: timeSteps)
        let sequenceFeatures = (0..<featureCount).map { FeatureDescriptor(key: "feature_\($0)", group: groups[$0 % groups.count]) }
        for (name, quadrature) in [("lstm_ig_sentence", IntegratedGradients.Quadrature.gaussLegendre),
                                   ("lstm_ig_trapezoid_sentence", .trapezoid)] where harness.shouldRun(name) {
            let method = try IntegratedGradients(stepCount: 32, quadrature: quadrature)
            let check = try method.attributions(of: model, at: input, baseline: baseline)
            let relativeError = check.completenessError / abs(check.outputValue - check.baselineValue)
            let measurement = harness.measure {
                do {
                    let result = try method.attributions(of: model, at: input, baseline: baseline)
                    let attribution = try Attribution(integratedGradients: result, timeSteps: timeSteps, features: sequenceFeatures,
                                                      input: input, baseline: baseline).grouped()
                    BenchmarkHarness.blackHole(try generator.reasoning(for: .energyTomorrow, value: .level(.high),
                                                                       attribution: attribution, language: .fr))
                } catch { fatalError("benchmark setup: \(error)") }
            }
            harness.report(name, measurement, extra: [
                "time_steps": timeSteps, "features": featureCount, "hidden": hidden, "model": "NeuralNet.LSTM stand-in",
                "gradient_evaluations": check.gradientEvaluations,
                "completeness_relative_error": BenchmarkHarness.rounded(relativeError * 1e6) / 1e6,
            ])
        }
    }

    /// `odml validate`'s latency row for each model (see the type's documentation).
    static func runValidatorLatency(_ harness: BenchmarkHarness, models: [(String, any PreparedDayForecasting)]) throws {
        let models = models.filter { harness.shouldRun($0.0) }
        guard !models.isEmpty else { return }
        let benchmark = LatencyBenchmark()
        let dataset = SyntheticCycles.generate(config: .irregular, users: 400, months: 12, seed: 424_242)
        let cases = benchmark.cases(from: dataset)
        for (name, predictor) in models {
            let profile = try benchmark.measure(predictor, cases: cases)
            let measurement = BenchmarkMeasurement(medianMicroseconds: profile.p50, p99Microseconds: profile.p99, callsPerRepetition: 1)
            harness.report(name, measurement, extra: [
                "predictions": profile.count, "warmup_predictions": profile.warmupPredictions,
                "mean_us": BenchmarkHarness.rounded(profile.mean), "max_us": BenchmarkHarness.rounded(profile.maximum),
                "method": benchmark.method(of: profile, model: name),
            ])
        }
    }

    /// The shipped cycle models explaining one forecast for a synthetic irregular user.
    static func runShippedModels(_ harness: BenchmarkHarness, generator: ReasoningGenerator) throws {
        let history = SyntheticCycles.generate(config: .irregular, users: 1, months: 12, seed: 11).users[0]
        let day = history.records[history.records.count - 1].date
        func explain(_ predictor: some ForecastAttributing) throws -> Reasoning {
            let attribution = try predictor.periodAttribution(for: history, on: day)
            return try generator.reasoning(for: .periodStart, value: .date(year: 2027, month: 3, day: 14), uncertainty: .days(2),
                                           attribution: attribution, language: .fr,
                                           minimumContribution: GBTCyclePredictor.minimumNamedContribution)
        }
        let gbtURL = URL(fileURLWithPath: "Models/cycle-gbt.odml"), lstmURL = URL(fileURLWithPath: "Models/cycle-lstm.odml")
        let missing = [gbtURL, lstmURL].filter { !FileManager.default.fileExists(atPath: $0.path) }
        let needingModels = ["gbt_cycle_model_reasoning", "lstm_cycle_model_reasoning", "lstm_validator_latency", "gbt_validator_latency",
                             "gbt_explained_prediction", "lstm_explained_prediction", "gbt_features_one_day", "lstm_features_one_day"]
        let skipped = needingModels.filter(harness.shouldRun)
        if !missing.isEmpty, !skipped.isEmpty {
            FileHandle.standardError.write(Data(("odml-bench explanations: \(missing.map(\.path).joined(separator: ", ")) not found "
                + "(run from the repository root); skipped where needed: \(skipped.joined(separator: ", "))\n").utf8))
        }
        if harness.shouldRun("gbt_cycle_model_reasoning"), FileManager.default.fileExists(atPath: gbtURL.path) {
            let predictor = try GBTCyclePredictor.load(from: gbtURL)
            let check = try predictor.periodAttribution(for: history, on: day)
            let measurement = harness.measure { BenchmarkHarness.blackHole(try? explain(predictor)) }
            harness.report("gbt_cycle_model_reasoning", measurement, extra: [
                "model": gbtURL.path, "features": check.contributions.count, "trees": predictor.remaining.ensemble.treeCount,
                "history_days": history.records.count,
            ])
        }
        if FileManager.default.fileExists(atPath: gbtURL.path), FileManager.default.fileExists(atPath: lstmURL.path) {
            let gbt = try GBTCyclePredictor.load(from: gbtURL), lstm = try LSTMCyclePredictor.load(from: lstmURL)
            try runValidatorLatency(harness, models: [("lstm_validator_latency", lstm), ("gbt_validator_latency", gbt)])
            let extra: [String: Any] = ["history_days": history.records.count]
            for (name, predictor) in [("gbt_explained_prediction", gbt as any PreparedDayForecasting),
                                      ("lstm_explained_prediction", lstm)] where harness.shouldRun(name) {
                let measurement = harness.measure {
                    BenchmarkHarness.blackHole(try? predictor.explainedPrediction(for: history, on: day, language: .fr,
                                                                                  generator: generator))
                }
                harness.report(name, measurement, extra: extra)
            }
            if harness.shouldRun("gbt_features_one_day") {
                var row: [Float] = []
                let measurement = harness.measure {
                    var builder = TabularFeatureBuilder(history: history)
                    builder.features(on: day, into: &row)
                    BenchmarkHarness.blackHole(row)
                }
                harness.report("gbt_features_one_day", measurement, extra: extra)
            }
            if harness.shouldRun("lstm_features_one_day") {
                let measurement = harness.measure {
                    BenchmarkHarness.blackHole(DailyFeatureBuilder.features(for: history, through: day))
                }
                harness.report("lstm_features_one_day", measurement, extra: extra)
            }
        }
        if harness.shouldRun("lstm_cycle_model_reasoning"), FileManager.default.fileExists(atPath: lstmURL.path) {
            let predictor = try LSTMCyclePredictor.load(from: lstmURL)
            let check = try predictor.periodAttribution(for: history, on: day)
            let measurement = harness.measure { BenchmarkHarness.blackHole(try? explain(predictor)) }
            harness.report("lstm_cycle_model_reasoning", measurement, extra: [
                "model": lstmURL.path, "explained_days": LSTMCyclePredictor.explainedDays, "history_days": history.records.count,
                "hidden": predictor.network.lstm.hiddenSize, "features": check.contributions.count,
                "completeness_relative_error": BenchmarkHarness.rounded(check.relativeCompletenessError * 1e6) / 1e6,
            ])
        }
    }
}
