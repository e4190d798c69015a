import Foundation
import OnDeviceML

/// `odml-bench explanations`: reasoning for one prediction (attribution + sentence).
///
/// Cases:
/// - `gbt_shap_sentence`: a 30-feature TreeSHAP attribution (values given; the TreeSHAP pass
///   itself is timed by `odml-bench trees` until the GBT predictor lands) → sentence.
/// - `lstm_ig_sentence`: Integrated Gradients (32 Gauss–Legendre nodes + 2 end points, one batch)
///   over a stand-in LSTM of the cycle predictor's size (90 days × 20 features, hidden 32, one
///   layer, gates i, f, g, o, explicit BPTT to the input on BLAS) → per-feature and per-group
///   attribution → sentence. Stand-in until NeuralNet's LSTM lands: same shapes and FLOPs.
/// - `lstm_ig_trapezoid_sentence`: the same with the trapezoid rule on 32 steps (33 gradients).
/// - `sentence_only`: the generator alone on a 30-feature attribution.
enum ExplanationsSuite {
    static func run(arguments: [String]) throws {
        BLAS.threadCount = 1
        let generator = try ReasoningGenerator()
        var random = SeededGenerator(seed: 1)

        // GBT-sized attribution: 30 features, one per known group round-robin.
        let groups: [FeatureGroup] = [.sleep, .stress, .cycleDay, .pain, .energy, .mood, .flow, .history, .logging, .weekday]
        let treeFeatures = (0..<30).map { FeatureDescriptor(key: "feature_\($0)", group: groups[$0 % groups.count]) }
        let shapValues = (0..<30).map { _ in random.nextNormal() * 0.5 }
        let values: [Double?] = (0..<30).map { _ in (random.nextUniform(in: 1, 10)).rounded() }
        let means: [Double?] = Array(repeating: 5, count: 30)
        report(case: "gbt_shap_sentence", repetitions: 2000, extra: ["features": 30]) {
            let attribution = try Attribution(shapValues: shapValues, expectedValue: 29.3, features: treeFeatures,
                                              values: values, baselineValues: means)
            _ = try generator.reasoning(for: .periodStart, value: .date(year: 2027, month: 3, day: 14), uncertainty: .days(2),
                                        attribution: attribution, language: "fr", minimumContribution: 0.25)
        }
        let fixed = try Attribution(shapValues: shapValues, expectedValue: 29.3, features: treeFeatures, values: values,
                                    baselineValues: means)
        report(case: "sentence_only", repetitions: 2000, extra: ["features": 30]) {
            _ = try generator.reasoning(for: .energyTomorrow, value: .level(.high), attribution: fixed, language: "en")
        }

        // LSTM-sized IG.
        let timeSteps = 90, featureCount = 20, hidden = 32
        let lstm = _StandInLSTM(featureCount: featureCount, hiddenCount: hidden, timeSteps: timeSteps, maximumBatch: 40, seed: 3)
        let model = lstm.model
        let input = (0..<(timeSteps * featureCount)).map { _ in Float(random.nextNormal()) }
        let averageDay = (0..<featureCount).map { _ in Float(random.nextNormal() * 0.2) }
        let baseline = IntegratedGradients.sequenceBaseline(averageDay: averageDay, timeSteps: timeSteps)
        let sequenceFeatures = (0..<featureCount).map { FeatureDescriptor(key: "feature_\($0)", group: groups[$0 % groups.count]) }
        for (name, quadrature) in [("lstm_ig_sentence", IntegratedGradients.Quadrature.gaussLegendre),
                                   ("lstm_ig_trapezoid_sentence", .trapezoid)] {
            let method = try IntegratedGradients(stepCount: 32, quadrature: quadrature)
            let check = try method.attributions(of: model, at: input, baseline: baseline)
            let relative = check.completenessError / abs(check.outputValue - check.baselineValue)
            report(case: name, repetitions: 60,
                   extra: ["time_steps": timeSteps, "features": featureCount, "hidden": hidden, "stand_in_model": true,
                           "gradient_evaluations": check.gradientEvaluations, "completeness_relative_error": relative]) {
                let result = try method.attributions(of: model, at: input, baseline: baseline)
                let attribution = try Attribution(integratedGradients: result, timeSteps: timeSteps, features: sequenceFeatures,
                                                  input: input, baseline: baseline).grouped()
                _ = try generator.reasoning(for: .energyTomorrow, value: .level(.high), attribution: attribution, language: "fr")
            }
        }
    }

