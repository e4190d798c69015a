import BoostedTrees
import Foundation

/// `odml-bench trees`: training time on 100k × 30 and 1M × 30 binary data, single-row and batch
/// prediction of a 100-tree, 31-leaf model, and TreeSHAP per row. Data and hyper-parameters are
/// those of Benchmarks/peers/bench_trees.py (see its docstring). `ODML_BENCH_QUICK=1` skips the 1M case.
enum TreesSuite {
    static let featureCount = 30

    /// splitmix64 of `index`, the per-cell random source shared with the peer script.
    static func splitMix(_ index: UInt64) -> UInt64 {
        var z = index &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    static func uniform(_ index: UInt64) -> Double { Double(splitMix(index) >> 40) * 0x1.0p-24 }

    /// The benchmark data (identical to the peer script's `make_data`).
    static func makeData(rows: Int) -> (FeatureMatrix, [Float]) {
        var values = [Float](repeating: 0, count: rows * featureCount)
        var labels = [Float](repeating: 0, count: rows)
        for row in 0..<rows {
            for feature in 0..<featureCount {
                values[row * featureCount + feature] = Float(uniform(UInt64(row * featureCount + feature)) * 2 - 1)
            }
            let x = { (f: Int) in Double(values[row * featureCount + f]) }
            var s = 2 * x(0) - 1.5 * x(1) + 2 * x(2) * x(3) + (x(4) > 0 ? 1.0 : -1.0)
            for f in 5..<10 { s = s + 0.3 * x(f) }
            s = s + 2 * (uniform(UInt64(row) + 1_000_000_000) - 0.5)
            labels[row] = s > 0 ? 1 : 0
        }
        return (try! FeatureMatrix(values: values, rowCount: rows, featureCount: featureCount), labels)
    }

    static func parameters() -> GradientBoostingParameters {
        var p = GradientBoostingParameters()
        p.objective = .binaryLogLoss
        p.iterationCount = 100
        p.maximumLeafCount = 31
        p.learningRate = 0.1
        p.maximumBinCount = 256
        p.minimumDataInLeaf = 20
        p.minimumSumHessian = 1e-3
        p.threadCount = 2
        return p
    }

    /// Median and p99 of `repetitions` timed runs (after one warm-up), in microseconds.
    static func timed(_ repetitions: Int, _ body: () throws -> Void) rethrows -> (median: Double, p99: Double) {
        try body()
        var samples: [Double] = []
        for _ in 0..<repetitions {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
        }
        samples.sort()
        return (samples[samples.count / 2], samples[min(samples.count - 1, Int(Double(samples.count) * 0.99))])
    }

    static func emit(_ name: String, _ timing: (median: Double, p99: Double), _ extra: [String: Any] = [:]) {
        var record: [String: Any] = ["benchmark": "trees", "case": name, "ours_median_us": timing.median, "ours_p99_us": timing.p99]
        for (key, value) in extra { record[key] = value }
        let data = try! JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
        FileHandle.standardOutput.synchronizeFile()
    }

    static func run(_ harness: BenchmarkHarness) throws {
        let quick = ProcessInfo.processInfo.environment["ODML_BENCH_QUICK"] == "1"
        var model: GradientBoostedModel?
        var testMatrix: FeatureMatrix?
        for (rows, label, repetitions) in [(100_000, "100k", quick ? 1 : 5)] + (quick ? [] : [(1_000_000, "1M", 3)]) {
            let (matrix, labels) = makeData(rows: rows)
            var trained: GradientBoostedModel?
            let timing = try timed(repetitions) {
                trained = try GradientBoosting.train(features: matrix, labels: labels, parameters: parameters())
            }
            emit("train_\(label)_x30", timing, ["repetitions": repetitions, "threads": 2])
            if rows == 100_000 { model = trained; testMatrix = matrix.rows(Array(0..<10_000)) }
        }
        guard let model, let testMatrix else { return }
        // Single row: 10,000 calls per sample, reported per call; no allocation inside the loop.
        var scores = [Double](repeating: 0, count: 1)
        var sink = 0.0
        let perCall = 10_000
        // First call on a freshly built ensemble (best of 3): the direct traversal and recursion, as
        // the QuickScorer layout and the Fast TreeSHAP tables are only built once enough rows have
        // used the ensemble (BoostedTrees' _EnsembleCache); the timed loops below run with them.
        func fresh() throws -> GradientBoostedModel {
            let e = model.ensemble
            let ensemble = try TreeEnsemble(treeStarts: e.treeStarts, feature: e.feature, threshold: e.threshold, left: e.left,
                                            right: e.right, value: e.value, cover: e.cover, defaultLeft: e.defaultLeft)
            return GradientBoostedModel(ensemble: ensemble, objective: model.objective, baseScores: model.baseScores,
                                        featureNames: model.featureNames)
        }
        func microseconds(since start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1000 }
        let firstRow = testMatrix.row(0)
        var firstPredict = Double.infinity, firstSHAP = Double.infinity
        for _ in 0..<3 {
            let unprepared = try fresh()
            var start = DispatchTime.now().uptimeNanoseconds
            sink += unprepared.predictRaw(firstRow)[0]
            firstPredict = min(firstPredict, microseconds(since: start))
            start = DispatchTime.now().uptimeNanoseconds
            sink += unprepared.shapValues(firstRow)[0]
            firstSHAP = min(firstSHAP, microseconds(since: start))
        }
        let single = timed(max(30, harness.options.repetitions)) {
            testMatrix.values.withUnsafeBufferPointer { values in
                scores.withUnsafeMutableBufferPointer { output in
                    for i in 0..<perCall {
                        let row = i % testMatrix.rowCount
                        model.predictRaw(row: UnsafeBufferPointer(rebasing: values[(row * featureCount)..<((row + 1) * featureCount)]),
                                         into: output)
                        sink += output[0]
                    }
                }
            }
        }
        emit("predict_single_100x31", (single.median / Double(perCall), single.p99 / Double(perCall)),
             ["trees": model.ensemble.treeCount, "checksum": sink.isFinite, "first_call_us": firstPredict])
        let batch = timed(30) { sink += model.predictRaw(testMatrix, threadCount: 2)[0] }
        emit("predict_batch_10k", batch, ["threads": 2])
        let shapRows = testMatrix.rows(Array(0..<200))
        let shap = timed(30) { sink += model.shapValues(shapRows, threadCount: 1)[0] }
        emit("treeshap_per_row", (shap.median / 200, shap.p99 / 200), ["threads": 1, "first_call_us": firstSHAP])
    }
}
