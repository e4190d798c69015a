import Foundation
import ModelFiles
import NeuralNet
import TensorCore

extension ONNXExportableModel {
    /// The LSTM and heads stored in a `cycle-lstm` model file.
    static func recurrentNetwork(from file: ModelFile) throws -> ONNXRecurrentNetwork {
        let names = Set(file.tensorNames)
        var layers: [LSTM.Weights] = []
        while names.contains("lstm.\(layers.count).weight_ih") {
            let prefix = "lstm.\(layers.count)"
            layers.append(LSTM.Weights(weightIH: try file.tensor("\(prefix).weight_ih"), weightHH: try file.tensor("\(prefix).weight_hh"),
                                       biasIH: try file.tensor("\(prefix).bias_ih"), biasHH: try file.tensor("\(prefix).bias_hh")))
        }
        guard let first = layers.first, first.weightIH.rank == 2, first.weightIH.shape[0] % 4 == 0, first.weightIH.shape[0] > 0 else {
            throw ONNXExportError.invalidSection(name: "lstm.0.weight_ih", reason: "missing, or not a [4H, F] matrix")
        }
        let hidden = first.weightIH.shape[0] / 4, featureCount = first.weightIH.shape[1]
        for (index, layer) in layers.enumerated() {
            let input = index == 0 ? featureCount : hidden
            let expected: [(String, Tensor, [Int])] = [("weight_ih", layer.weightIH, [4 * hidden, input]), ("weight_hh", layer.weightHH, [4 * hidden, hidden]),
                                                      ("bias_ih", layer.biasIH, [4 * hidden]), ("bias_hh", layer.biasHH, [4 * hidden])]
            for (name, tensor, shape) in expected where tensor.shape != shape {
                throw ONNXExportError.invalidSection(name: "lstm.\(index).\(name)", reason: "shape \(tensor.shape), expected \(shape)")
            }
        }
        var generator = SeededGenerator(seed: 0)
        var lstm = LSTM(inputSize: featureCount, hiddenSize: hidden, layerCount: layers.count, using: &generator)
        lstm.layers = layers
        let headNames = Set(file.tensorNames.compactMap { name -> String? in
            guard name.hasPrefix("head."), name.hasSuffix(".weight") else { return nil }
            return String(name.dropFirst("head.".count).dropLast(".weight".count))
        })
        let ordered = cycleHeadOrder.filter(headNames.contains) + headNames.subtracting(cycleHeadOrder).sorted()
        guard !ordered.isEmpty else {
            throw ONNXExportError.invalidSection(name: "head.period.weight", reason: "the model file has no head.<name>.weight tensor")
        }
        let heads = try ordered.map { name in
            let weight = try file.tensor("head.\(name).weight"), bias = try file.tensor("head.\(name).bias")
            guard weight.rank == 2, bias.shape == [weight.shape[0]] else {
                throw ONNXExportError.invalidSection(name: "head.\(name)", reason: "weight \(weight.shape) and bias \(bias.shape) are not [O, H] and [O]")
            }
            return ONNXRecurrentNetwork.Head(name: "\(name)_logits", layer: try Linear(weight: weight, bias: bias),
                                             documentation: "Raw output of head.\(name) after each step [steps, batch, \(weight.shape[0])].")
        }
        let mean = names.contains("normalisation.mean") ? try file.tensor("normalisation.mean").scalars : nil
        let scale = names.contains("normalisation.scale") ? try file.tensor("normalisation.scale").scalars : nil
        if let scale, let bad = scale.firstIndex(where: { !($0 > 0) }) {
            throw ONNXExportError.invalidSection(name: "normalisation.scale", reason: "value \(scale[bad]) at feature \(bad); scales must be > 0")
        }
        return try ONNXRecurrentNetwork(lstm: lstm, heads: heads, featureMean: mean, featureScale: scale)
    }

    /// The tree ensembles stored in a `cycle-gbt` model file.
    static func treeModel(from file: ModelFile) throws -> ONNXTreeModel {
        let sections = Set(file.treeEnsembleNames)
        let ordered = cycleHeadOrder.filter(sections.contains) + sections.subtracting(cycleHeadOrder).sorted()
        guard !ordered.isEmpty else {
            throw ONNXExportError.invalidSection(name: "period", reason: "the model file has no tree ensemble")
        }
        let heads = try ordered.map { name in
            let key = "\(name).base_scores"
            guard let text = file.header.properties[key] else {
                throw ONNXExportError.invalidProperty(key: key, reason: "missing; expected one base score per class")
            }
            let words = text.split(separator: " ")
            let scores = words.compactMap { Double($0) }.map { Float($0) }
            guard !scores.isEmpty, scores.count == words.count else {
                throw ONNXExportError.invalidProperty(key: key, reason: "\"\(text)\" is not a list of numbers")
            }
            let objective = file.header.properties["\(name).objective"] ?? "unknown objective"
            return ONNXTreeModel.Head(name: "\(name)_raw", labelName: "\(name)_label", ensemble: try file.treeEnsemble(name),
                                      classCount: scores.count, baseScores: scores,
                                      documentation: "Raw scores of \(name) (\(objective)) [batch, \(scores.count)].")
        }
        let largestFeature = heads.flatMap(\.ensemble.feature).max() ?? -1
        let featureCount = file.header.features.isEmpty ? Int(largestFeature) + 1 : file.header.features.count
        return try ONNXTreeModel(featureCount: featureCount, heads: heads)
    }
}