    /// Times `body` (5 warm-up runs, then `repetitions`) and prints one JSON line.
    static func report(case name: String, repetitions: Int, extra: [String: Any] = [:], _ body: () throws -> Void) {
        do {
            for _ in 0..<5 { try body() }
            var samples: [Double] = []
            samples.reserveCapacity(repetitions)
            for _ in 0..<repetitions {
                let start = DispatchTime.now().uptimeNanoseconds
                try body()
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
            }
            samples.sort()
            var record: [String: Any] = ["benchmark": "explanations", "case": name,
                                         "ours_median_us": samples[samples.count / 2],
                                         "ours_p99_us": samples[min(samples.count - 1, Int(Double(samples.count) * 0.99))],
                                         "repetitions": repetitions]
            record.merge(extra) { first, _ in first }
            let data = try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } catch {
            FileHandle.standardError.write(Data("explanations \(name): \(error)\n".utf8))
        }
    }
}

/// A one-layer LSTM (gates `i, f, g, o`, PyTorch layout) with a linear head on the last hidden
/// state, evaluated on a batch of sequences with the exact gradient of the output with respect
/// to the input (backpropagation through time). Benchmark stand-in for the cycle LSTM.
final class _StandInLSTM {
    let featureCount: Int, hiddenCount: Int, timeSteps: Int, maximumBatch: Int
    /// `weight_ih [4H × F]`, `weight_hh [4H × H]`, `bias [4H]` (`bias_ih + bias_hh`), head `[H]`.
    var weightIH: [Float], weightHH: [Float], bias: [Float], head: [Float]
    let headBias: Float = 0.1
    /// Gate activations `[B × T × 4H]`, cell states `[(T + 1) × B × H]`, gate gradients `[B × T × 4H]`.
    var gates: [Float], cells: [Float], gateGradients: [Float]
    var hiddenState: [Float], hiddenGradient: [Float], cellGradient: [Float]

    init(featureCount: Int, hiddenCount: Int, timeSteps: Int, maximumBatch: Int, seed: UInt64) {
        self.featureCount = featureCount
        self.hiddenCount = hiddenCount
        self.timeSteps = timeSteps
        self.maximumBatch = maximumBatch
        var random = SeededGenerator(seed: seed)
        let scale = 1 / Double(hiddenCount).squareRoot()
        weightIH = (0..<(4 * hiddenCount * featureCount)).map { _ in Float(random.nextUniform(in: -scale, scale)) }
        weightHH = (0..<(4 * hiddenCount * hiddenCount)).map { _ in Float(random.nextUniform(in: -scale, scale)) }
        bias = (0..<(4 * hiddenCount)).map { _ in Float(random.nextUniform(in: -scale, scale)) }
        head = (0..<hiddenCount).map { _ in Float(random.nextUniform(in: -1, 1)) }
        gates = [Float](repeating: 0, count: maximumBatch * timeSteps * 4 * hiddenCount)
        gateGradients = gates
        cells = [Float](repeating: 0, count: (timeSteps + 1) * maximumBatch * hiddenCount)
        hiddenState = [Float](repeating: 0, count: maximumBatch * hiddenCount)
        hiddenGradient = hiddenState
        cellGradient = hiddenState
    }

    var model: DifferentiableModel {
        DifferentiableModel(inputCount: timeSteps * featureCount) { points, count, values, gradients in
            var start = 0
            while start < count {
                let batch = min(self.maximumBatch, count - start)
                self.evaluate(points.baseAddress! + start * self.timeSteps * self.featureCount, batch: batch,
                              values: values.baseAddress! + start,
                              gradients: gradients.baseAddress! + start * self.timeSteps * self.featureCount)
                start += batch
            }
        }
    }

    @inline(__always) static func sigmoid(_ x: Float) -> Float { 1 / (1 + expf(-x)) }

