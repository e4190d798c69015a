import Foundation
import OnDeviceML

/// `odml-bench export`: OnDeviceML computing what the exported shipped models compute, for the
/// latency comparison with the LiteRT interpreter and onnxruntime on the exported files
/// (Benchmarks/peers/bench_export.py): every head's raw scores of `Models/cycle-gbt.odml` for one
/// row, and every head of `Models/cycle-lstm.odml` over one 365-day sequence (normalisation, LSTM,
/// heads), both through `ModelLayout.referenceOutputs`, the reference of the parity checks.
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
            let layout = try ModelKindRegistry.load(ModelFile.read(from: url)).layout
            var input: (values: [Float], shape: [Int])
            switch layout {
            case .recurrent:
                // The first of 10 sampled sequences of 365 steps, as one [365, 1, F] sequence.
                let sample = layout.sampleInput(rows: 3650, seed: 42)
                let (steps, batch, features) = (sample.shape[0], sample.shape[1], sample.shape[2])
                input.values = (0..<steps).flatMap { step in sample.values[(step * batch * features)..<((step * batch + 1) * features)] }
                input.shape = [steps, 1, features]
            default:
                input = layout.sampleInput(rows: 1, seed: 42)
            }
            harness.report(caseName, harness.measure {
                BenchmarkHarness.blackHole(try! layout.referenceOutputs(input: input.values, shape: input.shape))
            }, extra: ["input_shape": input.shape])
        }
    }
}
