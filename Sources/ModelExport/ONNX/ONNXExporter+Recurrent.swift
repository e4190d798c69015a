import Cycles
import CyclesLab
import Foundation
import NeuralNet
import TensorCore

extension ONNXExporter {
    /// The graph of a recurrent network:
    /// ```
    /// features [T, N, F] ─ Sub(mean) ─ Div(scale) ─ LSTM ─ Squeeze(axis 1) ─ … ─ LSTM ─ Squeeze ─┬ MatMul(Wᵀ) ─ Add(b) → head 1 [T, N, O₁]
    ///                                                                                           └ …
    /// ```
    /// One ONNX `LSTM` node per layer (`direction = forward`, zero initial state). ONNX orders the
    /// gate blocks `i, o, f, c` where PyTorch (and `NeuralNet.LSTM`) uses `i, f, g, o`, so the
    /// row blocks of `W`, `R` and both biases are permuted; `B` is `[W_b, R_b]` as ONNX expects.
    /// - Throws: `ModelExportError.encodingFailed` if the model cannot be serialized.
    static func export(_ network: RecurrentNetworkLayout, graphName: String, metadata: [String: String]) throws -> ExportedModel {
        var builder = _GraphBuilder(name: graphName)
        let featureCount = network.featureCount
        let hidden = network.lstm.hiddenSize
        let input = network.input
        builder.addInput(input)
        var current = input.name
        if let mean = network.featureMean {
            builder.addInitializer("normalisation.mean", shape: [featureCount], values: mean)
            builder.addNode("Sub", name: "normalise_mean", inputs: [current, "normalisation.mean"], outputs: ["features_centred"])
            current = "features_centred"
        }
        if let scale = network.featureScale {
            builder.addInitializer("normalisation.scale", shape: [featureCount], values: scale)
            builder.addNode("Div", name: "normalise_scale", inputs: [current, "normalisation.scale"], outputs: ["features_normalised"])
            current = "features_normalised"
        }
        builder.addInitializer("squeeze_axes", int64Values: [1])
        for (index, layer) in network.lstm.layers.enumerated() {
            let prefix = "lstm.\(index)"
            let layerInput = index == 0 ? featureCount : hidden
            builder.addInitializer("\(prefix).W", shape: [1, 4 * hidden, layerInput],
                                   values: _onnxGateOrder(layer.weightIH.scalars, hiddenSize: hidden, columns: layerInput))
            builder.addInitializer("\(prefix).R", shape: [1, 4 * hidden, hidden],
                                   values: _onnxGateOrder(layer.weightHH.scalars, hiddenSize: hidden, columns: hidden))
            builder.addInitializer("\(prefix).B", shape: [1, 8 * hidden],
                                   values: _onnxGateOrder(layer.biasIH.scalars, hiddenSize: hidden, columns: 1)
                                       + _onnxGateOrder(layer.biasHH.scalars, hiddenSize: hidden, columns: 1))
            builder.addNode("LSTM", name: prefix, inputs: [current, "\(prefix).W", "\(prefix).R", "\(prefix).B"],
                            outputs: ["\(prefix).Y"],
                            attributes: [_Attribute.int("hidden_size", Int64(hidden)), _Attribute.string("direction", "forward")])
            builder.addNode("Squeeze", name: "\(prefix).squeeze", inputs: ["\(prefix).Y", "squeeze_axes"], outputs: ["\(prefix).hidden"])
            current = "\(prefix).hidden"
        }
        for (head, info) in zip(network.heads, network.outputs) {
            let layer = head.layer
            builder.addInitializer("\(head.name).weight_transposed", shape: [layer.inputSize, layer.outputSize],
                                   values: layer.weight.transposed().scalars)
            builder.addInitializer("\(head.name).bias", shape: [layer.outputSize], values: layer.bias.scalars)
            builder.addNode("MatMul", name: "\(head.name).matmul", inputs: [current, "\(head.name).weight_transposed"],
                            outputs: ["\(head.name).product"])
            builder.addNode("Add", name: "\(head.name).add", inputs: ["\(head.name).product", "\(head.name).bias"], outputs: [head.name])
            builder.addOutput(info)
        }
        return try builder.exported(input: input, outputs: network.outputs, documentation: network.documentation, metadata: metadata)
    }
}

/// Row blocks of a `[4H, columns]` PyTorch gate matrix (`i, f, g, o`) reordered to ONNX's `i, o, f, c`.
func _onnxGateOrder(_ values: [Float], hiddenSize: Int, columns: Int) -> [Float] {
    let block = hiddenSize * columns
    var result: [Float] = []
    result.reserveCapacity(values.count)
    for gate in [0, 3, 1, 2] { result += values[(gate * block)..<((gate + 1) * block)] }
    return result
}
