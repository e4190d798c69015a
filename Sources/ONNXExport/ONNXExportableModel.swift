import Foundation
import ModelFiles
import NeuralNet
import TensorCore

/// A model that can be exported to ONNX, with the reference outputs OnDeviceML computes for it.
///
/// From a model file:
/// - `cycle-lstm`: tensors `lstm.<layer>.weight_ih|weight_hh|bias_ih|bias_hh`,
///   `head.<name>.weight|bias` and `normalisation.mean|scale`. Input `features`
///   `[steps, batch, F]` holds the raw daily features (the output of the Swift feature builder,
///   before normalisation); outputs `<name>_logits` `[steps, batch, classes]` are the heads'
///   raw outputs after every day (period: 61 logits of days until the next start; ovulation:
///   one logit; energy, mood: 3 logits).
/// - `cycle-gbt`: tree ensembles `period`, `ovulation`, `energy`, `mood` with header properties
///   `<name>.base_scores`. Input `features` `[batch, F]` holds the tabular features (`NaN` =
///   missing); outputs `<name>_raw` `[batch, classes]` are raw scores before the objective's
///   link (`exp` for Poisson, sigmoid, soft-max), plus `<name>_label` for multiclass heads.
public enum ONNXExportableModel: Sendable {
    /// The model-file kind of the LSTM cycle model.
    public static let cycleLSTMKind = "cycle-lstm"
    /// The model-file kind of the boosted-trees cycle model.
    public static let cycleGBTKind = "cycle-gbt"
    /// Canonical head order of the cycle models (other heads follow, sorted).
    static let cycleHeadOrder = ["period", "ovulation", "energy", "mood"]

    /// An LSTM with heads.
    case recurrent(ONNXRecurrentNetwork)
    /// Boosted tree ensembles.
    case trees(ONNXTreeModel)

    /// The exportable form of a model file.
    /// - Throws: `ONNXExportError` for an unsupported kind or missing or misshapen sections.
    public init(modelFile file: ModelFile) throws {
        switch file.header.kind {
        case ONNXExportableModel.cycleLSTMKind: self = .recurrent(try ONNXExportableModel.recurrentNetwork(from: file))
        case ONNXExportableModel.cycleGBTKind: self = .trees(try ONNXExportableModel.treeModel(from: file))
        default: throw ONNXExportError.unsupportedKind(kind: file.header.kind, supported: ONNXExporter.supportedKinds)
        }
    }

    /// The ONNX model.
    /// - Throws: `SwiftProtobuf.BinaryEncodingError` if serialization fails.
    public func exported(metadata: [String: String] = [:]) throws -> ONNXModel {
        switch self {
        case let .recurrent(network):
            return try ONNXExporter.export(network, graphName: "cycle_lstm", documentation: ONNXExportableModel.recurrentDocumentation,
                                           metadata: metadata)
        case let .trees(trees):
            return try ONNXExporter.export(trees, graphName: "cycle_gbt", documentation: ONNXExportableModel.treesDocumentation,
                                           metadata: metadata)
        }
    }

    /// The shape of the input for `rows` feature vectors: `[rows / batch, batch, F]` (`batch` =
    /// 10 sequences, or fewer for small `rows`) for the LSTM, `[rows, F]` for trees.
    public func inputShape(rows: Int) -> [Int] {
        switch self {
        case let .recurrent(network):
            let batch = max(1, min(10, rows))
            return [max(1, rows / batch), batch, network.featureCount]
        case let .trees(trees):
            return [rows, trees.featureCount]
        }
    }

    /// Outputs computed by OnDeviceML for `input` of shape `shape` (see `inputShape(rows:)`), by output name.
    /// - Throws: `ONNXExportError.inputMismatch` when `input` and `shape` do not fit the model.
    public func referenceOutputs(input: [Float], shape: [Int]) throws -> [String: [Float]] {
        switch self {
        case let .recurrent(network):
            guard shape.count == 3, shape[2] == network.featureCount else {
                throw ONNXExportError.inputMismatch(expected: "shape [steps, batch, \(network.featureCount)]", found: "shape \(shape)")
            }
            return try network.referenceOutputs(input: input, steps: shape[0], batch: shape[1])
        case let .trees(trees):
            guard shape.count == 2, shape[1] == trees.featureCount else {
                throw ONNXExportError.inputMismatch(expected: "shape [batch, \(trees.featureCount)]", found: "shape \(shape)")
            }
            return try trees.referenceOutputs(input: input, rows: shape[0])
        }
    }

    static let recurrentDocumentation = """
        OnDeviceML cycle-lstm. Input `features` [steps, batch, F]: raw daily features from OnDeviceML's \
        DailyFeatureBuilder, one row per calendar day, time-major. Inside the graph: per-feature normalisation \
        (Sub mean, Div scale), the LSTM stack (zero initial state) and the linear heads at every step. \
        Outputs `<head>_logits` [steps, batch, classes]: raw head outputs; `period_logits` are classes of the \
        correction c = -20...40 days to the calendar's remaining days. Outside the graph (in Swift): building \
        features from the user's history, soft-max/sigmoid, the period quantile added to the calendar, dates and \
        reasoning text.
        """

    static let treesDocumentation = """
        OnDeviceML cycle-gbt. Input `features` [batch, F]: tabular features from OnDeviceML's TabularFeatureBuilder, \
        NaN = missing. Inside the graph: every tree of every head, summed with its base score. Outputs `<head>_raw` \
        [batch, classes]: raw scores before the objective's link, and `<head>_label` (arg-max) for multiclass heads. \
        Outside the graph (in Swift): building features, the link (exp for Poisson, sigmoid, soft-max), the alert \
        offset, dates and reasoning text.
        """
}
