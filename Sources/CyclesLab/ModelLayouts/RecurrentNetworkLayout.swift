import ModelFiles
import NeuralNet

/// A recurrent model as exporters read it: optional per-feature normalisation, an LSTM stack
/// (PyTorch layout, gates `i, f, g, o`) and linear heads applied to the last layer's hidden state
/// at every step.
///
/// The computation reads `features` of shape `TNF` (`[steps, batch, featureCount]`, time-major
/// like `LSTM`, raw values before normalisation) and writes one `[steps, batch, outputSize]`
/// tensor per head: `y = head((x - mean) / scale)` through the LSTM with a zero initial state.
public struct RecurrentNetworkLayout: Sendable {
    /// One linear head on the hidden state.
    package struct Head: Sendable {
        /// Output name, for example `"period_logits"`.
        package var name: String
        /// The head's layer, weight `[outputSize, hiddenSize]`.
        package var layer: Linear
        /// What the output holds (the output's doc string).
        package var documentation: String

        /// A head named `name`.
        package init(name: String, layer: Linear, documentation: String = "") {
            self.name = name
            self.layer = layer
            self.documentation = documentation
        }
    }

    /// The recurrent body.
    package var lstm: LSTM
    /// Heads in output order.
    package var heads: [Head]
    /// Per-feature mean subtracted before the LSTM (`featureCount` values), or `nil`.
    package var featureMean: [Float]?
    /// Per-feature scale divided by after the mean (`featureCount` values, all > 0), or `nil`.
    package var featureScale: [Float]?
    /// What the model computes and what stays outside it (the exported model's doc string).
    package var documentation: String

    /// A layout from its parts.
    /// - Throws: `ModelFileError.shapeMismatch` when a head's input size is not the LSTM's hidden
    ///   size, when there is no head, or when the normalisation does not have `lstm.inputSize`
    ///   values (scales must be > 0).
    package init(lstm: LSTM, heads: [Head], featureMean: [Float]? = nil, featureScale: [Float]? = nil,
                documentation: String = "") throws {
        guard !heads.isEmpty else { throw ModelFileError.shapeMismatch(section: "heads", detail: "a recurrent model needs at least one head") }
        for head in heads where head.layer.inputSize != lstm.hiddenSize {
            throw ModelFileError.shapeMismatch(section: head.name,
                                               detail: "head input size \(head.layer.inputSize), expected the LSTM hidden size \(lstm.hiddenSize)")
        }
        for (name, values) in [("normalisation.mean", featureMean), ("normalisation.scale", featureScale)] {
            if let values, values.count != lstm.inputSize {
                throw ModelFileError.shapeMismatch(section: name, detail: "\(values.count) values, expected \(lstm.inputSize)")
            }
        }
        if let featureScale, let bad = featureScale.firstIndex(where: { !($0 > 0) }) {
            throw ModelFileError.shapeMismatch(section: "normalisation.scale", detail: "value \(featureScale[bad]) at feature \(bad); scales must be > 0")
        }
        self.lstm = lstm
        self.heads = heads
        self.featureMean = featureMean
        self.featureScale = featureScale
        self.documentation = documentation
    }

    /// Number of input features per step.
    package var featureCount: Int { lstm.inputSize }

    /// The input `features` `[steps, batch, featureCount]`.
    package var input: TensorDescription {
        TensorDescription(name: "features", shape: [.symbolic("steps"), .symbolic("batch"), .fixed(featureCount)],
                          documentation: "Raw (unnormalised) features per step, time-major [steps, batch, features].")
    }

    /// One output per head, `[steps, batch, outputSize]`.
    package var outputs: [TensorDescription] {
        heads.map { head in
            TensorDescription(name: head.name, shape: [.symbolic("steps"), .symbolic("batch"), .fixed(head.layer.outputSize)],
                              documentation: head.documentation)
        }
    }
}
