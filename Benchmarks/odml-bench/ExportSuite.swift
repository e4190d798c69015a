import Foundation
import OnDeviceML

/// `odml-bench export`: OnDeviceML computing what the exported shipped models compute, for the
/// latency comparison with the LiteRT interpreter and onnxruntime on the exported files
/// (Benchmarks/peers/bench_export.py), one thread, buffers allocated before timing:
/// - `gbt_raw_scores_one_row`: every head's raw scores of `Models/cycle-gbt.odml` for one row
///   (`GradientBoostedModel.predictRaw(row:into:)` per head);
/// - `lstm_heads_365_steps`: `Models/cycle-lstm.odml` over one 365-day sequence: normalisation,
///   the batch-1 inference path (`LSTM.run(_:steps:state:outputs:)` from a zero state, as
///   `odml predict` runs it) and every head at every step.
/// Run from the repository root.
enum ExportSuite {
    static func run(_ harness: BenchmarkHarness) throws {
        for (committed, caseName) in [("cycle-gbt", "gbt_raw_scores_one_row"), ("cycle-lstm", "lstm_heads_365_steps")] {
            guard harness.shouldRun(caseName) else { continue }
            let url = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Models/\(committed).odml")
            guard FileManager.default.fileExists(atPath: url.path) else {
                FileHandle.standardError.write(Data("odml-bench export: \(url.path) not found (run from the repository root); \(caseName) skipped\n".utf8))
                continue
            }
            switch try ModelLayout(ModelKindRegistry.load(ModelFile.read(from: url))) {
            case let .trees(trees):
                let row = ModelLayout.trees(trees).sampleInput(rows: 1, seed: 42).values
                var scores = trees.heads.map { [Double](repeating: 0, count: $0.classCount) }
                harness.report(caseName, harness.measure {
                    row.withUnsafeBufferPointer { input in
                        for (index, head) in trees.heads.enumerated() {
                            scores[index].withUnsafeMutableBufferPointer { head.model.predictRaw(row: input, into: $0) }
                        }
                    }
                    BenchmarkHarness.blackHole(scores)
                }, extra: ["input_shape": [1, trees.featureCount]])
            case let .recurrent(network):
                let steps = 365, features = network.featureCount, hidden = network.lstm.hiddenSize
                // The first of 10 sampled sequences of 365 steps.
                let sample = ModelLayout.recurrent(network).sampleInput(rows: steps * 10, seed: 42)
                var raw: [Float] = []
                for step in 0..<steps { raw += sample.values[(step * 10 * features)..<(step * 10 * features + features)] }
                let mean = network.featureMean ?? [Float](repeating: 0, count: features)
                let scale = network.featureScale ?? [Float](repeating: 1, count: features)
                var normalised = raw
                var state = LSTM.StreamingState(for: network.lstm)
                var hiddenStates = [Float](repeating: 0, count: steps * hidden)
                harness.report(caseName, harness.measure {
                    for step in 0..<steps {
                        let row = step * features
                        for feature in 0..<features {
                            normalised[row + feature] = (raw[row + feature] - mean[feature]) / scale[feature]
                        }
                    }
                    state.reset()
                    hiddenStates.withUnsafeMutableBufferPointer { outputs in
                        normalised.withUnsafeBufferPointer { network.lstm.run($0.baseAddress!, steps: steps, state: &state, outputs: outputs.baseAddress!) }
                    }
                    let states = try! Tensor(shape: [steps, hidden], scalars: hiddenStates)
                    for head in network.heads { BenchmarkHarness.blackHole(try! head.layer(states)) }
                }, extra: ["input_shape": [steps, 1, features]])
            case .builtIn:
                continue
            }
        }
    }
}
