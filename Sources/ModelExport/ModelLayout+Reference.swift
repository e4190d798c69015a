import BoostedTrees
import Cycles
import CyclesLab
import TensorCore

extension ModelLayout {
    /// The shape of the input for `rows` feature vectors: `[rows / batch, batch, F]` (`batch` =
    /// 10 sequences, or fewer for small `rows`) for a recurrent model, `[rows, F]` for trees,
    /// `[]` for a built-in predictor.
    public func inputShape(rows: Int) -> [Int] {
        switch self {
        case let .recurrent(network):
            let batch = max(1, min(10, rows))
            return [max(1, rows / batch), batch, network.featureCount]
        case let .trees(trees):
            return [rows, trees.featureCount]
        case .builtIn:
            return []
        }
    }

    /// Outputs computed by OnDeviceML for `input` of shape `shape` (see `inputShape(rows:)`), by
    /// output name: the reference another runtime's outputs are compared with. Recurrent models
    /// run `NeuralNet.LSTM` and the heads on `(x - mean) / scale`; trees sum leaf values in
    /// `Double` (`GradientBoostedModel.predictRaw`, `NaN` follows `defaultLeft`). Labels are not
    /// included (they are the arg-max of the raw scores).
    /// - Throws: `ModelExportError.inputMismatch` when `input` and `shape` do not fit the model,
    ///   `.nothingToExport` for a built-in predictor.
    public func referenceOutputs(input: [Float], shape: [Int]) throws -> [String: [Float]] {
        switch self {
        case let .recurrent(network):
            guard shape.count == 3, shape[2] == network.featureCount, shape[0] > 0, shape[1] > 0,
                  input.count == shape.reduce(1, *) else {
                throw ModelExportError.inputMismatch(expected: "shape [steps, batch, \(network.featureCount)]",
                                                     found: "shape \(shape) with \(input.count) values")
            }
            return try network.referenceOutputs(input: input, steps: shape[0], batch: shape[1])
        case let .trees(trees):
            guard shape.count == 2, shape[1] == trees.featureCount, shape[0] > 0, input.count == shape[0] * shape[1] else {
                throw ModelExportError.inputMismatch(expected: "shape [batch, \(trees.featureCount)]",
                                                     found: "shape \(shape) with \(input.count) values")
            }
            return try trees.referenceOutputs(input: input, rows: shape[0])
        case .builtIn:
            throw ModelExportError.nothingToExport(kind: "built-in")
        }
    }
}

extension RecurrentNetworkLayout {
    /// The heads' outputs `[steps, batch, outputSize]` for raw features `[steps, batch, featureCount]`.
    func referenceOutputs(input: [Float], steps: Int, batch: Int) throws -> [String: [Float]] {
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

extension TreeModelLayout {
    /// Each head's raw scores `[rows, classCount]` for features `[rows, featureCount]`.
    func referenceOutputs(input: [Float], rows: Int) throws -> [String: [Float]] {
        let matrix = try FeatureMatrix(values: input, rowCount: rows, featureCount: featureCount)
        var outputs: [String: [Float]] = [:]
        for head in heads { outputs[head.name] = head.model.predictRaw(matrix).map(Float.init) }
        return outputs
    }
}