    func evaluate(_ input: UnsafePointer<Float>, batch: Int, values: UnsafeMutablePointer<Float>,
                  gradients: UnsafeMutablePointer<Float>) {
        let h = hiddenCount, g4 = 4 * hiddenCount, t = timeSteps, f = featureCount
        gates.withUnsafeMutableBufferPointer { gatesBuffer in
        cells.withUnsafeMutableBufferPointer { cellsBuffer in
        gateGradients.withUnsafeMutableBufferPointer { dGatesBuffer in
        hiddenState.withUnsafeMutableBufferPointer { hiddenBuffer in
        hiddenGradient.withUnsafeMutableBufferPointer { dHiddenBuffer in
        cellGradient.withUnsafeMutableBufferPointer { dCellBuffer in
        weightIH.withUnsafeBufferPointer { wIH in
        weightHH.withUnsafeBufferPointer { wHH in
            let pre = gatesBuffer.baseAddress!, c = cellsBuffer.baseAddress!, dA = dGatesBuffer.baseAddress!
            let hState = hiddenBuffer.baseAddress!, dh = dHiddenBuffer.baseAddress!, dc = dCellBuffer.baseAddress!
            // Forward. pre[(b, s), :] = x[b, s, :] · W_ihᵀ + bias, for every step at once.
            BLAS.sgemm(transposeA: false, transposeB: true, m: batch * t, n: g4, k: f, alpha: 1, a: input, lda: f,
                       b: wIH.baseAddress!, ldb: f, beta: 0, c: pre, ldc: g4)
            for row in 0..<(batch * t) { for j in 0..<g4 { pre[row * g4 + j] += bias[j] } }
            for index in 0..<(batch * h) { hState[index] = 0; c[index] = 0 }
            for step in 0..<t {
                if step > 0 {
                    BLAS.sgemm(transposeA: false, transposeB: true, m: batch, n: g4, k: h, alpha: 1, a: hState, lda: h,
                               b: wHH.baseAddress!, ldb: h, beta: 1, c: pre + step * g4, ldc: t * g4)
                }
                let previous = c + step * batch * h, current = c + (step + 1) * batch * h
                for b in 0..<batch {
                    let row = pre + (b * t + step) * g4
                    for j in 0..<h {
                        let i = Self.sigmoid(row[j]), fg = Self.sigmoid(row[h + j])
                        let gg = tanhf(row[2 * h + j]), o = Self.sigmoid(row[3 * h + j])
                        row[j] = i; row[h + j] = fg; row[2 * h + j] = gg; row[3 * h + j] = o
                        let cell = fg * previous[b * h + j] + i * gg
                        current[b * h + j] = cell
                        hState[b * h + j] = o * tanhf(cell)
                    }
                }
            }
            for b in 0..<batch {
                var value = headBias
                for j in 0..<h { value += head[j] * hState[b * h + j] }
                values[b] = value
            }
            // Backward to the input.
            for b in 0..<batch { for j in 0..<h { dh[b * h + j] = head[j]; dc[b * h + j] = 0 } }
            for step in stride(from: t - 1, through: 0, by: -1) {
                let previous = c + step * batch * h, current = c + (step + 1) * batch * h
                for b in 0..<batch {
                    let row = pre + (b * t + step) * g4, dRow = dA + (b * t + step) * g4
                    for j in 0..<h {
                        let i = row[j], fg = row[h + j], gg = row[2 * h + j], o = row[3 * h + j]
                        let tc = tanhf(current[b * h + j])
                        let dhj = dh[b * h + j]
                        let dcj = dc[b * h + j] + dhj * o * (1 - tc * tc)
                        dRow[j] = dcj * gg * i * (1 - i)
                        dRow[h + j] = dcj * previous[b * h + j] * fg * (1 - fg)
                        dRow[2 * h + j] = dcj * i * (1 - gg * gg)
                        dRow[3 * h + j] = dhj * tc * o * (1 - o)
                        dc[b * h + j] = dcj * fg
                    }
                }
                BLAS.sgemm(transposeA: false, transposeB: false, m: batch, n: h, k: g4, alpha: 1, a: dA + step * g4, lda: t * g4,
                           b: wHH.baseAddress!, ldb: h, beta: 0, c: dh, ldc: h)
            }
            BLAS.sgemm(transposeA: false, transposeB: false, m: batch * t, n: f, k: g4, alpha: 1, a: dA, lda: g4,
                       b: wIH.baseAddress!, ldb: f, beta: 0, c: gradients, ldc: f)
        }}}}}}}}
    }
}
