import Cycles
import CyclesLab
import Foundation
import ModelFiles

/// Exports OnDeviceML models to ONNX, TFLite and Core ML.
///
/// A model file is loaded through `ModelKindRegistry` (its kind's loader gives the typed model:
/// LSTM weights and heads, or tree ensembles); the exporter of each format reads that
/// `ModelLayout`, never the file's tensor names. What a format cannot express (a categorical
/// split, …) is a `ModelExportError.unsupported`, never a silently different model.
///
/// This module sits above `Cycles` and is not part of what an app links: an app runs the model
/// files themselves; exported files are for the apps' platform runtimes (Core ML on iOS,
/// LiteRT on Android, onnxruntime elsewhere).
public enum ModelExporter {
    /// The file of `format` for the model file `file`, and the layout it was exported from.
    /// - Throws: `ModelExportError` for an unknown kind, a kind with nothing to export or what the
    ///   format cannot express; `ModelFileError` when the file does not load through its kind.
    public static func export(_ file: ModelFile, format: ExportFormat,
                              metadata: [String: String] = [:]) throws -> (model: ExportedModel, layout: ModelLayout) {
        guard let kind = ModelKindRegistry.kind(named: file.header.kind) else {
            throw ModelExportError.unknownKind(kind: file.header.kind, known: ModelKindRegistry.kinds.map(\.name))
        }
        let layout = try ModelLayout(kind.load(file))
        return (try export(layout, kind: kind.name, format: format, metadata: metadata), layout)
    }

    /// The file of `format` for `layout`; `kind` names the graph (`cycle-lstm` → `cycle_lstm`).
    /// - Throws: `ModelExportError.nothingToExport` for a built-in predictor, `.unsupported` for what the format
    ///   cannot express, `.encodingFailed` when serialization fails.
    public static func export(_ layout: ModelLayout, kind: String, format: ExportFormat,
                              metadata: [String: String] = [:]) throws -> ExportedModel {
        let graphName = kind.replacingOccurrences(of: "-", with: "_")
        switch layout {
        case .builtIn:
            throw ModelExportError.nothingToExport(kind: kind)
        case let .recurrent(network):
            switch format {
            case .onnx: return try ONNXExporter.export(network, graphName: graphName, metadata: metadata)
            case .tflite: return try TFLiteExporter.export(network, graphName: graphName, metadata: metadata)
            case .coreml: return try CoreMLExporter.export(network, graphName: graphName, metadata: metadata)
            }
        case let .trees(trees):
            try trees.requireNumericalSplits(for: format)
            switch format {
            case .onnx: return try ONNXExporter.export(trees, graphName: graphName, metadata: metadata)
            case .tflite: return try TFLiteExporter.export(trees, graphName: graphName, metadata: metadata)
            case .coreml: return try CoreMLExporter.export(trees, graphName: graphName, metadata: metadata)
            }
        }
    }
}

extension TreeModelLayout {
    /// Throws unless every split is numerical (`x <= threshold`): none of the three formats'
    /// tree encodings here has LightGBM's one-category-left split.
    /// - Throws: `ModelExportError.unsupported` naming the head, tree and node.
    func requireNumericalSplits(for format: ExportFormat) throws {
        for head in heads {
            let ensemble = head.model.ensemble
            guard let node = ensemble.isCategorical.firstIndex(of: true) else { continue }
            let tree = ensemble.treeStarts.lastIndex { Int($0) <= node }!
            throw ModelExportError.unsupported(
                format: format, part: "\(head.name) tree \(tree) node \(node - Int(ensemble.treeStarts[tree]))",
                reason: "a categorical split (feature \(ensemble.feature[node]) == \(ensemble.threshold[node])); export supports numerical splits only")
        }
    }
}
