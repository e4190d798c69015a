import Foundation

/// One epoch's progress report, handed to a training loop's callback.
public struct TrainingProgress: Sendable, Codable, Equatable {
    /// 1-based epoch.
    public var epoch: Int
    /// Planned number of epochs.
    public var epochCount: Int
    /// Mean training loss over the epoch.
    public var trainingLoss: Double
    /// Validation loss, when a validation split exists.
    public var validationLoss: Double?
    /// Name of the validation metric (e.g. `"accuracy_2d"`).
    public var metricName: String?
    /// Validation metric value.
    public var validationMetric: Double?
    /// Training throughput in sequences per second.
    public var sequencesPerSecond: Double
    /// Learning rate at the end of the epoch.
    public var learningRate: Double
    /// Seconds since training started.
    public var elapsedSeconds: Double
    /// `true` when this epoch is the best so far on the validation split.
    public var isBest: Bool

    public init(epoch: Int, epochCount: Int, trainingLoss: Double, validationLoss: Double? = nil, metricName: String? = nil,
                validationMetric: Double? = nil, sequencesPerSecond: Double, learningRate: Double, elapsedSeconds: Double,
                isBest: Bool = false) {
        self.epoch = epoch
        self.epochCount = epochCount
        self.trainingLoss = trainingLoss
        self.validationLoss = validationLoss
        self.metricName = metricName
        self.validationMetric = validationMetric
        self.sequencesPerSecond = sequencesPerSecond
        self.learningRate = learningRate
        self.elapsedSeconds = elapsedSeconds
        self.isBest = isBest
    }

    enum CodingKeys: String, CodingKey {
        case epoch, epochCount = "epoch_count", trainingLoss = "training_loss", validationLoss = "validation_loss"
        case metricName = "metric", validationMetric = "validation_metric", sequencesPerSecond = "sequences_per_second"
        case learningRate = "learning_rate", elapsedSeconds = "elapsed_seconds", isBest = "best"
    }

    /// A one-line human summary, e.g. `epoch 3/20  loss 1.234  val 1.300  accuracy_2d 0.612 *  850 seq/s  lr 0.002  12.3 s`.
    public var line: String {
        var parts = ["epoch \(epoch)/\(epochCount)", String(format: "loss %.4f", trainingLoss)]
        if let validationLoss { parts.append(String(format: "val %.4f", validationLoss)) }
        if let metricName, let validationMetric {
            parts.append(String(format: "%@ %.4f%@", metricName, validationMetric, isBest ? " *" : ""))
        }
        parts.append(String(format: "%.0f seq/s", sequencesPerSecond))
        parts.append(String(format: "lr %.2g", learningRate))
        parts.append(String(format: "%.1f s", elapsedSeconds))
        return parts.joined(separator: "  ")
    }

    /// The report as one JSON object on one line (keys in `snake_case`, sorted).
    public var jsonLine: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? "{}"
    }
}
