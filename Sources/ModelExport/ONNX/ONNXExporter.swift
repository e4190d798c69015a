import Cycles
import CyclesLab

/// Exports model layouts to ONNX (`.onnx`, an `onnx.ModelProto` written with swift-protobuf).
///
/// - a `RecurrentNetworkLayout` becomes an ONNX `LSTM` graph with linear heads;
/// - a `TreeModelLayout` becomes `ai.onnx.ml` `TreeEnsembleRegressor` / `TreeEnsembleClassifier` nodes.
///
/// The graphs compute the networks' and ensembles' raw outputs from the model's numeric feature
/// tensor, including the LSTM's feature normalisation (`Sub`, `Div`). Feature building from a
/// user's history, soft-max / sigmoid / exp links, quantiles, calibration offsets and reasoning
/// text stay in Swift.
enum ONNXExporter {}
