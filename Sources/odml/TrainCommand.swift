import ArgumentParser
import Foundation
import OnDeviceML

/// `odml train`: trains a cycle model on a synthetic dataset and writes a `.odml` file.
/// The training logic lives in `Cycles` (one entry point per model kind); this file only parses
/// options, splits users, reports progress and writes the file.
struct TrainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train",
        abstract: "Train an LSTM or GBT cycle model on a dataset and write a .odml file.",
        discussion: "With --json, stdout gets one JSON object per line: one per LSTM epoch, then a summary of the written file."
    )

    /// The models `odml train` trains, by their model names (`ModelKind.modelName`).
    enum TrainedModel: String, ExpressibleByArgument, CaseIterable {
        case lstm, gbt
    }

    @Option(name: .long, help: "Model kind: lstm or gbt.")
    var model: TrainedModel

    @Option(name: .long, help: "Dataset directory (repeat to train on several cohorts).")
    var data: [String]

    @Option(name: .long, help: "Output model file (.odml).")
    var out: String

    @Option(name: .long, help: "Share of users held out for validation and early stopping.")
    var validationFraction = 0.2

    @Option(name: .long, help: "Seed for the split, initialisation and shuffling.")
    var seed: UInt64 = 7

    @Option(name: .long, help: "Tensor precision in the file.")
    var precision: TensorPrecision = .fp32

    @Option(name: .long, help: "LSTM: hidden units.")
    var hidden = 32

    @Option(name: .long, help: "LSTM: maximum epochs (early stopping may end sooner).")
    var epochs = 30

    @Option(name: .long, help: "LSTM: users per mini-batch.")
    var batchSize = 32

    @Option(name: .long, help: "LSTM: AdamW base learning rate.")
    var learningRate: Float = 5e-3

    @Flag(name: .long, inversion: .prefixedNo,
          help: "LSTM: give training users realistic logging gaps (period-only loggers, a 30-day gap, skipped days, a forgotten period).")
    var augmentMissingness = true

    @Option(name: .long, help: "Training threads (BLAS).")
    var threads = 2

    @Option(name: .long, help: "GBT: boosting iterations of the period model.")
    var trees: Int = 150

    @Option(name: .long, help: "GBT: leaves per tree of the period model.")
    var leaves: Int = 15

    @Option(name: .long, help: "GBT: learning rate.")
    var gbtLearningRate: Double = 0.08

    @Option(name: .long, help: "GBT: use every N-th day of each user as a training row.")
    var dayStride: Int = 1

    @Flag(name: .long, help: "Print nothing but errors.")
    var quiet = false

    @OptionGroup var output: JSONOutputOptions

    func validate() throws {
        guard !data.isEmpty else { throw ValidationError("--data is required (a dataset directory written by odml generate)") }
        for directory in data { try ArgumentCheck.existingPath(directory, option: "--data", what: "dataset directory") }
        guard validationFraction > 0, validationFraction < 1 else { throw ValidationError("--validation-fraction must be in (0, 1), found \(validationFraction)") }
        guard trees >= 1, leaves >= 2, dayStride >= 1, gbtLearningRate > 0 else {
            throw ValidationError("--trees must be >= 1, --leaves >= 2, --day-stride >= 1 and --gbt-learning-rate > 0")
        }
        guard hidden > 0, epochs > 0, batchSize > 0, threads > 0 else { throw ValidationError("--hidden, --epochs, --batch-size and --threads must be positive") }
    }

    func run() throws {
        switch model {
        case .lstm: try trainLSTM()
        case .gbt: try trainGBT()
        }
    }

    private func trainGBT() throws {
        let datasets = try data.map { try CycleDataset.load(from: URL(fileURLWithPath: $0)) }
        var options = GBTTrainingOptions()
        options.trees = trees
        options.leaves = leaves
        options.learningRate = gbtLearningRate
        options.dayStride = dayStride
        options.seed = seed
        let started = Date()
        let predictor = try GBTCyclePredictor.train(on: TrainCommand.merged(datasets), options: options) { line in
            if !quiet { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        }
        let url = URL(fileURLWithPath: out)
        try predictor.save(to: url, metrics: ["calibration.remaining_offset_days": predictor.remainingOffset])
        let bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        let seconds = Date().timeIntervalSince(started)
        if output.json {
            let summary: [String: Any] = ["model": TrainedModel.gbt.rawValue, "out": out, "bytes": bytes, "seconds": seconds,
                                          "period_trees": predictor.remaining.ensemble.treeCount]
            print(String(decoding: try JSONSerialization.data(withJSONObject: summary, options: [.sortedKeys]), as: UTF8.self))
        } else if !quiet {
            FileHandle.standardError.write(Data(String(format: "wrote %@ (%d bytes, %d period trees) in %.1f s\n",
                                                       out, bytes, predictor.remaining.ensemble.treeCount, seconds).utf8))
        }
    }

    private func trainLSTM() throws {
        var train: [CycleDataset] = [], validation: [CycleDataset] = []
        for directory in data {
            let dataset = try CycleDataset.load(from: URL(fileURLWithPath: directory))
            let split = dataset.splitByUser(testFraction: validationFraction, seed: seed)
            train.append(split.train)
            validation.append(split.test)
        }
        var configuration = LSTMCyclePredictor.TrainingConfiguration()
        configuration.hiddenSize = hidden
        configuration.epochs = epochs
        configuration.batchSize = batchSize
        configuration.learningRate = learningRate
        configuration.seed = seed
        configuration.threads = threads
        configuration.augmentMissingness = augmentMissingness
        let started = Date()
        let predictor = try LSTMCyclePredictor.train(on: TrainCommand.merged(train), validation: TrainCommand.merged(validation),
                                                     configuration: configuration) { progress in
            if output.json { print(progress.jsonLine) } else if !quiet { FileHandle.standardError.write(Data((progress.line + "\n").utf8)) }
        }
        let url = URL(fileURLWithPath: out)
        try predictor.save(to: url, precision: precision)
        let bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        let seconds = Date().timeIntervalSince(started)
        if output.json {
            let summary: [String: Any] = ["model": TrainedModel.lstm.rawValue, "out": out, "bytes": bytes, "seconds": seconds,
                                          "metrics": predictor.metrics, "period_quantile": predictor.periodQuantile]
            print(String(decoding: try JSONSerialization.data(withJSONObject: summary, options: [.sortedKeys]), as: UTF8.self))
        } else if !quiet {
            let accuracy = predictor.metrics["validation.period_start.alert_accuracy"] ?? 0
            FileHandle.standardError.write(Data(String(format: "wrote %@ (%d bytes) in %.1f s; validation alert accuracy %.3f\n",
                                                       out, bytes, seconds, accuracy).utf8))
        }
    }

    /// Several datasets' users (and truth) as one dataset; user ids get a `d<index>/` prefix
    /// so that ids repeated across directories stay distinct.
    static func merged(_ datasets: [CycleDataset]) -> CycleDataset {
        guard datasets.count > 1 else { return datasets[0] }
        var users: [UserHistory] = []
        var truth: [String: [CycleTruth]] = [:]
        var hasTruth = true
        for (index, dataset) in datasets.enumerated() {
            for var user in dataset.users {
                let original = user.userID
                user.profile.id = "d\(index)/" + original
                users.append(user)
                if let rows = dataset.truth?[original] { truth[user.userID] = rows }
            }
            if dataset.truth == nil { hasTruth = false }
        }
        return CycleDataset(users: users, truth: hasTruth ? truth : nil)
    }
}
