import NeuralNet
import TensorCore

/// A recurrent network in exportable form: optional per-feature normalisation, an LSTM stack
/// (PyTorch layout, gates `i, f, g, o`) and linear heads applied to the last layer's hidden
/// state at every step.
///
/// The exported graph reads `features` of shape `TNF` (`[steps, batch, featureCount]`,
/// time-major like `LSTM`) and writes one `[steps, batch, outputSize]` tensor per head.
public struct ONNXRecurrentNetwork: Sendable {
    /// One linear head on the hidden state.
    public struct Head: Sendable {
        /// Output tensor name in the graph, for example `"period_logits"`.
        public var name: String
        /// The head's layer, `[outputSize, hiddenSize]`.
        public var layer: Linear
        /// What the output holds (the output's doc string).
        public var documentation: String

        /// A head named `name`.
        public init(name: String, layer: Linear, documentation: String = "") {
            self.name = name
            self.layer = layer
            self.documentation = documentation
        }
    }

    /// The recurrent body.
    public var lstm: LSTM
    /// Heads in output order.
    public var heads: [Head]
    /// Per-feature mean subtracted before the LSTM (`featureCount` values), or `nil`.
    public var featureMean: [Float]?
    /// Per-feature scale divided by after the mean (`featureCount` values), or `nil`.
    public var featureScale: [Float]?

    /// A network from its parts.
    /// - Throws: `ONNXExportError.invalidSection` when a head's input size is not the LSTM's
    ///   hidden size, or when the normalisation does not have `lstm.inputSize` values.
    public init(lstm: LSTM, heads: [Head], featureMean: [Float]? = nil, featureScale: [Float]? = nil) throws {
        for head in heads where head.layer.inputSize != lstm.hiddenSize {
            throw ONNXExportError.invalidSection(name: head.name,
                                                 reason: "head input size \(head.layer.inputSize), expected the LSTM hidden size \(lstm.hiddenSize)")
        }
        for (name, values) in [("normalisation.mean", featureMean), ("normalisation.scale", featureScale)] {
            if let values, values.count != lstm.inputSize {
                throw ONNXExportError.invalidSection(name: name, reason: "\(values.count) values, expected \(lstm.inputSize)")
            }
        }
        self.lstm = lstm
        self.heads = heads
        self.featureMean = featureMean
        self.featureScale = featureScale
    }

    /// Number of input features per step.
    public var featureCount: Int { lstm.inputSize }

    /// The heads' outputs computed by OnDeviceML (`NeuralNet`), the reference the ONNX graph must match.
    /// - Parameters:
    ///   - input: raw features `[steps, batch, featureCount]`, row-major.
    ///   - steps: `T`.
    ///   - batch: `N`.
    /// - Returns: per head, its output `[steps, batch, outputSize]` row-major.
    /// - Throws: `ONNXExportError.inputMismatch` for a wrong input size.
    public func referenceOutputs(input: [Float], steps: Int, batch: Int) throws -> [String: [Float]] {
        guard steps > 0, batch > 0, input.count == steps * batch * featureCount else {
            throw ONNXExportError.inputMismatch(expected: "\(steps) x \(batch) x \(featureCount) values", found: "\(input.count) values")
        }
        var normalised = input
        for index in normalised.indices {
            let feature = index % featureCount
            if let featureMean { normalised[index] -= featureMean[feature] }
            if let featureScale { normalised[index] /= featureScale[feature] }
        }
        let sequence = try Tensor(shape: [steps, batch, featureCount], scalars: normalised)
        let hidden = try lstm(sequence).outputs.reshaped(to: [steps * batch, lstm.hiddenSize])
        var outputs: [String: [Float]] = [:]
        for head in heads { outputs[head.name] = try head.layer(hidden).scalars }
        return outputs
    }
}
