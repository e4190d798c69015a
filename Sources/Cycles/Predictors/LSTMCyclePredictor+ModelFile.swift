import Foundation
import ModelFiles
import NeuralNet
import TensorCore

extension LSTMCyclePredictor {
    /// What the period head's classes stand for, written to the model file (`period_target`).
    /// `posterior_tilt`: days to the next start minus the signal-anchored remaining days
    /// (`baseDays`), the head's logits added to the ovulation posterior's log-probabilities
    /// (`periodPrior`); files of the earlier heads (`anchored_correction`, `calendar_correction`:
    /// logits alone) are rejected.
    package static let periodTarget = "posterior_tilt \(Network.periodCorrections.lowerBound)...\(Network.periodCorrections.upperBound)"

    /// The predictor as a model file: every network parameter under its stable key, the
    /// feature normalisation (`normalisation.mean`, `normalisation.scale`, also in the
    /// header's feature specs), the feature-builder version, the period head's target, the
    /// point-forecast quantile and hidden size in the properties, and the validation metrics.
    package func modelFile() -> ModelFile {
        let features = zip(DailyFeatureBuilder.features, zip(featureMean, featureScale))
            .map { feature, normalisation in
                FeatureSpec(name: feature.name, group: feature.group.rawValue,
                            scaling: .standardization(mean: Double(normalisation.0), standardDeviation: Double(normalisation.1)))
            }
        var properties = self.properties
        properties["hidden_size"] = String(network.lstm.hiddenSize)
        properties["layer_count"] = String(network.lstm.layerCount)
        properties["period_quantile"] = String(periodQuantile)
        properties["feature_builder"] = DailyFeatureBuilder.version
        properties["period_target"] = LSTMCyclePredictor.periodTarget
        properties["alert_threshold"] = alertThreshold.map { String($0) }
        var file = ModelFile(header: ModelHeader(kind: ModelKind.cycleLSTM.name, features: features, metrics: metrics, properties: properties))
        for (key, value) in network.parameters { file.setTensor(key, value) }
        file.setTensor("normalisation.mean", Tensor(featureMean))
        file.setTensor("normalisation.scale", Tensor(featureScale))
        return file
    }

    /// Writes the model file atomically at `url`.
    package func save(to url: URL, precision: TensorPrecision = .fp32) throws {
        try modelFile().write(to: url, precision: precision)
    }

    /// Reads a predictor written by `save(to:precision:)`.
    /// - Throws: `ModelFileError` for a malformed file or a file of another kind or shape.
    public static func load(from url: URL) throws -> LSTMCyclePredictor {
        try LSTMCyclePredictor(modelFile: ModelFile.read(from: url))
    }

    /// A predictor from a decoded model file.
    /// - Throws: `ModelFileError.invalidHeader` for another kind, a file of an older feature
    ///   builder or period head (retrain it) or bad properties, `.missingSection` /
    ///   `.shapeMismatch` for missing or misshapen tensors.
    public init(modelFile file: ModelFile) throws {
        guard file.header.kind == ModelKind.cycleLSTM.name else {
            throw ModelFileError.invalidHeader(reason: "kind is \"\(file.header.kind)\", expected \"\(ModelKind.cycleLSTM.name)\"")
        }
        let properties = file.header.properties
        let builder = properties["feature_builder"] ?? "daily-v1"
        guard builder == DailyFeatureBuilder.version, properties["period_target"] == LSTMCyclePredictor.periodTarget else {
            throw ModelFileError.invalidHeader(
                reason: "\(ModelKind.cycleLSTM.name) file built with feature builder \(builder) (\(file.header.features.count) features, period head " +
                    "\(properties["period_target"] ?? "days until start 0...60")); this build reads \(DailyFeatureBuilder.version) " +
                    "(\(DailyFeatureBuilder.featureCount) features, period head \(LSTMCyclePredictor.periodTarget)): retrain it with odml train --model lstm")
        }
        guard let hidden = properties["hidden_size"].flatMap(Int.init), hidden > 0,
              let layers = properties["layer_count"].flatMap(Int.init), layers > 0,
              let quantile = properties["period_quantile"].flatMap(Double.init), quantile > 0, quantile < 1 else {
            throw ModelFileError.invalidHeader(reason: "properties hidden_size, layer_count and period_quantile must be set (found \(properties))")
        }
        let names = file.header.features.map(\.name)
        guard names == DailyFeatureBuilder.featureNames else {
            throw ModelFileError.invalidHeader(reason: "features \(names.count) do not match this build's \(DailyFeatureBuilder.featureCount) daily features")
        }
        var generator = SeededGenerator(seed: 0)
        var network = Network(featureCount: DailyFeatureBuilder.featureCount, hiddenSize: hidden, layerCount: layers, using: &generator)
        do {
            try network.loadParameters { try file.tensor($0) }
        } catch let error as NeuralNetError {
            throw ModelFileError.shapeMismatch(section: "network", detail: error.description)
        }
        let mean = try file.tensor("normalisation.mean").scalars
        let scale = try file.tensor("normalisation.scale").scalars
        guard mean.count == DailyFeatureBuilder.featureCount, scale.count == mean.count, scale.allSatisfy({ $0 > 0 }) else {
            throw ModelFileError.shapeMismatch(section: "normalisation", detail: "expected \(DailyFeatureBuilder.featureCount) means and positive scales")
        }
        var alertThreshold: Double?
        if let text = properties["alert_threshold"] {
            guard let value = Double(text), value.isFinite else {
                throw ModelFileError.invalidHeader(reason: "property alert_threshold = \"\(text)\" is not a number")
            }
            alertThreshold = value
        }
        try self.init(network: network, featureMean: mean, featureScale: scale, periodQuantile: quantile,
                      alertThreshold: alertThreshold, metrics: file.header.metrics, properties: properties)
    }
}
