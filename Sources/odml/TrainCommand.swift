import ArgumentParser
import BoostedTrees
import Foundation
import OnDeviceML

/// `odml train`: trains a cycle model on a dataset directory and writes an `.odml` file.
struct TrainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train",
        abstract: "Train a cycle model (gbt or lstm) on a dataset and write it as an .odml file."
    )

    @Option(name: .long, help: "Model kind: gbt or lstm.")
    var model: String

    @Option(name: .long, help: "Dataset directory (or .sqlite file); several may be joined with commas.")
    var data: String

    @Option(name: .long, help: "Output model file (.odml).")
    var out: String

    @Option(name: .long, help: "Boosting iterations of the period model (gbt).")
    var trees: Int = 150

    @Option(name: .long, help: "Leaves per tree of the period model (gbt).")
    var leaves: Int = 15

    @Option(name: .long, help: "Learning rate (gbt).")
    var learningRate: Double = 0.08

    @Option(name: .long, help: "Period objective (gbt): poisson or l2.")
    var objective: String = "poisson"

    @Option(name: .long, help: "Use every N-th day of each user as a training row (gbt).")
    var dayStride: Int = 1

    @Option(name: .long, help: "Seed of subsampling and of the calibration split.")
    var seed: UInt64 = 7

    func validate() throws {
        guard ["gbt", "lstm"].contains(model) else { throw ValidationError("--model must be gbt or lstm, got \(model)") }
        guard trees >= 1, leaves >= 2, dayStride >= 1, learningRate > 0 else {
            throw ValidationError("--trees must be >= 1, --leaves >= 2, --day-stride >= 1 and --learning-rate > 0")
        }
        guard ["poisson", "l2"].contains(objective) else { throw ValidationError("--objective must be poisson or l2, got \(objective)") }
    }

    func run() throws {
        switch model {
        case "gbt":
            try CyclesCommandSupport.run {
                let parts = try data.split(separator: ",").map { try CyclesCommandSupport.loadDataset(String($0), lenient: false) }
                var dataset = parts[0]
                for part in parts.dropFirst() {
                    dataset.users += part.users
                    if let truth = part.truth { dataset.truth = (dataset.truth ?? [:]).merging(truth) { first, _ in first } }
                }
                var options = GBTTrainingOptions()
                options.trees = trees
                options.leaves = leaves
                options.learningRate = learningRate
                options.periodObjective = objective == "l2" ? .squaredError : .poisson
                options.dayStride = dayStride
                options.seed = seed
                let start = Date()
                let predictor = try GBTCyclePredictor.train(on: dataset, options: options) { CyclesCommandSupport.printError($0) }
                let url = URL(fileURLWithPath: out)
                try predictor.save(to: url, metrics: ["calibration.remaining_offset_days": predictor.remainingOffset])
                let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
                print("wrote \(out): \(size) bytes, \(predictor.remaining.ensemble.treeCount) period trees, "
                      + String(format: "offset %+.1f d, trained in %.1f s", predictor.remainingOffset, Date().timeIntervalSince(start)))
            }
        default:
            throw ValidationError("lstm training is not built yet in this command; use the NeuralNet engineer's trainer")
        }
    }
}
