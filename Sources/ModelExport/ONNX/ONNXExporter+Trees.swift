import BoostedTrees
import Cycles
import CyclesLab
import Foundation

extension ONNXExporter {
    /// The graph of boosted tree ensembles: one `ai.onnx.ml` node per head on the shared
    /// `features` input `[batch, featureCount]`.
    ///
    /// A head with one or two raw scores becomes a `TreeEnsembleRegressor` (`n_targets` =
    /// `classCount`, output `[batch, classCount]`); a head with three or more becomes a
    /// `TreeEnsembleClassifier` whose scores output (`post_transform = NONE`) carries the raw
    /// scores and whose label output (`int64 [batch]`) the arg-max class.
    /// (Two-class heads avoid the classifier because onnxruntime treats them as a binary
    /// special case.) Splits are `BRANCH_LEQ`; `nodes_missing_value_tracks_true` carries
    /// `defaultLeft`, so `NaN` inputs follow the same branch as in OnDeviceML. Leaf values and
    /// base scores are summed in `float` by the runtime.
    /// - Throws: `ModelExportError.encodingFailed` if the model cannot be serialized.
    static func export(_ trees: TreeModelLayout, graphName: String, metadata: [String: String]) throws -> ExportedModel {
        var builder = _GraphBuilder(name: graphName)
        let input = trees.input
        builder.addInput(input)
        for head in trees.heads {
            let nodes = _FlatNodes(head.model.ensemble)
            let leafClasses = nodes.leafTrees.map { Int64(Int($0) % head.classCount) }
            let baseScores = head.model.baseScores.map { Float($0) }
            var attributes = [
                _Attribute.ints("nodes_treeids", nodes.treeIDs), _Attribute.ints("nodes_nodeids", nodes.nodeIDs),
                _Attribute.ints("nodes_featureids", nodes.featureIDs), _Attribute.floats("nodes_values", nodes.thresholds),
                _Attribute.strings("nodes_modes", nodes.modes), _Attribute.ints("nodes_truenodeids", nodes.trueNodeIDs),
                _Attribute.ints("nodes_falsenodeids", nodes.falseNodeIDs),
                _Attribute.ints("nodes_missing_value_tracks_true", nodes.missingTracksTrue),
                _Attribute.floats("base_values", baseScores), _Attribute.string("post_transform", "NONE"),
            ]
            if head.hasLabel {
                attributes += [
                    _Attribute.ints("class_treeids", nodes.leafTrees), _Attribute.ints("class_nodeids", nodes.leafNodes),
                    _Attribute.ints("class_ids", leafClasses), _Attribute.floats("class_weights", nodes.leafValues),
                    _Attribute.ints("classlabels_int64s", (0..<Int64(head.classCount)).map { $0 }),
                ]
                builder.addNode("TreeEnsembleClassifier", name: head.name, inputs: [input.name], outputs: [head.labelName, head.name],
                                domain: _GraphBuilder.machineLearningDomain, attributes: attributes)
            } else {
                attributes += [
                    _Attribute.int("n_targets", Int64(head.classCount)), _Attribute.string("aggregate_function", "SUM"),
                    _Attribute.ints("target_treeids", nodes.leafTrees), _Attribute.ints("target_nodeids", nodes.leafNodes),
                    _Attribute.ints("target_ids", leafClasses), _Attribute.floats("target_weights", nodes.leafValues),
                ]
                builder.addNode("TreeEnsembleRegressor", name: head.name, inputs: [input.name], outputs: [head.name],
                                domain: _GraphBuilder.machineLearningDomain, attributes: attributes)
            }
        }
        for output in trees.outputs { builder.addOutput(output) }
        return try builder.exported(input: input, outputs: trees.outputs, documentation: trees.documentation, metadata: metadata)
    }
}

/// An ensemble's nodes as the parallel attribute lists of the ONNX tree operators, each tree in
/// pre-order. Node ids are tree-relative indices (unique within each tree, as ONNX requires).
struct _FlatNodes {
    var treeIDs: [Int64] = [], nodeIDs: [Int64] = [], featureIDs: [Int64] = [], thresholds: [Float] = []
    var modes: [String] = [], trueNodeIDs: [Int64] = [], falseNodeIDs: [Int64] = [], missingTracksTrue: [Int64] = []
    var leafTrees: [Int64] = [], leafNodes: [Int64] = [], leafValues: [Float] = []

    init(_ ensemble: TreeEnsemble) {
        for tree in 0..<ensemble.treeCount {
            let start = Int(ensemble.treeStarts[tree])
            var stack = [0]
            while let node = stack.popLast() {
                treeIDs.append(Int64(tree))
                nodeIDs.append(Int64(node))
                let split = ensemble.feature[start + node]
                if split >= 0 {
                    featureIDs.append(Int64(split))
                    thresholds.append(ensemble.threshold[start + node])
                    modes.append("BRANCH_LEQ")
                    trueNodeIDs.append(Int64(ensemble.left[start + node]))
                    falseNodeIDs.append(Int64(ensemble.right[start + node]))
                    missingTracksTrue.append(ensemble.defaultLeft[start + node] ? 1 : 0)
                    stack += [Int(ensemble.right[start + node]), Int(ensemble.left[start + node])]
                } else {
                    featureIDs.append(0)
                    thresholds.append(0)
                    modes.append("LEAF")
                    trueNodeIDs.append(0)
                    falseNodeIDs.append(0)
                    missingTracksTrue.append(0)
                    leafTrees.append(Int64(tree))
                    leafNodes.append(Int64(node))
                    leafValues.append(Float(ensemble.value[start + node]))
                }
            }
        }
    }
}
