import ModelFiles

/// Exports OnDeviceML models to ONNX (`.onnx`, an `onnx.ModelProto` written with swift-protobuf).
///
/// - `cycle-lstm` files become an ONNX `LSTM` graph with linear heads (`export(_:graphName:documentation:metadata:)`
///   for an `ONNXRecurrentNetwork`);
/// - `cycle-gbt` files become `ai.onnx.ml` `TreeEnsembleRegressor` / `TreeEnsembleClassifier`
///   nodes (`export(_:graphName:documentation:metadata:)` for an `ONNXTreeModel`).
///
/// The graphs compute the networks' and ensembles' raw outputs from the model's numeric feature
/// tensor, including the LSTM's feature normalisation (`Sub`, `Div`). Feature building from a
/// user's history, soft-max / sigmoid / exp links, quantiles, calibration offsets and reasoning
/// text stay in Swift. See `ONNXExportableModel` for the mapping of each model kind.
///
/// This lives in its own target, above `NeuralNet`, `BoostedTrees` and `Cycles`, rather than in
/// `ModelFiles`: `ModelFiles` is a generic container that depends only on `TensorCore`, and an
/// exporter has to know what the learners' parameters mean (gate order, heads, tree-to-class
/// mapping), so it must sit above them. Its protobuf dependency also stays out of every
/// target that does not export.
public enum ONNXExporter {
    /// Model-file kinds with an exporter.
    public static let supportedKinds = [ONNXExportableModel.cycleLSTMKind, ONNXExportableModel.cycleGBTKind]

    /// The ONNX model for a model file.
    /// - Throws: `ONNXExportError` for an unsupported kind or missing or misshapen sections,
    ///   `SwiftProtobuf.BinaryEncodingError` if serialization fails.
    public static func export(_ file: ModelFile) throws -> ONNXModel {
        try ONNXExportableModel(modelFile: file).exported()
    }
}
